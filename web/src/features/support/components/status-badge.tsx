import type { SupportStatus } from '@fanspace/contracts';
import { cn } from '../../../ui/cn.ts';
import { STATUS_LABELS } from '../labels.ts';

const tones: Record<SupportStatus, string> = {
  open: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  answered: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  closed: 'bg-surface-3 text-muted',
};

/** The ticket's status as a pill; the text says it, the colour only repeats it. */
export function TicketStatusBadge({ status }: { status: SupportStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
