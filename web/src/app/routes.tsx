/**
 * The route tree. Every page is its own lazy chunk. Public paths (spec §2) sit at the top
 * level; everything else is behind RequireAuth, which shows the landing page to visitors on /
 * and sends them to / from any other private path after 1 second.
 */
import type { RouteObject } from 'react-router';
import { AppShell } from './layout/app-shell.tsx';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

const LandingPage = lazyPage(
  () => import('../features/home/pages/landing-page.tsx'),
  'LandingPage',
);
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
const SignupPage = lazyPage(() => import('../features/auth/pages/signup-page.tsx'), 'SignupPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const TermsPage = lazyPage(() => import('../features/legal/pages/terms-page.tsx'), 'TermsPage');
const PrivacyPage = lazyPage(
  () => import('../features/legal/pages/privacy-page.tsx'),
  'PrivacyPage',
);
const FeedPage = lazyPage(() => import('../features/feed/pages/feed-page.tsx'), 'FeedPage');
const DiscoverPage = lazyPage(
  () => import('../features/discover/pages/discover-page.tsx'),
  'DiscoverPage',
);
const CreatePage = lazyPage(() => import('../features/create/pages/create-page.tsx'), 'CreatePage');
const MessagesPage = lazyPage(
  () => import('../features/messages/pages/messages-page.tsx'),
  'MessagesPage',
);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/pages/notifications-page.tsx'),
  'NotificationsPage',
);
const WalletPage = lazyPage(() => import('../features/wallet/pages/wallet-page.tsx'), 'WalletPage');
const ProfilePage = lazyPage(
  () => import('../features/profile/pages/profile-page.tsx'),
  'ProfilePage',
);
const SettingsPage = lazyPage(
  () => import('../features/settings/pages/settings-page.tsx'),
  'SettingsPage',
);
const BetaPage = lazyPage(() => import('../features/beta/pages/beta-page.tsx'), 'BetaPage');
const AdminApp = lazyPage(() => import('../admin/admin-app.tsx'), 'AdminApp');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      {
        path: 'admin/*',
        element: (
          <RequireAuth>
            <AdminApp />
          </RequireAuth>
        ),
      },
      {
        element: (
          <RequireAuth visitorFallback={<LandingPage />}>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <FeedPage /> },
          { path: 'discover', element: <DiscoverPage /> },
          { path: 'create', element: <CreatePage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'messages/:chatId', element: <MessagesPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'wallet', element: <WalletPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'profile/:username', element: <ProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'beta/*', element: <BetaPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
