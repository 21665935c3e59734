/**
 * The route tree. Every page is its own lazy chunk. Public paths (spec §2) sit at the top
 * level; everything else is behind RequireAuth, which shows the landing page to visitors on /
 * and sends them to / from any other private path after 1 second.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { RequireAuth, ShellOrPublic } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

const LandingPage = lazyPage(
  () => import('../features/home/pages/landing-page.tsx'),
  'LandingPage',
);
// the signed-in shell (sidebar, top bar, composer, messages badge…) is a chunk of its own, so
// the public pages (/login: <= 150 KB of gzipped JS, docs/PERFORMANCE.md) never download it
const AppShell = lazyPage(() => import('./layout/app-shell.tsx'), 'AppShell');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
const SignupPage = lazyPage(() => import('../features/auth/pages/signup-page.tsx'), 'SignupPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/verify-email-page.tsx'),
  'VerifyEmailPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const OnboardingPage = lazyPage(
  () => import('../features/onboarding/pages/onboarding-page.tsx'),
  'OnboardingPage',
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
const ProPackPage = lazyPage(
  () => import('../features/pro-pack/pages/pro-pack-page.tsx'),
  'ProPackPage',
);
const EarningsPage = lazyPage(
  () => import('../features/earnings/pages/earnings-page.tsx'),
  'EarningsPage',
);
const ReferralsPage = lazyPage(
  () => import('../features/referrals/pages/referrals-page.tsx'),
  'ReferralsPage',
);
const ProfilePage = lazyPage(
  () => import('../features/profile/pages/profile-page.tsx'),
  'ProfilePage',
);
const ProfileRedirect = lazyPage(
  () => import('../features/profile/pages/profile-page.tsx'),
  'ProfileRedirect',
);
const SettingsPage = lazyPage(
  () => import('../features/settings/pages/settings-page.tsx'),
  'SettingsPage',
);
const PostPage = lazyPage(() => import('../features/posts/pages/post-page.tsx'), 'PostPage');
const PurchasedPage = lazyPage(
  () => import('../features/posts/pages/purchased-page.tsx'),
  'PurchasedPage',
);
const SearchPage = lazyPage(() => import('../features/search/pages/search-page.tsx'), 'SearchPage');
const HashtagPage = lazyPage(
  () => import('../features/search/pages/hashtag-page.tsx'),
  'HashtagPage',
);
const VaultPage = lazyPage(
  () => import('../features/media-vault/pages/vault-page.tsx'),
  'VaultPage',
);
const FollowersPage = lazyPage(
  () => import('../features/people/pages/connections-page.tsx'),
  'FollowersPage',
);
const FollowingPage = lazyPage(
  () => import('../features/people/pages/connections-page.tsx'),
  'FollowingPage',
);
const BetaPage = lazyPage(() => import('../features/beta/pages/beta-page.tsx'), 'BetaPage');
const SubscriptionsPage = lazyPage(
  () => import('../features/subscriptions/pages/subscriptions-page.tsx'),
  'SubscriptionsPage',
);
const ReleasesPage = lazyPage(
  () => import('../features/releases/pages/releases-page.tsx'),
  'ReleasesPage',
);
const ConsentPage = lazyPage(
  () => import('../features/releases/pages/consent-page.tsx'),
  'ConsentPage',
);
const SupportPage = lazyPage(
  () => import('../features/support/pages/support-page.tsx'),
  'SupportPage',
);
const SupportTicketPage = lazyPage(
  () => import('../features/support/pages/ticket-page.tsx'),
  'SupportTicketPage',
);
const SchedulerPage = lazyPage(
  () => import('../features/scheduler/pages/scheduler-page.tsx'),
  'SchedulerPage',
);
const CommunitiesPage = lazyPage(
  () => import('../features/communities/pages/communities-page.tsx'),
  'CommunitiesPage',
);
const CommunityPage = lazyPage(
  () => import('../features/communities/pages/community-page.tsx'),
  'CommunityPage',
);
const ReelsPage = lazyPage(() => import('../features/reels/pages/reels-page.tsx'), 'ReelsPage');
const ProductionsPage = lazyPage(
  () => import('../features/productions/pages/productions-page.tsx'),
  'ProductionsPage',
);
const CollaborationsPage = lazyPage(
  () => import('../features/creator-kit/collaborations-page.tsx'),
  'CollaborationsPage',
);
const AnalyticsPage = lazyPage(
  () => import('../features/analytics/pages/analytics-page.tsx'),
  'AnalyticsPage',
);
const AdminApp = lazyPage(() => import('../admin/admin-app.tsx'), 'AdminApp');
const RoadmapPage = lazyPage(
  () => import('../features/community/pages/roadmap-page.tsx'),
  'RoadmapPage',
);
const TeamPage = lazyPage(() => import('../features/community/pages/team-page.tsx'), 'TeamPage');
const ContactPage = lazyPage(
  () => import('../features/community/pages/contact-page.tsx'),
  'ContactPage',
);
const DmcaPage = lazyPage(() => import('../features/community/pages/dmca-page.tsx'), 'DmcaPage');
const SuggestionsPage = lazyPage(
  () => import('../features/community/pages/suggestions-page.tsx'),
  'SuggestionsPage',
);
const CreatorToolsPage = lazyPage(
  () => import('../features/commerce/pages/creator-tools-page.tsx'),
  'CreatorToolsPage',
);
const ClaimPage = lazyPage(() => import('../features/commerce/pages/claim-page.tsx'), 'ClaimPage');
const PublicClaimPage = lazyPage(
  () => import('../features/commerce/pages/claim-page.tsx'),
  'PublicClaimPage',
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      // Opened from mails: they work whether or not someone is signed in.
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      // A co-performer's consent link: works without an account.
      { path: 'releases/consent/:token', element: <ConsentPage /> },
      // Community pages linked from the footer: public, signed in or not.
      { path: 'roadmap', element: <RoadmapPage /> },
      { path: 'team', element: <TeamPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'dmca', element: <DmcaPage /> },
      // A promotion claim link: the offer inside the app when signed in, public otherwise.
      {
        path: 'promotions/claim/:token',
        element: <ShellOrPublic visitor={<PublicClaimPage />} shell={<AppShell />} />,
        children: [{ index: true, element: <ClaimPage /> }],
      },
      {
        path: 'onboarding',
        element: (
          <RequireAuth>
            <OnboardingPage />
          </RequireAuth>
        ),
      },
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
          { path: 'pro-pack', element: <ProPackPage /> },
          { path: 'earnings', element: <EarningsPage /> },
          { path: 'referrals', element: <ReferralsPage /> },
          { path: 'u/:username', element: <ProfilePage /> },
          { path: 'u/:username/followers', element: <FollowersPage /> },
          { path: 'u/:username/following', element: <FollowingPage /> },
          { path: 'p/:postId', element: <PostPage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'tags/:tag', element: <HashtagPage /> },
          { path: 'vault', element: <VaultPage /> },
          { path: 'releases', element: <ReleasesPage /> },
          { path: 'subscriptions', element: <SubscriptionsPage /> },
          { path: 'purchased', element: <PurchasedPage /> },
          { path: 'profile', element: <ProfileRedirect /> },
          { path: 'profile/:username', element: <ProfileRedirect /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'settings/:section', element: <SettingsPage /> },
          { path: 'beta/*', element: <BetaPage /> },
          { path: 'support', element: <SupportPage /> },
          { path: 'support/:ticketId', element: <SupportTicketPage /> },
          { path: 'scheduler', element: <SchedulerPage /> },
          { path: 'suggestions', element: <SuggestionsPage /> },
          { path: 'creator-tools', element: <CreatorToolsPage /> },
          { path: 'communities', element: <CommunitiesPage /> },
          { path: 'communities/:communityId', element: <CommunityPage /> },
          { path: 'reels', element: <ReelsPage /> },
          { path: 'productions', element: <ProductionsPage /> },
          { path: 'collaborations', element: <CollaborationsPage /> },
          { path: 'analytics', element: <AnalyticsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
