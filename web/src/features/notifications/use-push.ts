/** State and actions for the push controls (notifications page prompt, settings card). */
import { useCallback, useEffect, useState } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { sendTestPush } from './notifications-api.ts';
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  PUSH_MESSAGES,
  PushError,
  pushPermission,
  pushSupport,
  type PushPermission,
  type PushSupport,
} from './push.ts';

export const PUSH_TOASTS = {
  enabled: 'Push notifications turned on.',
  disabled: 'Push notifications turned off.',
  disableFailed: 'Could not turn off push notifications.',
  testSent: 'Test notification sent. It should appear in a moment.',
  testFailed: 'Could not send a test notification.',
  testGone: 'This device is no longer subscribed. Turn push notifications on again.',
} as const;

export interface PushControls {
  support: PushSupport;
  permission: PushPermission;
  /** null while the browser is being asked. */
  subscribed: boolean | null;
  busy: 'enable' | 'disable' | 'test' | null;
  enable(): Promise<boolean>;
  disable(): Promise<void>;
  sendTest(): Promise<void>;
}

export function usePushControls(): PushControls {
  const [support] = useState(pushSupport);
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [subscribed, setSubscribed] = useState<boolean | null>(
    support === 'supported' ? null : false,
  );
  const [busy, setBusy] = useState<PushControls['busy']>(null);

  useEffect(() => {
    if (support !== 'supported') return undefined;
    let live = true;
    currentPushSubscription()
      .then((s) => live && setSubscribed(s !== null))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [support]);

  const enable = useCallback(async () => {
    setBusy('enable');
    try {
      await enablePush();
      setSubscribed(true);
      toast.success(PUSH_TOASTS.enabled);
      return true;
    } catch (error) {
      const message = error instanceof PushError ? error.message : PUSH_MESSAGES.failed;
      if (error instanceof PushError && error.reason === 'dismissed') toast.info(message);
      else toast.error(message);
      return false;
    } finally {
      setPermission(pushPermission());
      setBusy(null);
    }
  }, []);

  const disable = useCallback(async () => {
    setBusy('disable');
    try {
      await disablePush();
      setSubscribed(false);
      toast.success(PUSH_TOASTS.disabled);
    } catch (error) {
      toast.error(errorMessageOf(error, PUSH_TOASTS.disableFailed));
    } finally {
      setBusy(null);
    }
  }, []);

  const sendTest = useCallback(async () => {
    setBusy('test');
    try {
      const result = await sendTestPush();
      if (result.sent > 0) toast.success(PUSH_TOASTS.testSent);
      else if (result.removed > 0) {
        // The push service says this subscription is gone: offer to turn push on again.
        setSubscribed(false);
        toast.error(PUSH_TOASTS.testGone);
      } else toast.error(PUSH_TOASTS.testFailed);
    } catch (error) {
      toast.error(errorMessageOf(error, PUSH_TOASTS.testFailed));
    } finally {
      setBusy(null);
    }
  }, []);

  return { support, permission, subscribed, busy, enable, disable, sendTest };
}
