import type { AssistantSource } from '@fanspace/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import {
  useAskAssistant,
  useAssistantHistory,
  useClearAssistant,
  useHelpArticle,
} from '../queries.ts';

function Sources({
  sources,
  onOpen,
}: {
  sources: AssistantSource[];
  onOpen: (id: string) => void;
}) {
  if (sources.length === 0) return null;
  return (
    <ol className="mt-2 space-y-1 text-xs" aria-label="Sources">
      {sources.map((s, i) => (
        <li key={s.id}>
          [{i + 1}]{' '}
          {s.kind === 'article' ? (
            <button
              type="button"
              className="text-accent-text underline"
              onClick={() => onOpen(s.id)}
            >
              {s.title}
            </button>
          ) : (
            <Link to={s.url} className="text-accent-text underline">
              {s.title}
            </Link>
          )}
        </li>
      ))}
    </ol>
  );
}

function ArticleDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const q = useHelpArticle(id);
  return (
    <Dialog open={id !== null} onClose={onClose} title={q.data?.title ?? 'Help article'}>
      {q.isPending ? (
        <LoadingState />
      ) : q.isError ? (
        <ErrorState />
      ) : (
        <div className="space-y-3 text-sm whitespace-pre-line text-fg">
          {q.data.body.replace(/\*\*/g, '')}
        </div>
      )}
    </Dialog>
  );
}

/** Ask about the platform or your numbers; answers cite the help articles and your analytics. */
export function AssistantPanel() {
  const history = useAssistantHistory();
  const ask = useAskAssistant();
  const clear = useClearAssistant();
  const [text, setText] = useState('');
  const [article, setArticle] = useState<string | null>(null);
  const inputId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    ask.mutate(message, { onSuccess: () => setText('') });
  }

  return (
    <section
      aria-labelledby="assistant-heading"
      className="flex flex-col rounded-2xl border border-line bg-surface p-4"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="assistant-heading" className="text-lg font-semibold text-fg">
          Assistant
        </h2>
        {history.data && history.data.messages.length > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => clear.mutate()}>
            Clear
          </Button>
        ) : null}
      </div>
      <div
        className="mb-3 max-h-96 min-h-24 space-y-3 overflow-y-auto"
        role="log"
        aria-live="polite"
        aria-label="Conversation"
      >
        {history.isPending ? (
          <LoadingState label="Loading the conversation…" />
        ) : history.isError ? (
          <ErrorState onRetry={() => void history.refetch()} />
        ) : history.data.messages.length === 0 ? (
          <p className="text-sm text-muted">
            Ask about your numbers (“How many views did I get this week?”) or the platform (“How do
            payouts work?”).
          </p>
        ) : (
          history.data.messages.map((m) => (
            <div
              key={m.id}
              className={
                m.role === 'user'
                  ? 'ml-8 rounded-xl bg-accent-soft p-3 text-sm text-fg'
                  : 'mr-8 rounded-xl bg-surface-2 p-3 text-sm text-fg'
              }
            >
              <p className="sr-only">{m.role === 'user' ? 'You said' : 'Assistant said'}</p>
              <p className="whitespace-pre-line">{m.content}</p>
              <Sources sources={m.sources} onOpen={setArticle} />
            </div>
          ))
        )}
      </div>
      <form onSubmit={onSubmit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Ask the assistant
        </label>
        <input
          id={inputId}
          className="min-w-0 flex-1 rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm text-fg"
          placeholder="Ask a question"
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" disabled={ask.isPending || !text.trim()}>
          {ask.isPending ? 'Asking…' : 'Ask'}
        </Button>
      </form>
      <ArticleDialog id={article} onClose={() => setArticle(null)} />
    </section>
  );
}
