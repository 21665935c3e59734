import { SiteToolsLimits } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { useCreateSuggestion, useSuggestionsQuery, useVoteSuggestion } from '../queries.ts';
import { plural } from '../../../lib/plural.ts';

function NewSuggestionForm() {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSuggestion();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim().length < SiteToolsLimits.titleMin) {
      setError(`Give your idea a title of at least ${SiteToolsLimits.titleMin} characters.`);
      document.getElementById('suggestion-title')?.focus();
      return;
    }
    create.mutate(
      { title: title.trim(), description: description.trim() },
      {
        onSuccess: () => {
          setTitle('');
          setDescription('');
        },
      },
    );
  }
  return (
    <Card className="mb-6 p-4 sm:p-6">
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-3"
        aria-label="New suggestion"
      >
        <h2 className="text-lg font-bold text-fg">Suggest a feature</h2>
        <TextField
          id="suggestion-title"
          label="Title"
          value={title}
          maxLength={SiteToolsLimits.titleMax}
          error={error}
          onChange={(e) => {
            setTitle(e.target.value);
            setError(null);
          }}
        />
        <TextareaField
          label="Details (optional)"
          rows={3}
          value={description}
          maxLength={SiteToolsLimits.descriptionMax}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div>
          <Button type="submit" loading={create.isPending}>
            Post suggestion
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /suggestions: everyone's ideas with votes; toasts of spec §8 on failure. */
export function SuggestionsPage() {
  useDocumentTitle('Suggestions');
  const [sort, setSort] = useState<'top' | 'new'>('top');
  const suggestions = useSuggestionsQuery(sort);
  const vote = useVoteSuggestion(sort);
  return (
    <Page
      title="Suggestions"
      description="Ideas from the community. Vote for the ones you want most."
    >
      <NewSuggestionForm />
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-fg">All suggestions</h2>
        <SegmentedControl
          label="Sort suggestions"
          value={sort}
          onChange={(v) => setSort(v as 'top' | 'new')}
          options={[
            { value: 'top', label: 'Top' },
            { value: 'new', label: 'Newest' },
          ]}
        />
      </div>
      {suggestions.isPending ? (
        <LoadingState label="Loading suggestions…" />
      ) : suggestions.isError ? (
        <ErrorState
          title="Failed to load suggestions"
          message="Check your connection and try again."
          onRetry={() => void suggestions.refetch()}
        />
      ) : suggestions.data.suggestions.length === 0 ? (
        <EmptyState title="No suggestions yet" description="Be the first to suggest something." />
      ) : (
        <ul className="flex flex-col gap-2">
          {suggestions.data.suggestions.map((s) => (
            <li
              key={s.id}
              className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-4"
            >
              <button
                type="button"
                aria-pressed={s.voted}
                aria-label={`${s.voted ? 'Remove your vote for' : 'Vote for'} ${s.title} (${plural(s.votes, 'vote')})`}
                onClick={() => vote.mutate({ id: s.id, on: !s.voted })}
                className={`flex min-w-14 flex-col items-center rounded-xl border px-2 py-1 text-sm font-bold focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none ${s.voted ? 'border-accent bg-accent-soft text-accent-text' : 'border-line text-fg hover:bg-surface-2'}`}
              >
                <span aria-hidden="true">▲</span>
                <span data-testid="votes">{s.votes}</span>
              </button>
              <div className="min-w-0">
                <p className="font-semibold text-fg">{s.title}</p>
                {s.description ? <p className="mt-1 text-sm text-muted">{s.description}</p> : null}
                <p className="mt-1 text-xs text-subtle">
                  {s.author ? `@${s.author.username} · ` : ''}
                  {new Date(s.createdAt).toLocaleDateString()} ·{' '}
                  <span data-testid="suggestion-status">{s.status.replace('_', ' ')}</span>
                  {s.roadmapItem ? ` · on the roadmap: ${s.roadmapItem.title}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
