import { Link } from 'react-router';
import type { RoadmapItem } from '@fanspace/contracts';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Badge } from '../../../ui/badge.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { useRoadmapQuery } from '../queries.ts';

const COLUMNS: { status: RoadmapItem['status']; title: string }[] = [
  { status: 'in_progress', title: 'In progress' },
  { status: 'planned', title: 'Planned' },
  { status: 'done', title: 'Done' },
];

/** /roadmap: what the team works on, by status (edited in the back office). */
export function RoadmapPage() {
  useDocumentTitle('Roadmap');
  const roadmap = useRoadmapQuery();
  return (
    <PublicLayout
      title="Roadmap"
      intro={
        <>
          What we are building next. Missing something?{' '}
          <Link className="text-accent underline" to="/suggestions">
            Suggest it
          </Link>
          .
        </>
      }
    >
      {roadmap.isPending ? (
        <LoadingState label="Loading the roadmap…" />
      ) : roadmap.isError ? (
        <ErrorState
          title="Could not load the roadmap"
          message={errorMessageOf(roadmap.error, 'Check your connection and try again.')}
          onRetry={() => void roadmap.refetch()}
        />
      ) : roadmap.data.items.length === 0 ? (
        <EmptyState title="Nothing on the roadmap yet" description="Check back soon." />
      ) : (
        <div className="grid gap-6 md:grid-cols-3">
          {COLUMNS.map((column) => {
            const items = roadmap.data.items.filter((i) => i.status === column.status);
            return (
              <section key={column.status} aria-labelledby={`roadmap-${column.status}`}>
                <h2 id={`roadmap-${column.status}`} className="mb-3 text-lg font-bold text-fg">
                  {column.title}{' '}
                  <span className="text-sm font-normal text-muted">({items.length})</span>
                </h2>
                <ul className="flex flex-col gap-3">
                  {items.map((item) => (
                    <li key={item.id} className="rounded-2xl border border-line bg-surface p-4">
                      <p className="font-semibold text-fg">{item.title}</p>
                      {item.description ? (
                        <p className="mt-1 text-sm text-muted">{item.description}</p>
                      ) : null}
                      {item.eta ? <Badge className="mt-2">{item.eta}</Badge> : null}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </PublicLayout>
  );
}
