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
});
