import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, signOut, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { useNotificationStore } from '../store.ts';
import { makeNotification, page, routeFetch } from '../test-kit.ts';
import { NotificationsPage } from './notifications-page.tsx';

let fetchMock: FetchMock;
const today = new Date();
// noon of the previous calendar day: "26 hours ago" is two days back between midnight and 2 am
const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1, 12);

function show() {
  return renderPage(<NotificationsPage />, {
    at: '/notifications',
    others: ['/u/:username', '/p/:postId', '/messages/:chatId'],
  });
}

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ id: 'u1', username: 'ana' }));
});

afterEach(async () => {
  await useNotificationStore.getState().stopPolling();
  signOut();
  vi.unstubAllGlobals();
});

describe('NotificationsPage', () => {
  it('shows a loading state, then the notifications grouped by day with links', async () => {
    const bob = makePublicUser({ username: 'bob', displayName: 'Bob' });
    const cara = makePublicUser({ username: 'cara', displayName: 'Cara' });
    const rows = [
      makeNotification({
        type: 'follow',
        actor: bob,
        actorId: bob.id,
        relatedId: bob.id,
        createdAt: today.toISOString(),
      }),
      makeNotification({
        type: 'comment',
        actor: cara,
        actorId: cara.id,
        relatedType: 'post',
        relatedId: 'post-9',
        data: { postId: 'post-9', preview: 'Love it' },
        isRead: true,
        createdAt: yesterday.toISOString(),
      }),
      makeNotification({
        type: 'system',
        actor: null,
        actorId: '{hash}',
        relatedType: null,
        relatedId: null,
        data: { message: 'Scheduled maintenance tonight' },
        createdAt: yesterday.toISOString(),
      }),
    ];
    let answer!: (r: Response) => void;
    routeFetch(fetchMock, {
      'GET /notifications': () => new Promise<Response>((r) => (answer = r)),
    });
    show();
    expect(await screen.findByRole('status', { name: 'Loading notifications' })).toBeTruthy();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(page(rows));

    const todayGroup = await screen.findByRole('region', { name: 'Today' });
    const bobLink = within(todayGroup).getByRole('link', { name: /Bob started following you/ });
    expect(bobLink.getAttribute('href')).toBe('/u/bob');
    expect(bobLink.textContent).toContain('Unread');

    const yesterdayGroup = screen.getByRole('region', { name: 'Yesterday' });
    const caraLink = within(yesterdayGroup).getByRole('link', {
      name: /Cara commented on your post/,
    });
    expect(caraLink.getAttribute('href')).toBe('/p/post-9');
    expect(caraLink.textContent).toContain('Love it');
    expect(caraLink.textContent).not.toContain('Unread');
    expect(
      within(yesterdayGroup).getByRole('button', { name: /Scheduled maintenance tonight/ }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Unread 2' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    routeFetch(fetchMock, { 'GET /notifications': () => page([]) });
    show();
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Clear all notifications' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('shows an error state with a retry that loads the list', async () => {
    let fail = true;
    const row = makeNotification({ type: 'like', relatedType: 'post', relatedId: 'p1' });
    routeFetch(fetchMock, {
      'GET /notifications': () =>
        fail ? json({ message: 'Service unavailable' }, 503) : page([row]),
      'POST /notifications/related-content': () =>
        json({ posts: { p1: { id: 'p1', caption: 'Golden hour', imageUrl: null } }, users: {} }),
    });
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load notifications");
    expect(alert.textContent).toContain('Service unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const link = await screen.findByRole('link', { name: /liked your post/ });
    // The post's caption comes from POST /notifications/related-content.
    await waitFor(() => expect(link.textContent).toContain('Golden hour'));
  });

  it('marks a notification read when it is opened and goes to its page', async () => {
    const row = makeNotification({
      type: 'message',
      relatedType: 'chat',
      relatedId: 'chat-1',
      data: { chatId: 'chat-1', preview: 'hey' },
    });
    const calls = routeFetch(fetchMock, {
      'GET /notifications': () => page([row]),
      [`PUT /notifications/${row.id}/read`]: () => json({ notification: { ...row, isRead: true } }),
    });
    const { router } = show();
    await userEvent.click(await screen.findByRole('link', { name: /sent you a message/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/chat-1'));
    expect(calls).toContain(`PUT /notifications/${row.id}/read`);
    expect(useNotificationStore.getState().items[0]!.isRead).toBe(true);
  });

  it('filters unread, marks all read and deletes one', async () => {
    const rows = [
      makeNotification({ createdAt: today.toISOString() }),
      makeNotification({ isRead: true, createdAt: today.toISOString() }),
    ];
    const calls = routeFetch(fetchMock, {
      'GET /notifications': () => page(rows),
      'PUT /notifications/mark-all-read': () => json({ ok: true, count: 1 }),
      [`DELETE /notifications/${rows[1]!.id}`]: () => json({ ok: true, count: 1 }),
    });
    show();
    await screen.findAllByRole('link', { name: /started following you/ });
    await userEvent.click(screen.getByRole('tab', { name: /Unread/ }));
    expect(screen.getAllByRole('link', { name: /started following you/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('heading', { name: 'No unread notifications' })).toBeTruthy();
    expect(calls).toContain('PUT /notifications/mark-all-read');

    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    const [, second] = screen.getAllByRole('listitem');
    await userEvent.click(within(second!).getByRole('button', { name: 'Delete notification' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls).toContain(`DELETE /notifications/${rows[1]!.id}`);
  });

  it('offers Load more on the Unread tab when the loaded rows are all read', async () => {
    const read = makeNotification({ isRead: true, createdAt: today.toISOString() });
    const older = makeNotification({ createdAt: yesterday.toISOString() });
    routeFetch(fetchMock, {
      'GET /notifications': (url) =>
        url.searchParams.get('before') === 'c1'
          ? page([older], { unreadCount: 1 })
          : page([read], { unreadCount: 1, hasMore: true, nextCursor: 'c1', totalPages: 2 }),
    });
    show();
    await screen.findByRole('link', { name: /started following you/ });
    await userEvent.click(screen.getByRole('tab', { name: /Unread/ }));
    expect(await screen.findByRole('heading', { name: 'No unread notifications' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await screen.findByRole('link', { name: /Unread: .*started following you/ }),
    ).toBeTruthy();
  });

  it('clears all after confirming, then refetches', async () => {
    let rows = [makeNotification(), makeNotification()];
    const calls = routeFetch(fetchMock, {
      'GET /notifications': () => page(rows),
      'DELETE /notifications/all': () => {
        rows = [];
        return json({ ok: true, count: 2 });
      },
    });
    show();
    await screen.findAllByRole('link', { name: /started following you/ });
    await userEvent.click(screen.getByRole('button', { name: 'Clear all notifications' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear all notifications?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.startsWith('GET /notifications?'))).toHaveLength(2),
    );
    expect(calls.indexOf('DELETE /notifications/all')).toBeLessThan(
      calls.lastIndexOf(calls.filter((c) => c.startsWith('GET /notifications?'))[1]!),
    );
  });
});
