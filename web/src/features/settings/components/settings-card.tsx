import { useId, type ReactNode } from 'react';
import { Card } from '../../../ui/card.tsx';
import { cn } from '../../../ui/cn.ts';

/** One titled block inside a settings section (a region named by its heading). */
export function SettingsCard({
  title,
  description,
  children,
  tone = 'default',
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <Card
      role="region"
      aria-labelledby={id}
      className={cn('p-5 sm:p-6', tone === 'danger' && 'border-danger/40')}
    >
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={id}
            className={cn('font-semibold', tone === 'danger' ? 'text-danger' : 'text-fg')}
          >
            {title}
          </h3>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </Card>
  );
}
