import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export function Badge({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-text',
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Small count bubble for nav items; hidden at zero. */
export function CountBubble({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-solid px-1.5 text-[0.7rem] font-bold text-white"
      aria-label={`${count} ${label}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
