import { useId } from 'react';
import { cn } from './cn.ts';

/** The Fanspace mark: a rounded tile with an "f" that doubles as a spark. */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  // Unique per instance: a duplicate id would resolve to a copy inside a hidden element and
  // render no gradient at all.
  const gradientId = `fs-logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--fs-accent, #8b5cf6)" />
          <stop offset="1" stopColor="var(--fs-accent-2, #ec4899)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M19.5 8.5c-2.6-.6-5.5.6-5.5 4v11M10.5 14.5h8"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="22" cy="21.5" r="2" fill="#fff" />
    </svg>
  );
}

export function Logo({ className, compact }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      {compact ? (
        <span className="sr-only">Fanspace</span>
      ) : (
        <span className="font-display text-[1.2rem] font-extrabold tracking-tight text-fg">
          Fanspace
        </span>
      )}
    </span>
  );
}
