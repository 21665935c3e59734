/**
 * The top bar's "Create": the composer dialog for creators; for everyone else the
 * become-creator modal (or its 'verification pending' form) of the creator gate.
 */
import { Suspense } from 'react';
import { lazyDialog, useOpenedOnce } from '../../../lib/lazy-dialog.ts';
import { Button } from '../../../ui/button.tsx';
import { PlusIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { useCreatorGate } from '../../creator/creator-gate.ts';
import { useComposerModal } from '../store.ts';

// the composer (form, media vault, scheduler, templates) loads when first opened, not with
// every page's top bar; it is fetched in the background once the page has loaded
const ComposerDialog = lazyDialog(() => import('./composer-dialog.tsx'), 'ComposerDialog');
ComposerDialog.preload();

export function CreateButton({ className }: { className?: string }) {
  const user = useAuthStore((s) => s.user);
  const show = useComposerModal((s) => s.show);
  const gate = useCreatorGate((s) => s.show);
  const opened = useOpenedOnce(useComposerModal((s) => s.open));

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
      {opened ? (
        <Suspense fallback={null}>
          <ComposerDialog />
        </Suspense>
      ) : null}
    </>
  );
}
