import { Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { SessionExpiredBanner } from '../features/auth/components/session-expired-banner.tsx';
import { SessionExpiryDialog } from '../features/auth/components/session-expiry-dialog.tsx';
import { BecomeCreatorModal } from '../features/creator/components/become-creator-modal.tsx';
import { useAuthStore } from '../features/auth/store.ts';
import { usePageSettled } from '../lib/idle.ts';
import { LoadingState } from '../ui/loading-state.tsx';
import { lazyPage } from './lazy-page.ts';

// realtime (and the chat and notification stores behind it) only matters once signed in:
// visitors on /login never download it (docs/PERFORMANCE.md, the 150 KB budget)
const RealtimeBridge = lazyPage(() => import('./realtime-bridge.ts'), 'RealtimeBridge');

/**
 * Realtime connects once the page has loaded, its first queries have come back and the main
 * thread is idle (at most 3 s later: lib/idle.ts): the bridge's code, its socket and the chat
 * and notification requests it makes stay off the first page's critical path on a slow phone
 * (docs/PERFORMANCE.md, "Critical path pass"). The page's own queries fetch fresh data; what
 * realtime would have said meanwhile is caught up by its `ready` checks.
 */
function DeferredRealtime() {
  const settled = usePageSettled();
  return settled ? (
    <Suspense fallback={null}>
      <RealtimeBridge />
    </Suspense>
  ) : null;
}

/**
 * Every full page load starts with location key "default", so keying by it alone would carry
 * one page's scroll position over to whatever URL is opened next in the tab.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `path:${location.pathname}` : location.key;
}

/**
 * Everything every route shares: session banners and dialogs, the become-creator modal,
 * realtime, scroll restoration.
 */
export function RootLayout() {
  const signedIn = useAuthStore((s) => s.authReady && s.isAuthenticated);
  return (
    <>
      {signedIn && <DeferredRealtime />}
      <SessionExpiredBanner />
      <Suspense fallback={<LoadingState fullPage />}>
        <Outlet />
      </Suspense>
      <SessionExpiryDialog />
      <BecomeCreatorModal />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
