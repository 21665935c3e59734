import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeCommunity } from '../../test/community-fixtures.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { CommunitiesPage } from './pages/communities-page.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

const community = makeCommunity;

const listUrls = () =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/communities?'));

describe('CommunitiesPage (spec §2 community views)', () => {
  it('asks with category all and sortBy activity by default, then with the chosen filters', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url.startsWith('/api/communities?'))
        return json({ communities: [community()], total: 1, page: 1, hasMore: false });
      return json({ communities: [] });
    });
    renderPage(<CommunitiesPage />);
    const grid = await screen.findByRole('list', { name: 'Communities' });
    expect(within(grid).getByText('Runners')).toBeTruthy();
    expect(listUrls()[0]).toContain('category=all');
    expect(listUrls()[0]).toContain('sortBy=activity');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'art');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'members');
    await userEvent.type(screen.getByLabelText('Search communities'), 'run');
    await waitFor(() => {
      const last = listUrls().at(-1) ?? '';
      expect(last).toContain('category=art');
      expect(last).toContain('sortBy=members');
      expect(last).toContain('search=run');
    });
  });

  it('joins through the join modal; a private community without invite cannot be joined', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/communities/c1/join' && init.method === 'POST')
        return json({
          ok: true,
          message: 'Joined',
          community: community({ isMember: true, role: 'member' }),
        });
      if (url.startsWith('/api/communities?'))
        return json({
          communities: [
            community(),
            community({ id: 'c2', communityId: 'c2', name: 'Secret', isPrivate: true }),
          ],
          total: 2,
          page: 1,
          hasMore: false,
        });
      return json({ communities: [] });
    });
    renderPage(<CommunitiesPage />, { others: ['/communities/:id'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Secret' }));
    const privateDialog = screen.getByRole('dialog');
    expect(
      within(privateDialog).getByText('This community is private. You need an invite to join.'),
    ).toBeTruthy();
    expect(
      (within(privateDialog).getByRole('button', { name: 'Join community' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await userEvent.click(within(privateDialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Join Runners' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Join community' }),
    );
    expect(await screen.findByText('Page /communities/:id')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/communities/c1/join' && init.method === 'POST',
      ),
    ).toBe(true);
  });

  it('creates a community from the create modal and shows the server’s refusal', async () => {
    let attempts = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/communities' && init.method === 'POST') {
        attempts += 1;
        if (attempts === 1)
          return json(
            { message: 'A community with this name already exists', code: 'CONFLICT' },
            409,
          );
        return json(community({ id: 'c3', name: 'Painters', isMember: true, role: 'owner' }), 201);
      }
      if (url.startsWith('/api/communities?'))
        return json({ communities: [], total: 0, page: 1, hasMore: false });
      return json({ communities: [] });
    });
    renderPage(<CommunitiesPage />, { others: ['/communities/:id'] });
    expect(await screen.findByText('No communities yet')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Create community' })[0]!);
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Painters');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'art');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('A community with this name already exists'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Page /communities/:id')).toBeTruthy();
    const body = JSON.parse(
      String(
        fetchMock.mock.calls.find(([u, i]) => u === '/api/communities' && i.method === 'POST')![1]
          .body,
      ),
    );
    expect(body).toMatchObject({ name: 'Painters', category: 'art', isPrivate: false });
  });

  it('opens the create modal empty again after a refusal and Cancel', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/communities' && init.method === 'POST')
        return json(
          { message: 'A community with this name already exists', code: 'CONFLICT' },
          409,
        );
      if (url.startsWith('/api/communities?'))
        return json({ communities: [], total: 0, page: 1, hasMore: false });
      return json({ communities: [] });
    });
    renderPage(<CommunitiesPage />);
    expect(await screen.findByText('No communities yet')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Create community' })[0]!);
    let dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Painters');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('A community with this name already exists'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Create community' })[0]!);
    dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText(/Name/) as HTMLInputElement).value).toBe('');
    expect(within(dialog).queryByText('A community with this name already exists')).toBeNull();
  });
});
