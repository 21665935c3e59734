import { useEffect } from 'react';
import { AlertIcon } from '../../../ui/icons/frame-icons.tsx';
import { useAuthStore } from '../store.ts';

export const SESSION_BANNER_MS = 5_000;
export const IDLE_BANNER_TEXT = 'Session expired due to inactivity. Please log in again.';

/** Red banner after an idle logout; hides itself after 5 seconds (spec §2/§9). */
export function SessionExpiredBanner() {
  const endedBecause = useAuthStore((s) => s.endedBecause);
  const clear = useAuthStore((s) => s.clearEndedReason);
  const visible = endedBecause === 'idle';

  useEffect(() => {
    if (!visible) return undefined;
    const timer = setTimeout(clear, SESSION_BANNER_MS);
    return () => clearTimeout(timer);
  }, [visible, clear]);

  if (!visible) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-0 top-0 z-[70] flex items-center justify-center gap-2 bg-red-600 px-4 py-3 text-center text-sm font-semibold text-white shadow-lg"
    >
      <AlertIcon size={18} />
      {IDLE_BANNER_TEXT}
    </div>
  );
}
