/**
 * The push invitation on the notifications page. It explains first and asks the browser only
 * when the user presses "Turn on" (a user gesture); it stays away when push is unsupported,
 * already decided (granted and subscribed, or blocked) or dismissed on this device.
 */
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { BellIcon, CloseIcon } from '../../../ui/icons.tsx';
import { usePushControls } from '../use-push.ts';

export const PUSH_PROMPT_DISMISSED_KEY = 'push-prompt-dismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function PushPrompt() {
  const push = usePushControls();
  const [dismissed, setDismissed] = useState(readDismissed);

  if (dismissed || push.support !== 'supported' || push.subscribed !== false) return null;
  if (push.permission === 'denied') return null;

  function dismiss(): void {
    setDismissed(true);
    try {
      localStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, 'true');
    } catch {
      // Private mode: it just comes back next time.
    }
  }

  return (
    <section
      aria-labelledby="push-prompt-title"
      className="mb-5 flex items-start gap-3 rounded-2xl border border-accent/30 bg-accent-soft p-4"
    >
      <span className="mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent-solid text-white">
        <BellIcon size={18} />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="push-prompt-title" className="text-sm font-semibold text-fg">
          Get notified when Fanspace is closed
        </h2>
        <p className="mt-0.5 text-sm text-muted">
          Push notifications tell you about new messages, tips and subscribers on this device. Your
          browser will ask for permission; you can turn them off any time in Settings.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" loading={push.busy === 'enable'} onClick={() => void push.enable()}>
            Turn on
          </Button>
          <Button size="sm" variant="ghost" onClick={dismiss}>
            Not now
          </Button>
        </div>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss push notification invitation"
        className="-m-1 rounded-full p-1 text-muted hover:bg-surface-2 hover:text-fg"
      >
        <CloseIcon size={18} />
      </button>
    </section>
  );
}
