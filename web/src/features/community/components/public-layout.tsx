import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from '../../../ui/cn.ts';
import { Logo } from '../../../ui/logo.tsx';
import { SkipLink } from '../../../ui/skip-link.tsx';

/** The public pages of the footer, in footer order. */
export const COMMUNITY_LINKS = [
  { to: '/roadmap', label: 'Roadmap' },
  { to: '/team', label: 'Team' },
  { to: '/contact', label: 'Contact' },
  { to: '/dmca', label: 'Report copyright' },
] as const;

/** Footer links to the community pages (landing page, sidebar). */
export function CommunityFooterLinks({ className }: { className?: string }) {
  return (
    <>
      {COMMUNITY_LINKS.map((link) => (
        <Link key={link.to} to={link.to} className={cn('hover:text-fg', className)}>
          {link.label}
        </Link>
      ))}
    </>
  );
}

/** Frame of the public community pages: works signed in or not, no app shell. */
export function PublicLayout({
  title,
  intro,
  children,
}: {
  /** the page's h1; leave out when the content brings its own */
  title?: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-canvas">
      <SkipLink />
      <header className="border-b border-line">
        <div className="mx-auto flex min-h-16 max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-2 sm:px-6">
          <Link to="/" aria-label="Fanspace home" className="flex rounded-xl">
            <Logo />
          </Link>
          <nav aria-label="Community" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            {COMMUNITY_LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) =>
                  cn('hover:text-fg', isActive && 'font-semibold text-fg')
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto max-w-4xl px-4 py-10 outline-none sm:px-6"
      >
        {title ? (
          <h1 className="font-display text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
            {title}
          </h1>
        ) : null}
        {intro ? <div className="mt-3 text-lg leading-relaxed text-muted">{intro}</div> : null}
        <div className={title ? 'mt-8' : undefined}>{children}</div>
      </main>
      <footer className="border-t border-line">
        <nav
          aria-label="Legal"
          className="mx-auto flex max-w-4xl flex-wrap gap-5 px-4 py-6 text-sm text-subtle sm:px-6"
        >
          <Link to="/terms" className="hover:text-fg">
            Terms
          </Link>
          <Link to="/privacy" className="hover:text-fg">
            Privacy
          </Link>
        </nav>
      </footer>
    </div>
  );
}
