/**
 * Admin · Suggestions: every user suggestion, newest first, filtered by status. Admins move a
 * suggestion through open → planned → in progress → done (or declined) and link it to the
 * roadmap item it became; the author is notified and sees the status on /suggestions.
 */
import { SUGGESTION_STATUSES, type Suggestion } from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAdminSuggestions, updateAdminSuggestion } from '../../features/community/api.ts';
import { communityKeys, useRoadmapQuery } from '../../features/community/queries.ts';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { SectionHeader, SelectField, formatDate } from '../components/fields.tsx';
import { ListCard, PagedList, StatusFilter, usePagedFilter } from '../components/paged-list.tsx';
import { plural } from '../../lib/plural.ts';

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
    <ListCard>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-fg">{suggestion.title}</p>
        <span className="text-muted">{plural(suggestion.votes, 'vote')}</span>
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
    </ListCard>
  );
}

export function SuggestionsPage() {
  useDocumentTitle('Admin · Suggestions');
  const { page, setPage, status, setStatus } = usePagedFilter();
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
      <StatusFilter
        label="Filter by status"
        value={status}
        onChange={setStatus}
        statuses={SUGGESTION_STATUSES}
        labelOf={statusLabel}
      />
      <PagedList
        query={list}
        rows={(data) => data.suggestions}
        label="Suggestions"
        loadingLabel="Loading suggestions…"
        errorTitle="Failed to load suggestions"
        emptyTitle={status ? `No ${statusLabel(status)} suggestions` : 'No suggestions yet'}
        onPage={setPage}
      >
        {(s) => <SuggestionRow key={s.id} suggestion={s} roadmap={roadmap.data?.items ?? []} />}
      </PagedList>
    </div>
  );
}
