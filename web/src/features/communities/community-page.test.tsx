import type { Community, CommunityMember, CommunityPost } from '@fanspace/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeCommunity } from '../../test/community-fixtures.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { CommunityPage } from './pages/community-page.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

const user = (id: string, username: string) => ({
  id,
  userId: id,
  username,
  displayName: null,
  avatarUrl: null,
  isCreator: false,
  isVerified: false,
});

const community = (over: Partial<Community> = {}) =>
  makeCommunity({ memberCount: 2, isMember: true, role: 'member', canPost: true, ...over });

const post = (id: string, content: string): CommunityPost => ({
  id,
  communityId: 'c1',
  authorId: 'u9',
  author: user('u9', 'coach'),
  content,
  image: null,
  imageUrl: null,
  likeCount: 1,
  isLiked: false,
  canDelete: false,
  createdAt: '2026-11-25T10:00:00Z',
});

const member = (id: string, username: string, role: CommunityMember['role']): CommunityMember => ({
  userId: id,
  role,
  joinedAt: '2026-11-21T10:00:00Z',
  user: user(id, username),
});

function serve(routes: { posts?: () => Response; members?: () => Response; c?: Community }) {
  fetchMock.mockImplementation(async (url) => {
    if (url.startsWith('/api/communities/c1/posts'))
      return routes.posts?.() ?? json({ communityId: 'c1', posts: [], page: 1, hasMore: false });
    if (url.startsWith('/api/communities/c1/members'))
      return (
        routes.members?.() ??
        json({ members: [member('u9', 'coach', 'owner')], total: 1, page: 1, hasMore: false })
      );
    if (url.startsWith('/api/communities/c1')) return json(routes.c ?? community());
    return json({});
  });
}

const open = () =>
  renderPage(<CommunityPage />, { path: '/communities/:communityId', at: '/communities/c1' });

describe('CommunityPage tabs (spec §2 community views)', () => {
  it('posts: the composer for a member who may post, then the posts', async () => {
    serve({
      posts: () =>
        json({
          communityId: 'c1',
          posts: [post('p1', 'Hill repeats at 7')],
          page: 1,
          hasMore: false,
        }),
    });
    open();
    const section = await screen.findByRole('region', { name: 'Posts' });
    expect(within(section).getByRole('form', { name: 'New community post' })).toBeTruthy();
    expect(await within(section).findByText('Hill repeats at 7')).toBeTruthy();
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
  });

  it('posts: the empty state says how to start, by whether the viewer may post', async () => {
    serve({ c: community({ isMember: false, role: null, canPost: false }) });
    open();
    const section = await screen.findByRole('region', { name: 'Posts' });
    expect(await within(section).findByText('No posts yet')).toBeTruthy();
    expect(within(section).getByText('Join to start the conversation.')).toBeTruthy();
    expect(within(section).queryByRole('form')).toBeNull();
  });

  it('posts: a failed load offers a retry that shows the posts', async () => {
    let fail = true;
    serve({
      posts: () =>
        fail
          ? json({ error: { code: 'INTERNAL', message: 'boom' } }, 500)
          : json({ communityId: 'c1', posts: [post('p1', 'Back again')], page: 1, hasMore: false }),
    });
    open();
    const section = await screen.findByRole('region', { name: 'Posts' });
    const retry = await within(section).findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await within(section).findByText('Back again')).toBeTruthy();
  });

  it('members: the invite form and the members list, labelled by the total', async () => {
    serve({
      members: () =>
        json({
          members: [member('u9', 'coach', 'owner'), member('u2', 'runner', 'member')],
          total: 2,
          page: 1,
          hasMore: false,
        }),
    });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'Members (2)' }));
    const section = await screen.findByRole('region', { name: 'Members' });
    expect(within(section).getByRole('form', { name: 'Invite someone' })).toBeTruthy();
    const list = await within(section).findByRole('list', { name: '2 members' });
    expect(within(list).getByText('@coach')).toBeTruthy();
    expect(within(list).getByText('@runner')).toBeTruthy();
    expect(within(list).getByText('Owner')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Posts' })).toBeNull();
  });

  it('members: a failed load offers a retry', async () => {
    let fail = true;
    serve({
      members: () =>
        fail
          ? json({ error: { code: 'INTERNAL', message: 'boom' } }, 500)
          : json({
              members: [member('u2', 'runner', 'member')],
              total: 1,
              page: 1,
              hasMore: false,
            }),
    });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'Members (2)' }));
    const section = await screen.findByRole('region', { name: 'Members' });
    const retry = await within(section).findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await within(section).findByRole('list', { name: '1 member' })).toBeTruthy();
  });

  it('posts: past the first page, "Show more" loads the next page below', async () => {
    serve({
      posts: () => {
        const url = String(fetchMock.mock.calls.at(-1)?.[0]);
        return url.includes('page=2')
          ? json({ communityId: 'c1', posts: [post('p2', 'Older one')], page: 2, hasMore: false })
          : json({ communityId: 'c1', posts: [post('p1', 'Newest')], page: 1, hasMore: true });
      },
    });
    open();
    const section = await screen.findByRole('region', { name: 'Posts' });
    expect(await within(section).findByText('Newest')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Show more' }));
    expect(await within(section).findByText('Older one')).toBeTruthy();
    expect(within(section).getByText('Newest')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('members: past the first page, "Show more" loads the next members', async () => {
    serve({
      members: () => {
        const url = String(fetchMock.mock.calls.at(-1)?.[0]);
        return url.includes('page=2')
          ? json({
              members: [member('u3', 'sprinter', 'member')],
              total: 2,
              page: 2,
              hasMore: false,
            })
          : json({ members: [member('u9', 'coach', 'owner')], total: 2, page: 1, hasMore: true });
      },
    });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'Members (2)' }));
    const section = await screen.findByRole('region', { name: 'Members' });
    const list = await within(section).findByRole('list', { name: '2 members' });
    expect(within(list).getByText('@coach')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('@sprinter')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('edit: the owner changes the name in the edit modal; only what changed is sent', async () => {
    let current = community({ role: 'owner', canManage: true });
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/communities/c1' && init.method === 'PUT') {
        current = { ...current, ...(JSON.parse(String(init.body)) as Partial<Community>) };
        return json(current);
      }
      if (url.startsWith('/api/communities/c1/posts'))
        return json({ communityId: 'c1', posts: [], page: 1, hasMore: false });
      if (url.startsWith('/api/communities/c1')) return json(current);
      return json({});
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit community' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const name = within(dialog).getByLabelText(/Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Trail Runners');
    await userEvent.click(save);
    expect(await screen.findByRole('heading', { name: 'Trail Runners' })).toBeTruthy();
    const put = fetchMock.mock.calls.find(
      ([u, i]) => u === '/api/communities/c1' && i.method === 'PUT',
    );
    expect(JSON.parse(String(put![1].body))).toEqual({ name: 'Trail Runners' });
    expect(screen.queryByRole('dialog', { name: 'Edit community' })).toBeNull();
  });

  it('edit: a plain member is not offered the edit modal', async () => {
    serve({});
    open();
    expect(await screen.findByRole('button', { name: 'Leave' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
