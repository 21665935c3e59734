/** Groups of identical files (same content hash): keep the oldest, delete the copies. */
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { CheckCircleIcon, TrashIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { useDeleteMediaMutation, useDuplicateStatsQuery, useDuplicatesQuery } from '../queries.ts';
import { formatBytes, VaultThumb } from './vault-thumb.tsx';
import { plural } from '../../../lib/plural.ts';

export function DuplicatesView() {
  const stats = useDuplicateStatsQuery();
  const groups = useDuplicatesQuery(true);
  const remove = useDeleteMediaMutation();

  if (groups.isPending) {
    return (
      <div role="status" aria-label="Looking for duplicates" className="flex flex-col gap-3">
        <Skeleton className="h-20 w-full rounded-2xl" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  }
  if (groups.isError) {
    return (
      <ErrorState title="Could not look for duplicates" onRetry={() => void groups.refetch()} />
    );
  }
  if (groups.data.groups.length === 0) {
    return (
      <EmptyState
        icon={<CheckCircleIcon size={26} />}
        title="No duplicates"
        description="Every file in your vault is unique."
      />
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {stats.data ? (
        <p className="rounded-2xl bg-surface-2 px-4 py-3 text-sm text-fg" role="status">
          {stats.data.duplicateGroups}{' '}
          {stats.data.duplicateGroups === 1 ? 'file has' : 'files have'} copies:{' '}
          {stats.data.duplicateItems} redundant{' '}
          {stats.data.duplicateItems === 1 ? 'copy' : 'copies'} using{' '}
          {formatBytes(stats.data.wastedBytes)}.
        </p>
      ) : null}
      <ul className="flex flex-col gap-4" aria-label="Duplicate groups">
        {groups.data.groups.map((group) => {
          const [keep, ...copies] = group.items;
          return (
            <li key={group.contentHash} className="rounded-2xl border border-line bg-surface p-4">
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-medium text-fg">
                  {group.count} identical files · {formatBytes(group.sizeBytes)} each
                </p>
                {copies.length > 0 ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<TrashIcon size={15} />}
                    loading={remove.isPending && remove.variables?.[0] === copies[0]?.id}
                    onClick={() => remove.mutate(copies.map((c) => c.id))}
                  >
                    Delete {plural(copies.length, 'copy', 'copies')}
                  </Button>
                ) : null}
              </div>
              <ul className="flex gap-2 overflow-x-auto">
                {group.items.map((item) => (
                  <li key={item.id} className="w-24 shrink-0">
                    <VaultThumb item={item} className="rounded-xl" />
                    <p className="mt-1 truncate text-xs text-muted" title={item.title}>
                      {item === keep ? 'Kept · ' : ''}
                      {item.title || 'Untitled'}
                    </p>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
