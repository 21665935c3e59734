/** Productions (creator area): a creator's production projects by status, and their editor. */
import { PRODUCTION_STATUSES, type Production, type ProductionStatus } from '@fanspace/contracts';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FileIcon, PlusIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { ProductionEditor } from '../components/production-editor.tsx';
import { STATUS_LABELS, postDate, postLabel } from '../labels.ts';
import { useDeleteProductionMutation, useProductionsQuery } from '../queries.ts';

function ProductionCard({ production, onEdit }: { production: Production; onEdit: () => void }) {
  const remove = useDeleteProductionMutation();
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="production-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold text-fg">{production.title}</h2>
        <Badge>{STATUS_LABELS[production.status]}</Badge>
      </div>
      {production.description ? (
        <p className="text-sm text-muted">{production.description}</p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Shoot date</dt>
        <dd className="text-fg">{production.shootDate ?? 'Not set'}</dd>
        <dt className="text-muted">Releases</dt>
        <dd className="text-fg">
          {production.releases.map((r) => r.modelName).join(', ') || 'None'}
        </dd>
        <dt className="text-muted">Collaborators</dt>
        <dd className="text-fg">
          {production.collaborators
            .map((c) => (c.role ? `${c.name} (${c.role})` : c.name))
            .join(', ') || 'None'}
        </dd>
        <dt className="text-muted">Posts</dt>
        <dd className="text-fg">
          {production.posts.length === 0 ? (
            'None'
          ) : (
            <ul aria-label={`Posts of ${production.title}`} className="flex flex-col gap-0.5">
              {production.posts.map((p) => (
                <li key={p.id}>
                  <Link to={`/p/${p.id}`} className="hover:underline">
                    {postLabel(p)}
                  </Link>{' '}
                  <span className="text-muted">· {postDate(p.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={onEdit}
          aria-label={`Edit ${production.title}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="danger-ghost"
          loading={remove.isPending}
          onClick={() => remove.mutate(production.id)}
          aria-label={`Delete ${production.title}`}
        >
          Delete
        </Button>
      </div>
    </Card>
  );
}

export function ProductionsPage() {
  useDocumentTitle('Productions');
  const creator = isCreatorUser(useAuthStore((s) => s.user));
  const [status, setStatus] = useState<ProductionStatus | 'all'>('all');
  const [editing, setEditing] = useState<{ production: Production | null } | null>(null);
  const productions = useProductionsQuery(status);
  if (!creator) return <Navigate to="/settings/creator" replace />;

  return (
    <Page
      title="Productions"
      description="Plan shoots: who is in them, which releases cover them, and where each one stands."
      actions={
        <Button icon={<PlusIcon size={16} />} onClick={() => setEditing({ production: null })}>
          New production
        </Button>
      }
    >
      <label className="mb-4 flex items-center gap-2 text-sm text-muted">
        Status
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value as ProductionStatus | 'all')}
          className="h-10 rounded-xl border border-line bg-surface px-3 text-fg"
        >
          <option value="all">All</option>
          {PRODUCTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {productions.isPending ? (
        <Skeleton className="h-32 rounded-3xl" />
      ) : productions.isError ? (
        <ErrorState onRetry={() => void productions.refetch()} />
      ) : productions.data.pages[0]?.productions.length === 0 ? (
        <EmptyState
          icon={<FileIcon size={26} />}
          title="No productions yet"
          description="Start one for your next shoot."
        />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Productions">
            {productions.data.pages
              .flatMap((page) => page.productions)
              .map((p) => (
                <li key={p.id}>
                  <ProductionCard production={p} onEdit={() => setEditing({ production: p })} />
                </li>
              ))}
          </ul>
          {productions.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              className="my-3 w-full"
              loading={productions.isFetchingNextPage}
              onClick={() => void productions.fetchNextPage()}
            >
              Show more
            </Button>
          ) : null}
        </>
      )}
      {editing ? (
        <ProductionEditor
          key={editing.production?.id ?? 'new'}
          production={editing.production}
          open
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
