import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { applyMention, findMentionAt } from '../mention.ts';
import { MentionTextarea } from './mention-textarea.tsx';

let fetchMock: FetchMock;

function Harness() {
  const [value, setValue] = useState('');
  return <MentionTextarea label="Add a comment" value={value} onValueChange={setValue} />;
}

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
  fetchMock.mockResolvedValue(
    json({
      users: [makePublicUser({ username: 'maya.lens', displayName: 'Maya Lens' })],
      hashtags: [],
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('@mention autocomplete', () => {
  it('finds the mention being typed and completes it', () => {
    expect(findMentionAt('hi @ma', 6)).toEqual({ start: 3, query: 'ma' });
    expect(findMentionAt('mail@ma', 7)).toBeNull();
    expect(applyMention('hi @ma', { start: 3, query: 'ma' }, 'maya.lens')).toEqual({
      text: 'hi @maya.lens ',
      caret: 14,
    });
  });

  it('suggests people (limit 10) and inserts the chosen one with Enter', async () => {
    renderPage(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Add a comment' });
    await userEvent.type(box, 'Nice one @ma');
    const option = await screen.findByRole('option', { name: /Maya Lens/ });
    expect(option.getAttribute('aria-selected')).toBe('true');
    const url = new URL(fetchMock.mock.calls.at(-1)![0], 'http://x');
    expect(url.pathname).toBe('/api/search/suggestions');
    expect(url.searchParams.get('q')).toBe('ma');
    expect(url.searchParams.get('limit')).toBe('10');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Nice one @maya.lens '));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('puts the caret after prefilled text when it takes the focus (a reply starts with @name)', async () => {
    function Prefilled() {
      const [value, setValue] = useState('@maya.lens ');
      return <MentionTextarea label="Reply" value={value} onValueChange={setValue} autoFocus />;
    }
    // jsdom already puts the caret at the end where Chrome leaves it at 0: watch the call
    const select = vi.spyOn(HTMLTextAreaElement.prototype, 'setSelectionRange');
    renderPage(<Prefilled />);
    const box = screen.getByRole('combobox', { name: 'Reply' }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(box);
    expect(select).toHaveBeenCalledWith(11, 11);
    select.mockRestore();
    expect([box.selectionStart, box.selectionEnd]).toEqual([11, 11]);
    await userEvent.keyboard('thanks');
    expect(box.value).toBe('@maya.lens thanks');
  });
});
