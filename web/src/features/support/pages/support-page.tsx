/** Help & support: my tickets (newest first) and the "New request" form. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LifeBuoyIcon, PlusIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { NewTicketForm } from '../components/new-ticket-form.tsx';
import { TicketStatusBadge } from '../components/status-badge.tsx';
import { CATEGORY_LABELS } from '../labels.ts';
import { useMyTicketsQuery } from '../queries.ts';
import { plural } from '../../../lib/plural.ts';

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export function SupportPage() {
  useDocumentTitle('Help & support');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const tickets = useMyTicketsQuery(page);

  const newButton = composing ? null : (
    <Button icon={<PlusIcon size={18} />} onClick={() => setComposing(true)}>
      New request
    </Button>
  );

  return (
    <Page
      title="Help & support"
      description="Ask our team about your account, payments or anything that is not working."
      actions={newButton}
    >
      {composing ? (
        <Card className="mb-6 p-4 sm:p-6">
          <h2 className="mb-4 text-lg font-bold text-fg">New request</h2>
          <NewTicketForm
            onCancel={() => setComposing(false)}
            onCreated={(ticket) => {
              setComposing(false);
              void navigate(`/support/${ticket.id}`);
            }}
          />
        </Card>
      ) : null}

      <section aria-labelledby="my-requests">
        <h2 id="my-requests" className="mb-3 text-lg font-bold text-fg">
          Your requests
        </h2>
        {tickets.isPending ? (
          <LoadingState label="Loading your requests…" />
        ) : tickets.isError ? (
          <ErrorState
            title="Could not load your requests"
            message={errorMessageOf(tickets.error, 'Check your connection and try again.')}
            onRetry={() => void tickets.refetch()}
          />
        ) : tickets.data.tickets.length === 0 ? (
          <EmptyState
            icon={<LifeBuoyIcon size={28} />}
            title="No requests yet"
            description="When you contact support, your conversations show up here."
          />
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {tickets.data.tickets.map((t) => (
                <li key={t.id}>
                  <Link
                    to={`/support/${t.id}`}
                    className="flex flex-col gap-1 rounded-2xl border border-line bg-surface px-4 py-3 transition-colors hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none sm:flex-row sm:items-center sm:justify-between"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-fg">{t.subject}</span>
                      <span className="block text-xs text-muted">
                        {CATEGORY_LABELS[t.category]} · opened {when(t.createdAt)} ·{' '}
                        {plural(t.messagesCount, 'message')}
                      </span>
                    </span>
                    {/* on phones the row is a column: keep the pill its own size */}
                    <span className="self-start sm:self-auto">
                      <TicketStatusBadge status={t.status} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <Pager
              page={tickets.data.currentPage}
              totalPages={tickets.data.totalPages}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </Page>
  );
}
