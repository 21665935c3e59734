/** /collaborations: invites you sent and received; accept, decline or end them. */
import type { Collaboration } from '@fanspace/contracts';
import { Link } from 'react-router';
import { formatUsd } from '../../lib/money.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { UsersIcon } from '../../ui/icons.tsx';
import { Skeleton } from '../../ui/loading-state.tsx';
import { useAnswerCollaboration, useCollaborations, useEndCollaboration } from './queries.ts';

const STATUS_LABEL = { pending: 'Pending', accepted: 'Active', declined: 'Declined' } as const;

function CollaborationRow({ c }: { c: Collaboration }) {
  const answer = useAnswerCollaboration();
  const end = useEndCollaboration();
  const other = c.direction === 'sent' ? c.collaborator : c.owner;
  const caption = c.postCaption?.trim() || 'Untitled post';
  return (
    <li className="rounded-2xl border border-line p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/p/${c.postId}`}
          className="min-w-0 truncate font-medium text-fg hover:underline"
        >
          {caption}
        </Link>
        <Badge>{STATUS_LABEL[c.status]}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted">
        {c.direction === 'sent' ? 'With ' : 'From '}
        {other ? (
          // a link in running text: underlined, not told apart by its colour alone (WCAG 1.4.1)
          <Link
            to={`/u/${encodeURIComponent(other.username)}`}
            className="font-medium text-accent-text underline decoration-1 underline-offset-2 hover:decoration-2 focus-visible:decoration-2"
          >
            @{other.username}
          </Link>
        ) : (
          'a former user'
        )}{' '}
        · {c.splitPercent}% of the creator share · {formatUsd(c.earned)} earned so far
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {c.direction === 'received' && c.status === 'pending' ? (
          <>
            <Button
              size="sm"
              loading={answer.isPending}
              onClick={() => answer.mutate({ id: c.id, accept: true })}
              aria-label={`Accept invite for ${caption}`}
            >
              Accept
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ id: c.id, accept: false })}
              aria-label={`Decline invite for ${caption}`}
            >
              Decline
            </Button>
          </>
        ) : null}
        {c.direction === 'received' && c.status === 'pending' ? null : (
          <Button
            size="sm"
            variant="ghost"
            loading={end.isPending}
            onClick={() => end.mutate(c.id)}
            aria-label={`${c.direction === 'sent' ? 'Withdraw' : 'Leave'} collaboration on ${caption}`}
          >
            {c.direction === 'sent' ? 'Withdraw' : 'Leave'}
          </Button>
        )}
      </div>
    </li>
  );
}

function Group({ title, items }: { title: string; items: Collaboration[] }) {
  return (
    <section aria-label={title} className="mt-6">
      <h2 className="mb-3 text-lg font-semibold text-fg">{title}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted">None yet.</p>
      ) : (
        <ul className="space-y-3">
          {items.map((c) => (
            <CollaborationRow key={c.id} c={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function CollaborationsPage() {
  useDocumentTitle('Collaborations');
  const query = useCollaborations();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-fg">Collaborations</h1>
      <p className="mt-1 text-sm text-muted">
        Share a post’s earnings with another creator. Invite them from the post’s “…” menu.
      </p>
      {query.isPending ? (
        <Skeleton className="mt-6 h-28" />
      ) : query.isError ? (
        <ErrorState message="Failed to load collaborations" onRetry={() => void query.refetch()} />
      ) : query.data.sent.length + query.data.received.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={<UsersIcon size={26} />}
          title="No collaborations yet"
          description="Invite a creator from one of your posts, or wait for an invite."
        />
      ) : (
        <>
          <Group title="Received" items={query.data.received} />
          <Group title="Sent" items={query.data.sent} />
        </>
      )}
    </div>
  );
}
