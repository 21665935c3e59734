import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../test/render.tsx';
import { pageInfo } from '../test/admin-fixtures.ts';
import { PostsPage } from './posts-page.tsx';

let fetchMock: FetchMock;
let deleteStatus = 200;
const post = {
  id: '88888888-8888-4888-8888-888888888888',
  caption: 'Buy my stuff',
  type: 'image',
  accessLevel: 'public',
  price: null,
  likeCount: 1,
  commentCount: 1,
  mediaCount: 1,
  openReports: 2,
  user: { id: '99999999-9999-4999-8999-999999999999', username: 'spammer' },
  createdAt: '2026-01-03T10:00:00.000Z',
};

const comment = {
  id: '66666666-6666-4666-8666-666666666666',
  text: 'you are all idiots',
  user: { id: '44444444-4444-4444-8444-444444444444', username: 'troll' },
  replyToCommentId: null,
  isDeleted: false,
  openReports: 1,
  createdAt: '2026-01-03T11:00:00.000Z',
};

describe('PostsPage', () => {
  beforeEach(() => {
    deleteStatus = 200;
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname } = new URL(url, 'http://x');
      if (pathname === '/api/admin/posts') return json({ posts: [post], ...pageInfo(1) });
      if (pathname === `/api/admin/posts/${post.id}` && init.method === 'DELETE') {
        if (deleteStatus !== 200) return json({ message: 'Gone', code: 'NOT_FOUND' }, deleteStatus);
        return json({ ok: true, postId: post.id, message: 'Post deleted' });
      }
      if (pathname === `/api/admin/posts/${post.id}/comments`) return json({ comments: [comment] });
      if (
        pathname === `/api/admin/posts/${post.id}/comments/${comment.id}` &&
        init.method === 'DELETE'
      )
        return json({ ok: true, message: 'Comment deleted by admin.' });
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('filters reported posts and deletes one with a reason', async () => {
    renderPage(<PostsPage />);
    const table = await screen.findByRole('table', { name: 'Posts' });
    fireEvent.click(screen.getByLabelText('Reported only'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => new URL(u, 'http://x').searchParams.get('reported') === 'true',
        ),
      ).toBe(true),
    );
    expect(new URL(fetchMock.mock.calls[0]![0], 'http://x').searchParams.get('limit')).toBe('20');
    fireEvent.click(within(table).getByRole('button', { name: 'Delete post by @spammer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: 'Spam' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(toastMessages()).toContain('Post deleted by admin.'));
    const del = fetchMock.mock.calls.find(([, init]) => init.method === 'DELETE');
    expect(JSON.parse(String(del![1].body))).toEqual({ reason: 'Spam' });
  });

  it('shows the failure toast when deleting fails', async () => {
    deleteStatus = 404;
    renderPage(<PostsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete post by @spammer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(toastMessages()).toContain('Failed to delete post.'));
  });

  it("lists a post's comments and deletes one", async () => {
    renderPage(<PostsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Comments on post by @spammer' }));
    const drawer = await screen.findByRole('dialog', { name: "Comments on @spammer's post" });
    expect(await within(drawer).findByText('you are all idiots')).toBeTruthy();
    expect(within(drawer).getByText('1 open report(s)')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Delete comment by @troll' }));
    await waitFor(() => expect(toastMessages()).toContain('Comment deleted by admin.'));
  });
});
