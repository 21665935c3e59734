/** The main application, loaded lazily by main.tsx. */
import { QueryClientProvider } from '@tanstack/react-query';
import { use } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useApplyUiSettings } from '../features/settings/apply-ui-settings.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { Toaster } from '../ui/toast/toaster.tsx';
import { bootstrap } from './bootstrap.ts';

export { firstDataSettled } from './bootstrap.ts';
import { routes } from './routes.tsx';

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The router, made on first use rather than when this module is evaluated: ranking ~100 routes
 * and matching the URL is a few milliseconds (four times that on a slow phone) that start-up
 * runs as a task of its own before it hydrates a server-rendered page (docs/PERFORMANCE.md,
 * "Server-rendered first view").
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  if (!router) {
    router = createBrowserRouter(routes);
    const created = router;
    registerNavigator((to, options) => {
      void created.navigate(to, options);
    });
  }
  return router;
}

export function App() {
  // Suspends (main.tsx shows the spinner) until storage is migrated and stores are hydrated,
  // so the first frame already has the user's theme and session.
  use(bootstrap());
  useApplyUiSettings();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
      <Toaster />
    </QueryClientProvider>
  );
}
