/**
 * Admin · Suggestions: every user suggestion, newest first, filtered by status. Admins move a
 * suggestion through open → planned → in progress → done (or declined) and link it to the
 * roadmap item it became; the author is notified and sees the status on /suggestions.
 */
import { SUGGESTION_STATUSES, type Suggestion } from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchAdminSuggestions, updateAdminSuggestion } from '../../features/community/api.ts';
import { communityKeys, useRoadmapQuery } from '../../features/community/queries.ts';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { Pagination } from '../components/data-table.tsx';
import { SectionHeader, SelectField, formatDate } from '../components/fields.tsx';

const statusLabel = (status: string) => status.replace('_', ' ');
const STATUS_OPTIONS = SUGGESTION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

function SuggestionRow({
  suggestion,
  roadmap,
}: {
  suggestion: Suggestion;
  roadmap: { id: string; title: string }[];
}) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (body: Parameters<typeof updateAdminSuggestion>[1]) =>
      updateAdminSuggestion(suggestion.id, body),
    onSuccess: (result) => {
      toast.success(result.message ?? 'Suggestion updated');
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to update the suggestion.')),
  });
  const linked = suggestion.roadmapItem;
  // keep a linked item selectable even if the roadmap list has not loaded it
  const items = linked && !roadmap.some((r) => r.id === linked.id) ? [linked, ...roadmap] : roadmap;
  return (
    <li className="rounded-2xl border border-line bg-surface p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-fg">{suggestion.title}</p>
        <span className="text-muted">
          {suggestion.votes} {suggestion.votes === 1 ? 'vote' : 'votes'}
        </span>
      </div>
      {suggestion.description ? <p className="mt-1 text-fg">{suggestion.description}</p> : null}
      <p className="mt-1 text-muted">
        {suggestion.author ? `@${suggestion.author.username}` : 'Deleted account'} ·{' '}
        {formatDate(suggestion.createdAt)}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={`Status of ${suggestion.title}`}
          value={suggestion.status}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ status: e.target.value as Suggestion['status'] })}
          options={STATUS_OPTIONS}
        />
        <SelectField
          label={`Roadmap item for ${suggestion.title}`}
          value={linked?.id ?? ''}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ roadmapItemId: e.target.value || null })}
          options={[
            { value: '', label: 'Not on the roadmap' },
            ...items.map((r) => ({ value: r.id, label: r.title })),
          ]}
        />
      </div>
    </li>
  );
}

export function SuggestionsPage() {
  useDocumentTitle('Admin · Suggestions');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const roadmap = useRoadmapQuery();
  const list = useQuery({
    queryKey: [...communityKeys.admin(), 'suggestions', page, status],
    queryFn: () => fetchAdminSuggestions(page, status || undefined),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <SectionHeader
        title="Suggestions"
        description="Feature ideas from users. The author is notified when the status changes."
      />
      <SelectField
        label="Filter by status"
        className="mb-4 max-w-xs"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setPage(1);
        }}
        options={[{ value: '', label: 'All' }, ...STATUS_OPTIONS]}
      />
      {list.isPending ? (
        <LoadingState label="Loading suggestions…" />
      ) : list.isError ? (
        <ErrorState
          title="Failed to load suggestions"
          message={errorMessageOf(list.error, 'Try again.')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.suggestions.length === 0 ? (
        <EmptyState
          title={status ? `No ${statusLabel(status)} suggestions` : 'No suggestions yet'}
        />
      ) : (
        <section aria-label="Suggestions">
          <ul className="flex flex-col gap-3">
            {list.data.suggestions.map((s) => (
              <SuggestionRow key={s.id} suggestion={s} roadmap={roadmap.data?.items ?? []} />
            ))}
          </ul>
          <Pagination
            page={list.data.currentPage}
            totalPages={list.data.totalPages}
            total={list.data.total}
            onChange={setPage}
          />
        </section>
      )}
    </div>
  );
}
