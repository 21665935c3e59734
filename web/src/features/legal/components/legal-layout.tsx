import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../ui/logo.tsx';
import { SkipLink } from '../../../ui/skip-link.tsx';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** Readable long-form layout for the terms and privacy pages (public, no app shell). */
export function LegalLayout({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <div className="min-h-dvh bg-canvas">
      <SkipLink />
      <header className="border-b border-line">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
          <Link to="/" aria-label="Fanspace home" className="flex rounded-xl">
            <Logo />
          </Link>
          <nav aria-label="Legal" className="flex gap-4 text-sm text-muted">
            <Link to="/terms" className="hover:text-fg">
              Terms
            </Link>
            <Link to="/privacy" className="hover:text-fg">
              Privacy
            </Link>
          </nav>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto max-w-3xl px-4 py-12 outline-none sm:px-6"
      >
        <h1 className="font-display text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 text-sm text-subtle">{updated}</p>
        <div className="mt-6 text-lg leading-relaxed text-muted">{intro}</div>
        {sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-bold text-fg">{section.heading}</h2>
            <div className="mt-3 flex flex-col gap-3 leading-relaxed text-muted">
              {section.body}
            </div>
          </section>
        ))}
      </main>
    </div>
  );
}
