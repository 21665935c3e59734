/** Hashtags as removable chips; Enter, comma or space adds what was typed. */
import { POST_HASHTAGS_MAX } from '@fanspace/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { CloseIcon } from '../../../ui/icons.tsx';
import { addHashtags } from '../validation.ts';

export function HashtagInput({
  value,
  onChange,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');

  function commit(): void {
    if (!draft.trim()) return;
    onChange(addHashtags(value, draft));
    setDraft('');
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Enter' || event.key === ',' || event.key === ' ') {
      if (draft.trim()) {
        event.preventDefault();
        commit();
      } else if (event.key === 'Enter') {
        event.preventDefault();
      }
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        Hashtags
      </label>
      <div className="flex flex-wrap items-center gap-1.5 rounded-xl border border-line bg-surface-2 px-2.5 py-2 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30">
        {value.map((tag) => (
          <span
            key={tag}
            className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-2.5 text-sm font-medium text-accent-text"
          >
            #{tag}
            <button
              type="button"
              aria-label={`Remove #${tag}`}
              onClick={() => onChange(value.filter((t) => t !== tag))}
              className="flex h-5 w-5 items-center justify-center rounded-full hover:bg-accent-soft"
            >
              <CloseIcon size={12} />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={keyDown}
          onBlur={commit}
          disabled={value.length >= POST_HASHTAGS_MAX}
          placeholder={value.length === 0 ? 'travel, behindthescenes' : ''}
          aria-describedby={`${id}-hint`}
          className="h-7 min-w-28 flex-1 bg-transparent text-[0.95rem] text-fg outline-none placeholder:text-subtle"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        #tags in the caption are added too. Up to {POST_HASHTAGS_MAX}.
      </p>
    </div>
  );
}
