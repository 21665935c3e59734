/** Settings → Notifications → Push: turn push on or off on this device and send a test. */
import { Button } from '../../../ui/button.tsx';
import { usePushControls } from '../use-push.ts';
import { PUSH_MESSAGES } from '../push.ts';

export function PushSettings() {
  const push = usePushControls();

  let status: string;
  if (push.support === 'unsupported') status = PUSH_MESSAGES.unsupported;
  else if (push.support === 'insecure') status = PUSH_MESSAGES.insecure;
  else if (push.permission === 'denied') status = PUSH_MESSAGES.denied;
  else if (push.subscribed === null) status = 'Checking this device…';
  else if (push.subscribed) status = 'Push notifications are on for this device.';
  else status = 'Push notifications are off for this device.';

  const available = push.support === 'supported' && push.permission !== 'denied';

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted" role="status" aria-live="polite">
        {status}
      </p>
      {available ? (
        <div className="flex flex-wrap gap-2">
          {push.subscribed ? (
            <>
              <Button
                variant="outline"
                loading={push.busy === 'disable'}
                disabled={push.busy !== null}
                onClick={() => void push.disable()}
              >
                Turn off push notifications
              </Button>
              <Button
                variant="secondary"
                loading={push.busy === 'test'}
                disabled={push.busy !== null}
                onClick={() => void push.sendTest()}
              >
                Send test notification
              </Button>
            </>
          ) : (
            <Button
              loading={push.busy === 'enable'}
              disabled={push.busy !== null || push.subscribed === null}
              onClick={() => void push.enable()}
            >
              Turn on push notifications
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
