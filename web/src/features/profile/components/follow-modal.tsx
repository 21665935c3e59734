import { useEffect, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { SuggestedCreators } from './suggested-creators.tsx';

/** Spec §2/§9: the follow modal appears 1 second after a first login. */
export const FOLLOW_MODAL_DELAY_MS = 1_000;

/** showFollowModal: opens 1 s after a first login by a non-creator (spec §2). */
export function FollowModal() {
  const isFirstLogin = useAuthStore((s) => s.isFirstLogin);
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  const creator = useAuthStore((s) => isCreatorUser(s.user));
  const acknowledge = useAuthStore((s) => s.acknowledgeFirstLogin);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!isFirstLogin || !signedIn || creator) return undefined;
    const timer = setTimeout(() => setOpen(true), FOLLOW_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isFirstLogin, signedIn, creator]);

  function close(): void {
    setOpen(false);
    acknowledge();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Creators you might like"
      description="Follow a few creators to fill your feed. You can always find more in Discover."
      footer={<Button onClick={close}>Done</Button>}
    >
      {open ? <SuggestedCreators onNavigate={close} /> : null}
    </Dialog>
  );
}
