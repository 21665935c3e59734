import type { SupportMessage } from '@fanspace/contracts';
import { cn } from '../../../ui/cn.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The messages of a ticket, oldest first. `perspective` decides which side is "you": the user
 * sees their own messages on the right, staff see staff messages on the right.
 */
export function SupportThread({
  messages,
  perspective,
  userName,
}: {
  messages: SupportMessage[];
  perspective: 'user' | 'staff';
  userName?: string;
}) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Messages">
      {messages.map((m) => {
        const mine = perspective === 'staff' ? m.fromStaff : !m.fromStaff;
        const author = m.fromStaff
          ? perspective === 'staff'
            ? 'Support team'
            : 'Fanspace support'
          : perspective === 'user'
            ? 'You'
            : (userName ?? 'User');
        return (
          <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
            <article
              className={cn(
                'max-w-[85%] rounded-2xl border px-4 py-3 text-sm',
                mine ? 'border-accent/30 bg-accent-soft' : 'border-line bg-surface-2',
              )}
            >
              <header className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
                <span className="font-semibold text-fg">{author}</span>
                <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
              </header>
              <p className="wrap-anywhere whitespace-pre-wrap text-fg">{m.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
