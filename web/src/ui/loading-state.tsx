import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

export interface LoadingStateProps {
  label?: string;
  /** Fill the viewport (route-level loading) instead of a section. */
  fullPage?: boolean;
  className?: string;
}

export function LoadingState({ label = 'Loading…', fullPage, className }: LoadingStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-muted',
        fullPage ? 'min-h-dvh' : 'min-h-48 py-12',
        className,
      )}
      role="status"
      aria-live="polite"
    >
      <Spinner size={28} label={null} className="text-accent" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/** Grey placeholder blocks for content that is about to appear. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-surface-2', className)} />
  );
}
