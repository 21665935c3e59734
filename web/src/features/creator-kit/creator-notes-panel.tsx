/** A creator's private notes about one person (chat sidebar and profile). Only the creator sees them. */
import { NoteLimits, type CreatorNote } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { relativeTime } from '../../lib/relative-time.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Skeleton } from '../../ui/loading-state.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { useCreateNote, useDeleteNote, useNotesAbout, useUpdateNote } from './queries.ts';

function NoteItem({ note, userId }: { note: CreatorNote; userId: string }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.note);
  const update = useUpdateNote(userId);
  const remove = useDeleteNote(userId);
  if (editing)
    return (
      <li className="space-y-2">
        <TextareaField
          label="Edit note"
          rows={3}
          value={text}
          maxLength={NoteLimits.textMax}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="flex gap-2">
          <Button
            size="sm"
            loading={update.isPending}
            disabled={!text.trim()}
            onClick={() =>
              update.mutate({ id: note.id, note: text }, { onSuccess: () => setEditing(false) })
            }
          >
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </li>
    );
  return (
    <li className="rounded-xl bg-surface-2 px-3 py-2">
      <p className="whitespace-pre-line wrap-anywhere text-sm text-fg">{note.note}</p>
      <div className="mt-1 flex items-center gap-3 text-xs text-muted">
        <span>{relativeTime(note.updatedAt)}</span>
        <button type="button" className="hover:text-fg" onClick={() => setEditing(true)}>
          Edit
        </button>
        <button
          type="button"
          className="rounded text-danger-text hover:underline"
          disabled={remove.isPending}
          onClick={() => remove.mutate(note.id)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

export function CreatorNotesPanel({ userId, className }: { userId: string; className?: string }) {
  const notes = useNotesAbout(userId);
  const create = useCreateNote(userId);
  const [text, setText] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return;
    create.mutate(text, { onSuccess: () => setText('') });
  }

  const list = notes.data?.notes ?? [];
  return (
    <section aria-label="Private notes" className={className}>
      <h2 className="text-sm font-semibold text-fg">Private notes</h2>
      <p className="mb-3 text-xs text-muted">Only you can see these.</p>
      <form onSubmit={submit} className="space-y-2">
        <TextareaField
          label="New note"
          rows={2}
          value={text}
          maxLength={NoteLimits.textMax}
          placeholder="Likes behind-the-scenes, birthday in May…"
          onChange={(e) => setText(e.target.value)}
        />
        <Button size="sm" type="submit" loading={create.isPending} disabled={!text.trim()}>
          Add note
        </Button>
      </form>
      {notes.isPending ? (
        <Skeleton className="mt-3 h-12" />
      ) : notes.isError ? (
        <ErrorState message="Failed to load notes" onRetry={() => void notes.refetch()} />
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No notes yet.</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Notes">
          {list.map((note) => (
            <NoteItem key={note.id} note={note} userId={userId} />
          ))}
        </ul>
      )}
    </section>
  );
}
