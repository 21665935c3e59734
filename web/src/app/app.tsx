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

const router = createBrowserRouter(routes);
registerNavigator((to, options) => {
  void router.navigate(to, options);
});

export function App() {
  // Suspends (main.tsx shows the spinner) until storage is migrated and stores are hydrated,
  // so the first frame already has the user's theme and session.
  use(bootstrap());
  useApplyUiSettings();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
