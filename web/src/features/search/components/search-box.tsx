/**
 * The top bar search: a combobox whose suggestions (GET /search/suggestions, after a short
 * pause in typing) are people and hashtags; Enter searches everything on /search.
 */
import type { HashtagResult, PublicUser } from '@fanspace/contracts';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../ui/avatar.tsx';
import { cn } from '../../../ui/cn.ts';
import { SearchIcon } from '../../../ui/icons.tsx';
import { avatarUrlOf, displayNameOf } from '../../auth/user.ts';
import { HashIcon } from '../../posts/icons.tsx';
import { suggestionTerm, useSuggestionsQuery } from '../queries.ts';
import { plural } from '../../../lib/plural.ts';

export const SEARCH_BOX_LABEL = 'Search creators and posts';

type Option =
  | { kind: 'search'; q: string }
  | { kind: 'user'; user: PublicUser }
  | { kind: 'hashtag'; hashtag: HashtagResult };

export function hrefOf(option: Option): string {
  switch (option.kind) {
    case 'search':
      return `/search?q=${encodeURIComponent(option.q)}`;
    case 'user':
      return `/u/${encodeURIComponent(option.user.username)}`;
    case 'hashtag':
      return `/tags/${encodeURIComponent(option.hashtag.tag)}`;
  }
}

export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestionsQuery(q, { enabled: open });
  const term = suggestionTerm(q);
  const fresh = suggestions.term === term;

  const options: Option[] = [];
  if (q.trim()) options.push({ kind: 'search', q: q.trim() });
  if (term && suggestions.data) {
    const wantsTag = q.trim().startsWith('#');
    const users = wantsTag ? [] : suggestions.data.users.slice(0, 6);
    const tags = suggestions.data.hashtags.slice(0, wantsTag ? 8 : 4);
    users.forEach((user) => options.push({ kind: 'user', user }));
    tags.forEach((hashtag) => options.push({ kind: 'hashtag', hashtag }));
  }
  const expanded = open && q.trim().length > 0 && options.length > 0;

  function go(option: Option): void {
    setOpen(false);
    setActive(-1);
    if (option.kind !== 'search') setQ('');
    inputRef.current?.blur();
    navigate(hrefOf(option));
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const chosen = active >= 0 ? options[active] : undefined;
    if (chosen) go(chosen);
    else if (q.trim()) go({ kind: 'search', q: q.trim() });
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (!expanded) {
      if (event.key === 'ArrowDown' && q.trim()) setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label className="relative block">
        <span className="sr-only">{SEARCH_BOX_LABEL}</span>
        <SearchIcon
          size={18}
          className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-subtle"
        />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={keyDown}
          placeholder={SEARCH_BOX_LABEL}
          maxLength={100}
          className="h-10 w-full rounded-full border border-line bg-surface-2 pr-4 pl-10 text-sm text-fg placeholder:text-subtle outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
        />
      </label>
      {expanded ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Search suggestions"
          aria-busy={!fresh || suggestions.isFetching}
          className="absolute top-full right-0 left-0 z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-line bg-surface-2 p-1.5 shadow-2xl"
        >
          {options.map((option, i) => (
            <li
              key={
                option.kind === 'user'
                  ? `u-${option.user.id}`
                  : option.kind === 'hashtag'
                    ? `h-${option.hashtag.tag}`
                    : 'search'
              }
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(option)}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm',
                i === active ? 'bg-surface-3' : 'hover:bg-surface-3',
              )}
            >
              {option.kind === 'search' ? (
                <>
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-surface-3 text-muted">
                    <SearchIcon size={16} />
                  </span>
                  <span className="truncate text-fg">
                    Search for “<strong>{option.q}</strong>”
                  </span>
                </>
              ) : option.kind === 'user' ? (
                <>
                  <Avatar
                    name={displayNameOf(option.user)}
                    src={avatarUrlOf(option.user)}
                    size={32}
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-fg">
                      {displayNameOf(option.user)}
                    </span>
                    <span className="block truncate text-xs text-muted">
                      @{option.user.username}
                    </span>
                  </span>
                </>
              ) : (
                <>
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-accent-soft text-accent-text">
                    <HashIcon size={16} />
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-fg">
                      {option.hashtag.name}
                    </span>
                    <span className="block text-xs text-muted">
                      {plural(option.hashtag.postsCount, 'post')}
                    </span>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
