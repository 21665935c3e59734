import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '../../ui/cn.ts';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  hint?: ReactNode;
}

/** A labelled native select, styled like TextField. */
export function SelectField({ label, options, hint, className, id, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={selectId}
        aria-describedby={hint ? `${selectId}-hint` : undefined}
        className="h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-[0.95rem] text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${selectId}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Section heading with the page's one h1 and optional actions. */
export function SectionHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg">{title}</h1>
        {description ? <p className="mt-1 text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

export function StatCard({
  label,
  value,
  hint,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-1 text-2xl font-bold text-fg tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

const statusTones: Record<string, string> = {
  active: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
  approved: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
  resolved: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
  paid: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
  requested: 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
  processing: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  failed: 'bg-danger-soft text-danger',
  pending: 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
  suspended: 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
  warn: 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
  banned: 'bg-danger-soft text-danger',
  rejected: 'bg-danger-soft text-danger',
  error: 'bg-danger-soft text-danger',
  fatal: 'bg-danger-soft text-danger',
  deleted: 'bg-surface-3 text-muted',
  dismissed: 'bg-surface-3 text-muted',
};

export function StatusPill({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize',
        statusTones[status] ?? 'bg-surface-3 text-fg',
      )}
    >
      {status}
    </span>
  );
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatMoney(amount: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return amount.toFixed(2);
  }
}
