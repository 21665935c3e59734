import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_UNKNOWN_ERROR } from '../../../lib/money.ts';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { makeLockedPost, makePost, ORIGINAL_URL, TEASER_URL } from '../../../test/post-fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import type { Post } from '@fanspace/contracts';
import { useProfileQuery } from '../../profile/queries.ts';
import { walletKeys } from '../../wallet/queries.ts';
import { deletePostOnce, usePostQuery } from '../queries.ts';
import { PostCard } from './post-card.tsx';

let fetchMock: FetchMock;

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Renders the post from the query cache, as the feed and post page do. */
function CachedPost({ id }: { id: string }) {
  const post = usePostQuery(id);
  return post.data ? <PostCard post={post.data} /> : null;
}

function callsTo(path: string, method?: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => url.startsWith(`/api${path}`) && (!method || init.method === method),
  );
}

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ username: 'fan' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('locked posts', () => {
  it('show only the blurred teaser, the price and an unlock call to action', () => {
    const post = makeLockedPost();
    const container = document.body;
    renderPage(<PostCard post={post} />);

    const overlay = screen.getByRole('group', { name: 'Locked post' });
    expect(within(overlay).getByText('$4.99')).toBeTruthy();
    expect(within(overlay).getByRole('button', { name: 'Unlock for $4.99' })).toBeTruthy();
    const images = [...container.querySelectorAll('img')];
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) expect(img.getAttribute('src')).toBe(TEASER_URL);
    expect(container.innerHTML).not.toContain('variant=large');
    expect(container.querySelector('video')).toBeNull();
  });

  it('says "Subscribe to unlock" for subscriber posts and "Follow to see" for follower posts', () => {
    renderPage(
      <>
        <PostCard
          post={makeLockedPost({
            accessLevel: 'subscribers',
            price: null,
            priceCents: null,
            requiresUnlock: false,
          })}
        />
        <PostCard
          post={makeLockedPost({
            accessLevel: 'followers',
            price: null,
            priceCents: null,
            requiresUnlock: false,
          })}
        />
      </>,
    );
    const [subscribers, followers] = screen.getAllByRole('group', { name: 'Locked post' });
    expect(within(subscribers!).getByText('Subscribe to unlock')).toBeTruthy();
    expect(within(subscribers!).getByRole('link', { name: 'Subscribe' })).toBeTruthy();
    expect(within(subscribers!).queryByRole('button', { name: /Unlock for/ })).toBeNull();
    expect(within(followers!).getByText('Follow to see')).toBeTruthy();
    expect(within(followers!).getByRole('button', { name: 'Follow @maya.lens' })).toBeTruthy();
  });

  it('unlock pays from the wallet with an Idempotency-Key and shows a refusal as it is', async () => {
    const post = makeLockedPost();
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/wallet/balance') {
        return json({ balance: 2.5, balanceCents: 250, currency: 'USD' });
      }
      if (url === `/api/posts/${post.id}/unlock`) {
        return json({ message: 'Your wallet balance is too low', code: 'INSUFFICIENT_FUNDS' }, 402);
      }
      return json({});
    });
    renderPage(<PostCard post={post} />);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for $4.99' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock this post' });
    expect(within(dialog).getByLabelText('Price breakdown').textContent).toContain('$4.99');
    expect(await within(dialog).findByText(/balance \$2\.50/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $4.99' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your wallet balance is too low',
    );
    expect(within(dialog).getByRole('link', { name: 'Add funds' }).getAttribute('href')).toBe(
      '/wallet',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $4.99' }));
    await waitFor(() => expect(callsTo(`/posts/${post.id}/unlock`, 'POST')).toHaveLength(2));
    const keys = callsTo(`/posts/${post.id}/unlock`, 'POST').map(([, init]) =>
      new Headers(init.headers).get('Idempotency-Key'),
    );
    expect(keys[0]).toBeTruthy();
    // A retry of the same purchase reuses its key, so it can never charge twice.
    expect(keys[1]).toBe(keys[0]);
    expect(toastMessages()).not.toContain('Post unlocked.');
  });

  it('unlock falls back to the SPEC §8 payment text when the error carries no message', async () => {
    const post = makeLockedPost();
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/wallet/balance') {
        return json({ balance: 20, balanceCents: 2000, currency: 'USD' });
      }
      if (url === `/api/posts/${post.id}/unlock`) return json({ code: 'INTERNAL' }, 500);
      return json({});
    });
    renderPage(<PostCard post={post} />);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for $4.99' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock this post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $4.99' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PAYMENT_UNKNOWN_ERROR);
  });

  it('after a successful unlock the post is fetched again (now with its media)', async () => {
    const post = makeLockedPost();
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/wallet/balance') {
        return json({ balance: 20, balanceCents: 2000, currency: 'USD' });
      }
      if (url === `/api/posts/${post.id}/unlock`) {
        return json({
          ok: true,
          postId: post.id,
          isUnlocked: true,
          price: 4.99,
          priceCents: 499,
          transactionId: '00000000-0000-4000-8000-00000000aaaa',
          purchasedAt: '2026-01-01T10:00:00.000Z',
        });
      }
      return json({});
    });
    const { client } = renderPage(<PostCard post={post} />);
    client.setQueryData(walletKeys.transactions(1), { transactions: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for $4.99' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    await waitFor(() => expect(toastMessages()).toContain('Post unlocked.'));
    expect(screen.queryByRole('dialog', { name: 'Unlock this post' })).toBeNull();
    // the payment shows in the wallet's recent activity at once
    expect(client.getQueryState(walletKeys.transactions(1))?.isInvalidated).toBe(true);
  });

  it('renders unlocked media from its own URL with size and lazy loading', () => {
    renderPage(<PostCard post={makePost()} />);
    const img = screen.getByRole('img', { name: /Golden hour/ });
    expect(img.getAttribute('src')).toBe(ORIGINAL_URL);
    expect(img.getAttribute('width')).toBe('480');
    expect(img.getAttribute('loading')).toBe('lazy');
  });
});

describe('likes (spec §4: optimistic, rolled back on error)', () => {
  function serve(post: Post, like: Promise<Response>) {
    fetchMock.mockImplementation(async (url, init) => {
      if (url === `/api/posts/${post.id}` && init.method === 'GET') return json(post);
      if (url === `/api/posts/${post.id}/like`) return like;
      return json({});
    });
  }

  it('shows the like at once and rolls it back when the server fails', async () => {
    const post = makePost({ likeCount: 3, isLikedByCurrentUser: false });
    const like = deferred<Response>();
    serve(post, like.promise);
    renderPage(<CachedPost id={post.id} />);

    const button = await screen.findByRole('button', { name: 'Like' });
    await userEvent.click(button);
    const pressed = screen.getByRole('button', { name: 'Unlike' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('like-count').textContent).toMatch(/^4/);
    expect(callsTo(`/posts/${post.id}/like`, 'POST')).toHaveLength(1);

    await act(async () => like.resolve(json({ message: 'Database down' }, 500)));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
    expect(screen.getByTestId('like-count').textContent).toMatch(/^3/);
    expect(toastMessages()).toContain('Database down');
  });

  it('keeps the server’s count on success', async () => {
    const post = makePost({ likeCount: 3, isLikedByCurrentUser: false });
    serve(
      post,
      Promise.resolve(
        json({
          postId: post.id,
          liked: true,
          isLikedByCurrentUser: true,
          likeCount: 9,
          likes: 9,
        }),
      ),
    );
    renderPage(<CachedPost id={post.id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Like' }));
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toMatch(/^9/));
  });
});

describe('delete (spec §4: guarded against duplicate concurrent deletes)', () => {
  it('sends one DELETE however often Delete is pressed', async () => {
    const post = makePost({ isOwner: true });
    const response = deferred<Response>();
    fetchMock.mockImplementation(async (url, init) =>
      init.method === 'DELETE' ? response.promise : json({}),
    );
    renderPage(<PostCard post={post} />);
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete post' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(`/posts/${post.id}`, 'DELETE')).toHaveLength(1));
    await act(async () => response.resolve(json({ ok: true, postId: post.id, message: 'ok' })));
    await waitFor(() => expect(toastMessages()).toContain('Post deleted.'));
    expect(callsTo(`/posts/${post.id}`, 'DELETE')).toHaveLength(1);
  });

  it("refreshes the author's profile, whose post count includes the deleted post", async () => {
    const post = makePost({ isOwner: true });
    let postsCount = 4;
    fetchMock.mockImplementation(async (url, init) => {
      if (init.method === 'DELETE') {
        postsCount = 3;
        return json({ ok: true, postId: post.id, message: 'ok' });
      }
      if (url.startsWith('/api/users/username/')) return json({ ...post.user, postsCount });
      return json({});
    });
    function Count() {
      const profile = useProfileQuery(post.user.username);
      return <p data-testid="posts-count">{profile.data?.postsCount}</p>;
    }
    renderPage(
      <>
        <Count />
        <PostCard post={post} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('posts-count').textContent).toBe('4'));
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete post' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('posts-count').textContent).toBe('3'));
  });

  it('joins a second delete of the same post to the one in flight', async () => {
    const response = deferred<Response>();
    fetchMock.mockReturnValue(response.promise);
    const first = deletePostOnce('p1');
    const second = deletePostOnce('p1');
    expect(second).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    response.resolve(json({ ok: true, postId: 'p1', message: 'ok' }));
    await expect(second).resolves.toMatchObject({ postId: 'p1' });
    // Once settled, a later delete is a new request again.
    fetchMock.mockResolvedValueOnce(json({ ok: true, postId: 'p1', message: 'ok' }));
    await deletePostOnce('p1');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('offers edit and delete only to the owner', async () => {
    renderPage(<PostCard post={makePost({ isOwner: false })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete post' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit caption' })).toBeNull();
  });
});

describe('caption', () => {
  it('links #hashtags and @mentions', () => {
    renderPage(<PostCard post={makePost({ caption: 'Sunset #Travel with @leo_beats.' })} />);
    expect(screen.getByRole('link', { name: '#Travel' }).getAttribute('href')).toBe('/tags/travel');
    expect(screen.getByRole('link', { name: '@leo_beats' }).getAttribute('href')).toBe(
      '/u/leo_beats',
    );
    // underlined, not told apart from the caption by their colour alone (WCAG 1.4.1)
    for (const name of ['#Travel', '@leo_beats'])
      expect(screen.getByRole('link', { name }).className.split(' ')).toContain('underline');
  });
});

describe('counts', () => {
  it('say "1 comment" and "1 view" for one, and the plural otherwise', () => {
    renderPage(
      <>
        <PostCard post={makePost({ id: 'one', commentsCount: 1, viewCount: 1 })} />
        <PostCard post={makePost({ id: 'two', commentsCount: 2, viewCount: 0 })} />
      </>,
    );
    expect(screen.getByRole('link', { name: '1 comment, open the conversation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '2 comments, open the conversation' })).toBeTruthy();
    expect(screen.getByTitle('1 view')).toBeTruthy();
    expect(screen.getByTitle('0 views')).toBeTruthy();
  });
});
