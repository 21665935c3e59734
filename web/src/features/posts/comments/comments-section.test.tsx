import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { makeComment, makeLockedPost, makePost } from '../../../test/post-fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import { CommentsSection } from './comments-section.tsx';
import { threadComments } from './threads.ts';

let fetchMock: FetchMock;
const me = makeMeUser({ username: 'fan' });
const other = makePublicUser({ username: 'maya.lens' });

function page(comments: ReturnType<typeof makeComment>[]) {
  return {
    comments,
    commentsCount: comments.length,
    currentPage: 1,
    totalPages: 1,
    hasMore: false,
  };
}

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(me);
});
afterEach(() => vi.unstubAllGlobals());

describe('comments', () => {
  it("shows '[message deleted]' for a deleted comment, without its actions", async () => {
    const post = makePost();
    const deleted = makeComment({
      isDeleted: true,
      text: '[message deleted]',
      user: other,
      userId: other.id,
    });
    fetchMock.mockResolvedValue(json(page([deleted, makeComment({ text: 'Still here' })])));
    renderPage(<CommentsSection post={post} />);
    expect(await screen.findByText('[message deleted]')).toBeTruthy();
    expect(screen.getByText('Still here')).toBeTruthy();
    expect(screen.queryByText('maya.lens', { exact: false })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Like comment' })).toHaveLength(1);
  });

  it('nests replies one level under their top-level comment', async () => {
    const root = makeComment({ text: 'First!' });
    const reply = makeComment({ text: 'Reply one', replyToCommentId: root.id });
    const replyToReply = makeComment({ text: 'Reply two', replyToCommentId: reply.id });
    expect(threadComments([root, reply, replyToReply])).toEqual([
      { comment: root, replies: [reply, replyToReply] },
    ]);

    fetchMock.mockResolvedValue(json(page([root, reply, replyToReply])));
    renderPage(<CommentsSection post={makePost()} />);
    const replies = await screen.findByRole('list', {
      name: `Replies to @${root.user.username}`,
    });
    expect(within(replies).getByText('Reply one')).toBeTruthy();
    expect(within(replies).getByText('Reply two')).toBeTruthy();
  });

  it('deletes optimistically and reloads the post when the server refuses (spec §4)', async () => {
    const post = makePost();
    const mine = makeComment({ text: 'Oops typo', user: me, userId: me.id });
    let failDelete: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (url, init) => {
      if (init.method === 'DELETE') return new Promise<Response>((r) => (failDelete = r));
      if (url.includes('/comments')) return json(page([mine]));
      return json(post);
    });
    renderPage(<CommentsSection post={post} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment' }));
    expect(screen.getByText('[message deleted]')).toBeTruthy();

    const before = fetchMock.mock.calls.filter(([u]) => u.includes('/comments?')).length;
    await act(async () => failDelete(json({ message: 'Comment is locked' }, 500)));
    await waitFor(() => expect(screen.getByText('Oops typo')).toBeTruthy());
    expect(toastMessages()).toContain('Comment is locked');
    expect(fetchMock.mock.calls.filter(([u]) => u.includes('/comments?')).length).toBeGreaterThan(
      before,
    );
  });

  it('sends a reply with replyToCommentId', async () => {
    const post = makePost();
    const root = makeComment({ text: 'Great shot', user: other, userId: other.id });
    const created = makeComment({ text: '@maya.lens thanks', replyToCommentId: root.id });
    fetchMock.mockImplementation(async (_url, init) =>
      init.method === 'POST' ? json(created, 201) : json(page([root])),
    );
    renderPage(<CommentsSection post={post} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to @maya.lens' }));
    const box = screen.getByRole('combobox', { name: 'Reply to @maya.lens' });
    expect((box as HTMLTextAreaElement).value).toBe('@maya.lens ');
    await userEvent.type(box, 'thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init.method === 'POST')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([, i]) => i.method === 'POST')!;
    expect(JSON.parse(String(init.body))).toEqual({
      text: '@maya.lens thanks',
      replyToCommentId: root.id,
    });
  });

  it('shows a reply in its thread at once, though later pages are not loaded yet', async () => {
    const post = makePost();
    const root = makeComment({ text: 'Great shot', user: other, userId: other.id });
    const created = makeComment({ text: '@maya.lens thanks', replyToCommentId: root.id });
    fetchMock.mockImplementation(async (_url, init) =>
      init.method === 'POST'
        ? json(created, 201)
        : json({ ...page([root]), totalPages: 2, hasMore: true }),
    );
    renderPage(<CommentsSection post={post} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to @maya.lens' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Reply to @maya.lens' }), 'thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const replies = await screen.findByRole('list', { name: 'Replies to @maya.lens' });
    await waitFor(() => expect(within(replies).getByText('thanks', { exact: false })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Load more comments' })).toBeTruthy();
  });

  it('shows a new comment at once and, when the later pages load, only where it belongs', async () => {
    const post = makePost();
    const first = makeComment({ text: 'Oldest', user: other, userId: other.id });
    const middle = makeComment({ text: 'Middle', user: other, userId: other.id });
    const created = makeComment({ text: 'Mine, the newest' });
    fetchMock.mockImplementation(async (url, init) =>
      init.method === 'POST'
        ? json(created, 201)
        : url.includes('page=2')
          ? json({ ...page([middle, created]), currentPage: 2, totalPages: 2 })
          : json({ ...page([first]), totalPages: 2, hasMore: true }),
    );
    renderPage(<CommentsSection post={post} />);
    await screen.findByText('Oldest');
    await userEvent.type(screen.getByRole('combobox', { name: 'Add a comment' }), 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Mine, the newest')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    await screen.findByText('Middle');
    expect(screen.getAllByText('Mine, the newest')).toHaveLength(1);
    const [oldest, middle2, mine] = ['Oldest', 'Middle', 'Mine, the newest'].map((t) =>
      screen.getByText(t),
    );
    const follows = (a: Element, b: Element) =>
      (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(follows(oldest!, middle2!) && follows(middle2!, mine!)).toBe(true);
  });

  it('does not load comments of a locked post', () => {
    renderPage(<CommentsSection post={makeLockedPost()} />);
    expect(screen.getByText(/Unlock this post to read/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
