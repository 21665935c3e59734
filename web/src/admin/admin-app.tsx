/**
 * The back office under /admin: its own layout and route tree, loaded as a separate chunk so
 * fans and creators never download it.
 */
import { NavLink, Route, Routes } from 'react-router';
import { useAuthStore } from '../features/auth/store.ts';
import { isAdminUser } from '../features/auth/user.ts';
import { NotFoundPage } from '../app/pages/not-found-page.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { ArrowLeftIcon, ShieldIcon } from '../ui/icons.tsx';
import { ErrorState } from '../ui/error-state.tsx';
import { Logo } from '../ui/logo.tsx';
import { SkipLink } from '../ui/skip-link.tsx';
import { AdminSectionPage } from './pages/admin-section-page.tsx';
import { ADMIN_SECTIONS } from './sections.ts';

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
        <ErrorState
          className="w-full max-w-md"
          title="Admin access required"
          message="Your account does not have access to the back office."
        />
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
        <ButtonLink to="/" variant="ghost" size="sm" icon={<ArrowLeftIcon size={16} />}>
          Back to Fanspace
        </ButtonLink>
      </header>
      <div className="md:flex">
        <AdminNav />
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-8">
          <Routes>
            {ADMIN_SECTIONS.map((section) =>
              section.path === '' ? (
                <Route key="index" index element={<AdminSectionPage section={section} />} />
              ) : (
                <Route
                  key={section.path}
                  path={section.path}
                  element={<AdminSectionPage section={section} />}
                />
              ),
            )}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}
