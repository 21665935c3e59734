import { cn } from '../../../ui/cn.ts';

/** A labelled determinate progress bar (0–100). */
export function ProgressBar({
  value,
  label,
  tone = 'accent',
}: {
  value: number;
  label: string;
  tone?: 'accent' | 'success' | 'danger';
}) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className="h-1.5 overflow-hidden rounded-full bg-surface-3"
    >
      <div
        className={cn(
          'h-full transition-[width] duration-100',
          tone === 'success' ? 'bg-success' : tone === 'danger' ? 'bg-danger' : 'bg-accent',
        )}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}

/** The select used across the data tools cards. */
export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className="h-11 rounded-xl border border-line bg-surface px-3 text-sm text-fg"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export const STATUS_LABEL: Record<string, string> = {
  pending: 'Waiting',
  processing: 'Working',
  completed: 'Ready',
  failed: 'Failed',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        status === 'completed' && 'bg-success/15 text-success',
        status === 'failed' && 'bg-danger-soft text-danger',
        (status === 'pending' || status === 'processing') && 'bg-accent-soft text-accent-text',
      )}
    >
      {STATUS_LABEL[status] ?? status}
    </span>
  );
}
