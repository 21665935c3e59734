import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { SUGGESTIONS_DEBOUNCE_MS } from '../use-debounced-value.ts';
import { SearchBox } from './search-box.tsx';

let fetchMock: FetchMock;

function suggestionCalls() {
  return fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://x'))
    .filter((url) => url.pathname === '/api/search/suggestions');
}

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
  fetchMock.mockImplementation(async () =>
    json({
      users: [makePublicUser({ username: 'maya.lens', displayName: 'Maya Lens' })],
      hashtags: [{ tag: 'travel', name: '#travel', postsCount: 3 }],
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('search suggestions', () => {
  it('waits for a pause in typing: one request for the whole word, limit 10', async () => {
    renderPage(<SearchBox />, { others: ['/u/:username', '/search', '/tags/:tag'] });
    const box = screen.getByRole('combobox', { name: 'Search creators and posts' });
    await userEvent.type(box, 'maya');
    expect(suggestionCalls()).toHaveLength(0);
    await waitFor(() => expect(suggestionCalls()).toHaveLength(1), {
      timeout: SUGGESTIONS_DEBOUNCE_MS * 4,
    });
    const [call] = suggestionCalls();
    expect(call!.searchParams.get('q')).toBe('maya');
    expect(call!.searchParams.get('limit')).toBe('10');
    expect(await screen.findByRole('option', { name: /Maya Lens/ })).toBeTruthy();
    expect(suggestionCalls()).toHaveLength(1);
  });

  it('moves with the arrow keys and opens the chosen profile', async () => {
    const { router } = renderPage(<SearchBox />, { others: ['/u/:username', '/search'] });
    const box = screen.getByRole('combobox', { name: 'Search creators and posts' });
    await userEvent.type(box, '@maya');
    await screen.findByRole('option', { name: /Maya Lens/ });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/maya.lens'));
    // '@' is a prefix for the reader, not part of the query.
    expect(suggestionCalls().at(-1)!.searchParams.get('q')).toBe('maya');
  });

  it('Enter without a choice searches everything', async () => {
    const { router } = renderPage(<SearchBox />, { others: ['/search'] });
    await userEvent.type(
      screen.getByRole('combobox', { name: 'Search creators and posts' }),
      'sunset{Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=sunset');
  });
});
