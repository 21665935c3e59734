/** The signed-in frame: top bar, sidebar (tablet/laptop) or tab bar (phone), main landmark. */
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAuthStore } from '../../features/auth/store.ts';
import { useUiSettings } from '../../features/settings/store.ts';
import { lazyDialog, useOpenedOnce } from '../../lib/lazy-dialog.ts';
import { LoadingState } from '../../ui/loading-state.tsx';
import { SkipLink } from '../../ui/skip-link.tsx';
import { markInteractive } from '../startup/server-rendered.ts';
import { BottomTabs } from './bottom-tabs.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

// Closed dialogs are not part of the first render: their code loads when first needed (the
// display settings are fetched in the background once the page has loaded; the follow modal
// only ever opens after a first login).
const UiSettingsDialog = lazyDialog(
  () => import('../../features/settings/components/ui-settings-dialog.tsx'),
  'UiSettingsDialog',
);
UiSettingsDialog.preload();
const FollowModal = lazyDialog(
  () => import('../../features/profile/components/follow-modal.tsx'),
  'FollowModal',
);

/**
 * Rendered beside the page, inside its Suspense boundary: its effect runs once the page is the
 * app's – for a server-rendered page, once React has hydrated it (the boundary hydrates last,
 * after the shell) – and from then on the page takes taps (app/startup/server-rendered.ts).
 */
function PageReady() {
  useEffect(() => markInteractive(), []);
  return null;
}

export function AppShell({ children }: { children?: ReactNode }) {
  const [displayOpen, setDisplayOpen] = useState(false);
  const collapsed = useUiSettings((s) => s.sidebarCollapsed);
  const displayOpened = useOpenedOnce(displayOpen);
  const followOpened = useOpenedOnce(useAuthStore((s) => s.isFirstLogin));

  return (
    <div className="min-h-dvh bg-canvas">
      <SkipLink />
      <TopBar onOpenDisplay={() => setDisplayOpen(true)} />
      <div className="mx-auto flex max-w-[1440px]">
        <Sidebar collapsed={collapsed} />
        <main
          id="main-content"
          tabIndex={-1}
          className="pb-tabbar min-w-0 flex-1 px-4 pt-6 outline-none sm:px-6 md:pb-12 lg:px-10 lg:pt-8"
        >
          <Suspense fallback={<LoadingState />}>
            {children ?? <Outlet />}
            <PageReady />
          </Suspense>
        </main>
      </div>
      <BottomTabs />
      {displayOpened ? (
        <Suspense fallback={null}>
          <UiSettingsDialog open={displayOpen} onClose={() => setDisplayOpen(false)} />
        </Suspense>
      ) : null}
      {followOpened ? (
        <Suspense fallback={null}>
          <FollowModal />
        </Suspense>
      ) : null}
    </div>
  );
}
