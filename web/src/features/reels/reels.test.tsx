import type { Reel } from '@fanspace/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { ReelsPage } from './pages/reels-page.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

const reel = (id: string, over: Partial<Reel> = {}): Reel => ({
  id,
  userId: 'u1',
  user: {
    id: 'u1',
    userId: 'u1',
    username: 'maya',
    displayName: 'Maya',
    avatarUrl: null,
    isVerified: true,
  },
  caption: `Caption ${id}`,
  mediaId: 'm1',
  videoUrl: `/api/media/${id}/content`,
  posterUrl: null,
  durationSeconds: 5,
  width: 540,
  height: 960,
  likeCount: 2,
  viewCount: 0,
  commentCount: 0,
  isLiked: false,
  isOwn: false,
  createdAt: '2026-11-25T10:00:00Z',
  ...over,
});

describe('ReelsPage', () => {
  it('shows one reel, moves with the keyboard, records views and likes optimistically', async () => {
    let likeStatus = 200;
    fetchMock.mockImplementation(async (url, init) => {
      if (url.startsWith('/api/reels?') || url === '/api/reels')
        return json({ reels: [reel('r1'), reel('r2')], nextCursor: null, hasMore: false });
      if (url.endsWith('/view'))
        return json({ reelId: url.split('/')[3], counted: true, viewCount: 1 });
      if (url.endsWith('/like') && init.method === 'POST')
        return likeStatus === 200
          ? json({ reelId: 'r1', liked: true, isLiked: true, likeCount: 3 })
          : json({ message: 'Server error', code: 'INTERNAL' }, 500);
      return json({});
    });
    renderPage(<ReelsPage />);
    expect(await screen.findByRole('article', { name: 'Reel by Maya' })).toBeTruthy();
    expect(screen.getByText('Caption r1')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => u === '/api/reels/r1/view')).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(screen.getByTestId('reel-likes').textContent).toBe('3'));

    fireEvent.keyDown(screen.getByRole('region'), { key: 'ArrowDown' });
    expect(await screen.findByText('Caption r2')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => u === '/api/reels/r2/view')).toBe(true),
    );
    likeStatus = 500;
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    // rolled back after the failure
    await waitFor(() => expect(screen.getByTestId('reel-likes').textContent).toBe('2'));
    fireEvent.keyDown(screen.getByRole('region'), { key: 'ArrowUp' });
    expect(await screen.findByText('Caption r1')).toBeTruthy();
  });

  it('asks a failing next page once, not in a loop, and again only when told to', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url.includes('cursor=c2')) {
        // a real server takes a moment: the page renders the request as in flight
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json({ message: 'Server error', code: 'INTERNAL' }, 500);
      }
      if (url.startsWith('/api/reels?') || url === '/api/reels')
        return json({ reels: [reel('r1'), reel('r2')], nextCursor: 'c2', hasMore: true });
      return json({ reelId: 'r1', counted: true, viewCount: 1 });
    });
    const nextPages = () => fetchMock.mock.calls.filter(([u]) => u.includes('cursor=c2'));
    renderPage(<ReelsPage />);
    expect(await screen.findByText('Caption r1')).toBeTruthy();
    await waitFor(() => expect(nextPages()).toHaveLength(1));
    // long enough for a loop to have asked many times
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(nextPages()).toHaveLength(1);

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(nextPages()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(nextPages()).toHaveLength(2);
  });

  it('asks before deleting an own reel', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (url.startsWith('/api/reels?') || url === '/api/reels')
        return json({ reels: [reel('r1', { isOwn: true })], nextCursor: null, hasMore: false });
      if (init.method === 'DELETE') return json({ ok: true, message: 'Reel deleted' });
      return json({});
    });
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init.method === 'DELETE');
    renderPage(<ReelsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete reel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this reel?' });
    expect(deletes()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete reel' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(deletes().map(([u]) => u)).toEqual(['/api/reels/r1']));
  });

  it('opens the comments and adds one', async () => {
    const comments: Array<{ id: string; content: string }> = [];
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/reels/r1/comments' && init.method === 'POST') {
        const { content } = JSON.parse(String(init.body)) as { content: string };
        comments.push({ id: `c${comments.length}`, content });
        return json(
          {
            id: 'c0',
            reelId: 'r1',
            userId: 'me',
            user: null,
            content,
            createdAt: '2026-11-25T10:00:00Z',
            canDelete: true,
          },
          201,
        );
      }
      if (url.startsWith('/api/reels/r1/comments'))
        return json({
          reelId: 'r1',
          comments: comments.map((c) => ({
            ...c,
            reelId: 'r1',
            userId: 'me',
            user: null,
            createdAt: '2026-11-25T10:00:00Z',
            canDelete: true,
          })),
          commentCount: comments.length,
          page: 1,
          hasMore: false,
        });
      if (url.startsWith('/api/reels'))
        return json({ reels: [reel('r1')], nextCursor: null, hasMore: false });
      return json({});
    });
    renderPage(<ReelsPage />);
    await userEvent.click(await screen.findByRole('button', { name: '0 comments' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('No comments yet. Be the first.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Add a comment'), 'So good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('So good')).toBeTruthy();
  });

  it('past the first page of comments, "Show more comments" loads the newer ones', async () => {
    const comment = (id: string, content: string) => ({
      id,
      reelId: 'r1',
      userId: 'u2',
      user: null,
      content,
      createdAt: '2026-11-25T10:00:00Z',
      canDelete: false,
    });
    fetchMock.mockImplementation(async (url) => {
      if (url.startsWith('/api/reels/r1/comments'))
        return url.includes('page=2')
          ? json({
              reelId: 'r1',
              comments: [comment('c2', 'Newest one')],
              commentCount: 2,
              page: 2,
              hasMore: false,
            })
          : json({
              reelId: 'r1',
              comments: [comment('c1', 'Oldest one')],
              commentCount: 2,
              page: 1,
              hasMore: true,
            });
      if (url.startsWith('/api/reels'))
        return json({ reels: [reel('r1', { commentCount: 2 })], nextCursor: null, hasMore: false });
      return json({});
    });
    renderPage(<ReelsPage />);
    await userEvent.click(await screen.findByRole('button', { name: '2 comments' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Oldest one')).toBeTruthy();
    expect(within(dialog).queryByText('Newest one')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show more comments' }));
    expect(await within(dialog).findByText('Newest one')).toBeTruthy();
    expect(within(dialog).getByText('Oldest one')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Show more comments' })).toBeNull();
  });
});
