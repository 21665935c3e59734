/**
 * The back office's search (or filter) box: a labelled field and a submit button, applied on
 * submit (not on every keystroke) so a half-typed word does not fire a request.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { SearchIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/text-field.tsx';

export interface SearchFormProps {
  label: string;
  placeholder?: string;
  /** called with the trimmed text ('' clears the search) */
  onSearch: (text: string) => void;
  buttonLabel?: string;
  maxLength?: number;
  className?: string;
  /** role="search" for a search; a plain form for a filter */
  search?: boolean;
}

export function SearchForm({
  label,
  placeholder,
  onSearch,
  buttonLabel = 'Search',
  maxLength = 100,
  className,
  search = true,
}: SearchFormProps) {
  const [text, setText] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form
      role={search ? 'search' : undefined}
      onSubmit={submit}
      className={cn('flex items-end gap-2', className)}
    >
      <TextField
        className="min-w-0 flex-1"
        label={label}
        type={search ? 'search' : 'text'}
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        className="h-11"
        icon={search ? <SearchIcon size={16} /> : undefined}
      >
        {buttonLabel}
      </Button>
    </form>
  );
}
