import type { ReactNode } from 'react';

/** One titled block of the creator tools page. */
export function ToolSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-3xl border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="font-display text-lg font-bold text-fg">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">{description}</p>
      {children}
    </section>
  );
}

/** Loading / error / empty for a section's list. */
export function ListState({
  pending,
  error,
  empty,
  emptyText,
}: {
  pending: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
}) {
  if (pending) return <p className="text-sm text-muted">Loading…</p>;
  if (error)
    return (
      <p role="alert" className="text-sm text-danger">
        Could not load this list. Reload the page to try again.
      </p>
    );
  if (empty) return <p className="text-sm text-subtle">{emptyText}</p>;
  return null;
}
