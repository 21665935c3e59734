/** Split layout for login/signup: a brand panel on laptops, just the form on phones. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircleIcon } from '../../../ui/icons/frame-icons.tsx';
import { Logo } from '../../../ui/logo.tsx';
import { SkipLink } from '../../../ui/skip-link.tsx';

export { FormError } from '../../../ui/form-error.tsx';

const POINTS = [
  'Subscriptions, paid posts and tips in one place',
  'Direct messages with unlockable media',
  'Your server, your data – export it any time',
];

export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh bg-canvas">
      <SkipLink />
      <aside className="relative hidden w-[44%] max-w-[640px] overflow-hidden border-r border-line lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(120%_80%_at_0%_0%,var(--fs-accent-soft),transparent_60%),radial-gradient(90%_60%_at_100%_100%,rgb(236_72_153/0.14),transparent_60%)]"
        />
        <Link to="/" className="relative flex w-fit rounded-xl">
          <Logo />
        </Link>
        <div className="relative">
          <p className="font-display text-4xl leading-tight font-extrabold tracking-tight text-balance text-fg">
            Where creators and their biggest fans meet.
          </p>
          <ul className="mt-8 flex flex-col gap-4">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-3 text-muted">
                <CheckCircleIcon size={20} className="shrink-0 text-accent-text" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-subtle">
          Open source and self-hostable.{' '}
          <Link to="/terms" className="underline hover:text-fg">
            Terms
          </Link>{' '}
          ·{' '}
          <Link to="/privacy" className="underline hover:text-fg">
            Privacy
          </Link>
        </p>
      </aside>

      <main
        id="main-content"
        tabIndex={-1}
        className="flex flex-1 flex-col px-5 py-8 sm:px-10 outline-none"
      >
        <Link to="/" className="mb-10 flex w-fit rounded-xl lg:hidden">
          <Logo />
        </Link>
        <div className="mx-auto flex w-full max-w-[420px] flex-1 flex-col justify-center">
          <h1 className="font-display text-3xl font-extrabold tracking-tight text-fg">{title}</h1>
          {subtitle ? <p className="mt-2 text-muted">{subtitle}</p> : null}
          <div className="mt-8">{children}</div>
          {footer ? <div className="mt-8 text-center text-sm text-muted">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
