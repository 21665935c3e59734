/**
 * The back office under /admin: its own layout and route tree, loaded as a separate chunk so
 * fans and creators never download it.
 */
import type { ComponentType } from 'react';
import { Link, NavLink, Route, Routes } from 'react-router';
import { useAuthStore } from '../features/auth/store.ts';
import { isAdminUser } from '../features/auth/user.ts';
import { NotFoundPage } from '../app/pages/not-found-page.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { ArrowLeftIcon, ShieldIcon } from '../ui/icons.tsx';
import { ErrorState } from '../ui/error-state.tsx';
import { Logo } from '../ui/logo.tsx';
import { SkipLink } from '../ui/skip-link.tsx';
import { ActivityPage } from './pages/activity-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { EarningsPage } from './pages/earnings-page.tsx';
import { GrowthPage } from './pages/growth-page.tsx';
import { LogsPage } from './pages/logs-page.tsx';
import { PostsPage } from './pages/posts-page.tsx';
import { ReportsPage } from './pages/reports-page.tsx';
import { SettingsPage } from './pages/settings-page.tsx';
import { SupportPage } from './pages/support-page.tsx';
import { TransactionsPage } from './pages/transactions-page.tsx';
import { UsersPage } from './pages/users-page.tsx';
import { VerificationsPage } from './pages/verifications-page.tsx';
import { WaitlistPage } from './pages/waitlist-page.tsx';
import { CommunityPage } from './pages/community-page.tsx';
import { SuggestionsPage } from './pages/suggestions-page.tsx';
import { ADMIN_SECTIONS } from './sections.ts';

/** The page of each section of sections.ts, by path. */
const SECTION_PAGES: Record<string, ComponentType> = {
  '': DashboardPage,
  users: UsersPage,
  reports: ReportsPage,
  verifications: VerificationsPage,
  posts: PostsPage,
  transactions: TransactionsPage,
  growth: GrowthPage,
  earnings: EarningsPage,
  activity: ActivityPage,
  settings: SettingsPage,
  waitlist: WaitlistPage,
  support: SupportPage,
  logs: LogsPage,
  community: CommunityPage,
  suggestions: SuggestionsPage,
};

function AdminNav() {
  return (
    <nav
      aria-label="Admin sections"
      className="border-b border-line md:w-64 md:shrink-0 md:border-r md:border-b-0"
    >
      <ul className="flex gap-1 overflow-x-auto p-3 md:flex-col">
        {ADMIN_SECTIONS.map(({ path, label, icon: Icon }) => (
          <li key={path} className="shrink-0">
            <NavLink
              to={path === '' ? '/admin' : `/admin/${path}`}
              end={path === ''}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center gap-3 rounded-xl px-3 text-sm font-medium whitespace-nowrap',
                  isActive
                    ? 'bg-accent-soft text-accent-text'
                    : 'text-muted hover:bg-surface-2 hover:text-fg',
                )
              }
            >
              <Icon size={18} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminApp() {
  const user = useAuthStore((s) => s.user);

  if (!isAdminUser(user)) {
    return (
      <div className="flex min-h-dvh items-center justify-center p-6">
        <div className="flex w-full max-w-md flex-col items-center gap-4">
          <ErrorState
            className="w-full"
            title="Admins only"
            message="The back office is only for Fanspace admins. Your account does not have admin access."
          />
          <ButtonLink to="/" variant="secondary" icon={<ArrowLeftIcon size={16} />}>
            Back to Fanspace
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className="min-h-dvh bg-canvas">
      <SkipLink />
      <header className="sticky top-0 z-40 flex h-16 items-center justify-between gap-4 border-b border-line bg-canvas/90 px-4 backdrop-blur">
        <div className="flex items-center gap-3">
          <Logo />
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-text">
            <ShieldIcon size={14} /> Admin
          </span>
        </div>
        <ButtonLink
          to="/"
          variant="ghost"
          size="sm"
          icon={<ArrowLeftIcon size={16} />}
          aria-label="Back to Fanspace"
        >
          <span className="hidden sm:inline">Back to Fanspace</span>
        </ButtonLink>
      </header>
      <div className="md:flex md:min-h-[calc(100dvh-4rem)]">
        <AdminNav />
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-8">
          {user && user.twoFactorEnabled === false ? (
            <p
              role="alert"
              className="mb-6 rounded-2xl border border-line bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
            >
              Admin tools need two-factor authentication.{' '}
              <Link to="/settings/security" className="underline">
                Turn it on in Settings → Security
              </Link>
              , then sign in again.
            </p>
          ) : null}
          <Routes>
            {ADMIN_SECTIONS.map((section) => {
              const SectionPage = SECTION_PAGES[section.path];
              if (!SectionPage) return null;
              return section.path === '' ? (
                <Route key="index" index element={<SectionPage />} />
              ) : (
                <Route key={section.path} path={section.path} element={<SectionPage />} />
              );
            })}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}
