import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { makePost } from '../../test/post-fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { ProductionsPage } from './pages/productions-page.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('ProductionsPage', () => {
  it('creates a production with a release and a collaborator', async () => {
    signIn(makeMeUser({ isCreator: true, accountType: 'creator' }));
    const saved: unknown[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/releases/list')
        return json({ releases: [{ id: 'rel-1', modelName: 'Ana', status: 'signed' }] });
      if (url.startsWith('/api/posts/user/'))
        return json({ posts: [], currentPage: 1, totalPages: 0, hasMore: false });
      if (url === '/api/productions' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return json(
          {
            id: 'p1',
            creatorId: 'me',
            releases: [],
            postIds: [],
            createdAt: '',
            updatedAt: '',
            ...body,
          },
          201,
        );
      }
      if (url.startsWith('/api/productions'))
        return json({ productions: [], total: 0, page: 1, hasMore: false });
      return json({});
    });
    renderPage(<ProductionsPage />);
    expect(await screen.findByText('No productions yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New production' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Beach shoot');
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'shooting');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Ana/ }));
    expect(await within(dialog).findByText('You have no posts yet.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add collaborator' }));
    await userEvent.type(within(dialog).getByLabelText('Collaborator 1 name'), 'Sam');
    await userEvent.type(within(dialog).getByLabelText('Role'), 'Photographer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      title: 'Beach shoot',
      status: 'shooting',
      shootDate: null,
      releaseIds: ['rel-1'],
      postIds: [],
      collaborators: [{ name: 'Sam', role: 'Photographer', userId: null }],
    });
  });

  it('links a searched post from a later page and lists it with a link', async () => {
    const me = makeMeUser({ isCreator: true, accountType: 'creator' });
    signIn(me);
    const recent = makePost({ caption: 'Morning teaser', createdAt: '2026-11-20T10:00:00.000Z' });
    const older = makePost({ caption: 'Beach set reveal', createdAt: '2026-10-01T10:00:00.000Z' });
    const saved: Record<string, unknown>[] = [];
    const postPages: string[] = [];
    let productions: unknown[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/releases/list') return json({ releases: [] });
      if (url.startsWith(`/api/posts/user/${me.id}`)) {
        postPages.push(url);
        return url.includes('offset=50')
          ? json({ posts: [older], currentPage: 2, totalPages: 2, hasMore: false })
          : json({ posts: [recent], currentPage: 1, totalPages: 2, hasMore: true });
      }
      if (url === '/api/productions' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        const production = {
          id: 'p1',
          creatorId: me.id,
          description: '',
          status: 'planned',
          shootDate: null,
          releaseIds: [],
          releases: [],
          collaborators: [],
          posts: [{ id: older.id, caption: older.caption, createdAt: older.createdAt }],
          createdAt: '',
          updatedAt: '',
          ...body,
        };
        productions = [production];
        return json(production, 201);
      }
      if (url.startsWith('/api/productions'))
        return json({ productions, total: productions.length, page: 1, hasMore: false });
      return json({});
    });
    renderPage(<ProductionsPage />, { others: [`/p/${older.id}`] });
    expect(await screen.findByText('No productions yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New production' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Beach shoot');
    expect(await within(dialog).findByRole('checkbox', { name: /Morning teaser/ })).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Search your posts'), 'beach');
    expect(within(dialog).getByText(/No loaded post matches/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more posts' }));
    const pick = await within(dialog).findByRole('checkbox', { name: /Beach set reveal/ });
    expect(within(dialog).queryByRole('checkbox', { name: /Morning teaser/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Load more posts' })).toBeNull();
    await userEvent.click(pick);
    expect(within(dialog).getByText('(1 linked)')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ title: 'Beach shoot', postIds: [older.id] });
    expect(postPages).toHaveLength(2);
    const list = await screen.findByRole('list', { name: 'Posts of Beach shoot' });
    await userEvent.click(within(list).getByRole('link', { name: 'Beach set reveal' }));
    expect(await screen.findByText(`Page /p/${older.id}`)).toBeTruthy();
  });

  it('keeps linked posts when editing and shows a retry when the posts fail to load', async () => {
    const me = makeMeUser({ isCreator: true, accountType: 'creator' });
    signIn(me);
    const linked = { id: 'post-1', caption: 'Old gem', createdAt: '2026-01-02T00:00:00.000Z' };
    const production = {
      id: 'p1',
      creatorId: me.id,
      title: 'Studio day',
      description: '',
      status: 'editing',
      shootDate: null,
      releaseIds: [],
      releases: [],
      collaborators: [],
      postIds: [linked.id],
      posts: [linked],
      createdAt: '',
      updatedAt: '',
    };
    const saved: Record<string, unknown>[] = [];
    let postsFail = true;
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/releases/list') return json({ releases: [] });
      if (url.startsWith('/api/posts/user/'))
        return postsFail
          ? json({ error: 'boom' }, 500)
          : json({ posts: [], currentPage: 1, totalPages: 0, hasMore: false });
      if (url === '/api/productions/p1' && init.method === 'PUT') {
        saved.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return json(production);
      }
      return json({ productions: [production], total: 1, page: 1, hasMore: false });
    });
    renderPage(<ProductionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Studio day' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Could not load your posts.')).toBeTruthy();
    postsFail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    // the linked post is not on a loaded page, yet stays listed and ticked
    const box = await within(dialog).findByRole('checkbox', { name: /Old gem/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(box);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ postIds: [] });
  });

  it('pages the list with "Show more" while the server has more', async () => {
    const me = makeMeUser({ isCreator: true, accountType: 'creator' });
    signIn(me);
    const production = (id: string, title: string) => ({
      id,
      creatorId: me.id,
      title,
      description: '',
      status: 'planned',
      shootDate: null,
      releaseIds: [],
      releases: [],
      collaborators: [],
      postIds: [],
      posts: [],
      createdAt: '',
      updatedAt: '',
    });
    const asked: string[] = [];
    fetchMock.mockImplementation(async (url) => {
      asked.push(url);
      return url.includes('page=2')
        ? json({
            productions: [production('p2', 'Night shoot')],
            total: 2,
            page: 2,
            hasMore: false,
          })
        : json({ productions: [production('p1', 'Day shoot')], total: 2, page: 1, hasMore: true });
    });
    renderPage(<ProductionsPage />);
    expect(await screen.findByText('Day shoot')).toBeTruthy();
    expect(screen.queryByText('Night shoot')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Night shoot')).toBeTruthy();
    expect(screen.getByText('Day shoot')).toBeTruthy();
    expect(screen.getAllByTestId('production-card')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(asked.filter((u) => u.startsWith('/api/productions'))).toHaveLength(2);
  });

  it('sends non-creators to the creator settings', async () => {
    signIn(makeMeUser());
    fetchMock.mockImplementation(async () => json({}));
    renderPage(<ProductionsPage />, { others: ['/settings/creator'] });
    expect(await screen.findByText('Page /settings/creator')).toBeTruthy();
  });
});
