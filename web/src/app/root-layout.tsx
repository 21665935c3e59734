import { Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { SessionExpiredBanner } from '../features/auth/components/session-expired-banner.tsx';
import { SessionExpiryDialog } from '../features/auth/components/session-expiry-dialog.tsx';
import { BecomeCreatorModal } from '../features/creator/components/become-creator-modal.tsx';
import { useAuthStore } from '../features/auth/store.ts';
import { LoadingState } from '../ui/loading-state.tsx';
import { lazyPage } from './lazy-page.ts';

// realtime (and the chat and notification stores behind it) only matters once signed in:
// visitors on /login never download it (docs/PERFORMANCE.md, the 150 KB budget)
const RealtimeBridge = lazyPage(() => import('./realtime-bridge.ts'), 'RealtimeBridge');

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
      {signedIn && (
        <Suspense fallback={null}>
          <RealtimeBridge />
        </Suspense>
      )}
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
