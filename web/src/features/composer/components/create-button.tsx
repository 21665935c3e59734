/**
 * The top bar's "Create": the composer dialog for creators; for everyone else the
 * become-creator modal (or its 'verification pending' form) of the creator gate.
 */
import { Button } from '../../../ui/button.tsx';
import { PlusIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { useCreatorGate } from '../../creator/creator-gate.ts';
import { useComposerModal } from '../store.ts';
import { ComposerDialog } from './composer-dialog.tsx';

export function CreateButton({ className }: { className?: string }) {
  const user = useAuthStore((s) => s.user);
  const show = useComposerModal((s) => s.show);
  const gate = useCreatorGate((s) => s.show);

  function open(): void {
    if (isCreatorUser(user)) show();
    else gate(user?.identityStatus === 'pending' ? 'pending' : 'become');
  }

  return (
    <>
      <Button
        size="sm"
        icon={<PlusIcon size={18} strokeWidth={2.4} />}
        onClick={open}
        className={className}
      >
        Create
      </Button>
      <ComposerDialog />
    </>
  );
}
