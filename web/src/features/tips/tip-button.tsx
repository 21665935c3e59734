/** "Tip" on a creator's post or profile: hidden when signed out, on yourself and on non-creators. */
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { GiftIcon } from '../../ui/icons.tsx';
import { useAuthStore } from '../auth/store.ts';
import { isCreatorUser, userIdOf } from '../auth/user.ts';
import { TipDialog, type TipTarget } from './tip-dialog.tsx';

export function TipButton({
  recipient,
  tipType,
  contentId,
  appearance = 'button',
  className,
}: TipTarget & { appearance?: 'button' | 'action'; className?: string }) {
  const me = useAuthStore((s) => s.user);
  const [open, setOpen] = useState(false);
  const meId = userIdOf(me);
  if (!meId || meId === recipient.id || !isCreatorUser(recipient)) return null;
  const label = `Tip @${recipient.username}`;

  return (
    <>
      {appearance === 'action' ? (
        <button
          type="button"
          aria-label={label}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          className={cn(
            'inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg',
            className,
          )}
        >
          <GiftIcon size={19} />
          <span className="max-sm:sr-only">Tip</span>
        </button>
      ) : (
        <Button
          variant="secondary"
          aria-label={label}
          aria-haspopup="dialog"
          icon={<GiftIcon size={16} />}
          onClick={() => setOpen(true)}
          className={className}
        >
          <span className="sr-only sm:not-sr-only">Tip</span>
        </Button>
      )}
      {open ? (
        <TipDialog
          open={open}
          onClose={() => setOpen(false)}
          recipient={recipient}
          tipType={tipType}
          contentId={contentId}
        />
      ) : null}
    </>
  );
}
