import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { AlertIcon, RefreshIcon } from './icons/frame-icons.tsx';

export interface ErrorStateProps {
  title?: string;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

export function ErrorState({
  title = 'Something went wrong',
  message = 'We could not load this. Check your connection and try again.',
  onRetry,
  retryLabel = 'Try again',
  className,
}: ErrorStateProps) {
  return (
    <section
      role="alert"
      className={cn(
        'flex flex-col items-center rounded-3xl border border-line bg-surface px-6 py-12 text-center',
        className,
      )}
    >
      <div className="mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-danger-soft text-danger">
        <AlertIcon size={26} />
      </div>
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      <p className="mt-2 max-w-sm text-sm leading-relaxed text-muted">{message}</p>
      {onRetry ? (
        <Button
          variant="secondary"
          className="mt-6"
          onClick={onRetry}
          icon={<RefreshIcon size={16} />}
        >
          {retryLabel}
        </Button>
      ) : null}
    </section>
  );
}
