import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch } from '../../../test/render.tsx';
import { DiscoverPage } from './discover-page.tsx';

beforeEach(() => {
  const fetchMock = stubFetch();
  signIn(makeMeUser());
  const maya = makePublicUser({ username: 'maya', displayName: 'Maya', isCreator: true });
  fetchMock.mockImplementation(async (url) => {
    if (url.includes('/users/trending')) return json({ users: [maya] });
    if (url.includes('/discover')) return json({ hashtags: [] });
    return json({ posts: [], currentPage: 1, totalPages: 1, hasMore: false });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('DiscoverPage', () => {
  it('shows trending creators on every screen size, phones included', async () => {
    renderPage(<DiscoverPage />);
    const aside = screen.getByRole('complementary', { name: 'Creators' });
    // a `hidden` class (display: none below lg) would hide them on phones
    expect(aside.className.split(/\s+/)).not.toContain('hidden');
    expect(await screen.findByText('Maya')).toBeTruthy();
  });
});
