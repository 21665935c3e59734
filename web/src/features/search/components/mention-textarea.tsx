/**
 * A textarea that offers people to @mention while typing (GET /search/suggestions, limit 10):
 * the combobox pattern – arrows move, Enter or Tab picks, Escape closes.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
} from 'react';
import { Avatar } from '../../../ui/avatar.tsx';
import { cn } from '../../../ui/cn.ts';
import { avatarUrlOf, displayNameOf } from '../../auth/user.ts';
import { applyMention, findMentionAt, type MentionQuery } from '../mention.ts';
import { useSuggestionsQuery } from '../queries.ts';

export interface MentionTextareaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange'
> {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  error?: string | null;
}

export function MentionTextarea({
  label,
  hideLabel,
  value,
  onValueChange,
  hint,
  error,
  className,
  onKeyDown,
  id,
  ...rest
}: MentionTextareaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const listId = `${inputId}-mentions`;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  const ref = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const suggestions = useSuggestionsQuery(mention?.query ?? '', { enabled: mention !== null });
  const users = mention ? (suggestions.data?.users ?? []) : [];
  const open = mention !== null && users.length > 0;
  const { autoFocus } = rest;

  // Browsers focus a textarea with the caret before any text it starts with: what is typed
  // into a reply (prefilled with '@name ') or an edit would go in front of it.
  useEffect(() => {
    const box = ref.current;
    if (autoFocus && box) box.setSelectionRange(box.value.length, box.value.length);
  }, [autoFocus]);

  function track(text: string, caret: number | null): void {
    const next = caret === null ? null : findMentionAt(text, caret);
    setMention(next);
    setActive(0);
  }

  function pick(username: string): void {
    if (!mention) return;
    const result = applyMention(value, mention, username);
    onValueChange(result.text);
    setMention(null);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(result.caret, result.caret);
    });
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (open) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setActive((i) => (i + 1) % users.length);
        return;
      }
      if (event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((i) => (i - 1 + users.length) % users.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const user = users[active];
        if (user) {
          event.preventDefault();
          pick(user.username);
          return;
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setMention(null);
        return;
      }
    }
    onKeyDown?.(event);
  }

  return (
    <div className={cn('relative flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-fg'}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          track(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => track(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setMention(null)}
        onKeyDown={keyDown}
        className={cn(
          'min-h-20 w-full resize-y rounded-xl border bg-surface-2 px-3.5 py-3 text-[0.95rem] text-fg placeholder:text-subtle',
          'transition-colors outline-none focus:border-accent focus:ring-2 focus:ring-accent/30',
          error ? 'border-danger' : 'border-line',
        )}
        {...rest}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-2xl border border-line bg-surface-2 p-1.5 shadow-2xl"
        >
          {users.map((user, i) => (
            <li
              key={user.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(user.username)}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2',
                i === active ? 'bg-surface-3' : 'hover:bg-surface-3',
              )}
            >
              <Avatar name={displayNameOf(user)} src={avatarUrlOf(user)} size={30} />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-fg">
                  {displayNameOf(user)}
                </span>
                <span className="block truncate text-xs text-muted">@{user.username}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
