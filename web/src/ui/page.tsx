import type { ReactNode } from 'react';
import { cn } from './cn.ts';

const widths = {
  narrow: 'max-w-2xl',
  default: 'max-w-3xl',
  wide: 'max-w-6xl',
} as const;

/** Page frame inside the app shell: one h1, optional description and actions. */
export function Page({
  title,
  description,
  actions,
  width = 'default',
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  width?: keyof typeof widths;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full', widths[width], className)}>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
            {title}
          </h1>
          {description ? <p className="mt-1 text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
