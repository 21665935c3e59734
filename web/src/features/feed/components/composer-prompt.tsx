import { Card } from '../../../ui/card.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { ImageIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf } from '../../auth/user.ts';
import { useComposerModal } from '../../composer/store.ts';

/** "Share something…": opens the composer dialog for creators. */
export function ComposerPrompt() {
  const user = useAuthStore((s) => s.user);
  const open = useComposerModal((s) => s.show);
  const name = displayNameOf(user);
  return (
    <Card className="mb-6 flex items-center gap-3 p-3 pl-4">
      <Avatar name={name} src={avatarUrlOf(user)} size={40} />
      <button
        type="button"
        onClick={open}
        className="flex h-11 min-w-0 flex-1 items-center rounded-full bg-surface-2 px-4 text-left text-sm text-subtle hover:bg-surface-3"
      >
        <span className="truncate">Share something with your fans…</span>
      </button>
      <button
        type="button"
        onClick={open}
        aria-label="Add photo or video"
        className="flex h-11 w-11 items-center justify-center rounded-full text-accent-text hover:bg-accent-soft"
      >
        <ImageIcon size={22} />
      </button>
    </Card>
  );
}
