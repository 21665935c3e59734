import type { PublicUser } from '@fanspace/contracts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { InfoIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { useQandaQuery } from '../queries.ts';

/** The creator's Q and A on their profile. */
export function ProfileQanda({ user, isOwn }: { user: PublicUser; isOwn: boolean }) {
  const qanda = useQandaQuery(user.id);
  if (qanda.isPending) return <LoadingState label="Loading questions…" />;
  if (qanda.isError)
    return <ErrorState title="Could not load the Q and A" onRetry={() => void qanda.refetch()} />;
  if (!qanda.data.items.length)
    return (
      <EmptyState
        icon={<InfoIcon size={26} />}
        title="No questions answered yet"
        description={
          isOwn
            ? 'Answer common questions in Creator tools.'
            : `@${user.username} has no Q and A yet.`
        }
      />
    );
  return (
    <dl className="flex flex-col gap-3" aria-label="Questions and answers">
      {qanda.data.items.map((item) => (
        <div key={item.id} className="rounded-3xl border border-line bg-surface p-4">
          <dt className="font-semibold wrap-anywhere text-fg">{item.question}</dt>
          <dd className="mt-1 text-sm wrap-anywhere whitespace-pre-line text-muted">
            {item.answer}
          </dd>
        </div>
      ))}
    </dl>
  );
}
