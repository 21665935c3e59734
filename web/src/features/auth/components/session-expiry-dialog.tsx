import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useIdleSession } from '../use-idle-session.ts';

/** The idle warning of spec §2/§4, with 'Stay Logged In' and 'Logout'. */
export function SessionExpiryDialog() {
  const { warningOpen, stayLoggedIn, logoutNow } = useIdleSession();
  return (
    <Dialog
      open={warningOpen}
      onClose={stayLoggedIn}
      role="alertdialog"
      title="Are you still there?"
      description="You have been inactive for a while. For your security you will be logged out in 5 minutes."
      footer={
        // 'Stay Logged In' comes first so it takes the focus: a key pressed by someone coming
        // back to the keyboard must not log them out. 'Logout' is still shown on its left.
        <>
          <Button onClick={stayLoggedIn}>Stay Logged In</Button>
          <Button variant="ghost" className="order-first" onClick={logoutNow}>
            Logout
          </Button>
        </>
      }
    />
  );
}
