import type { RealtimeEvents, RealtimeEventType } from '@fanspace/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secureStorage } from '../../lib/storage/index.ts';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { signIn, signOut, stubFetch, toastMessages, type FetchMock } from '../../test/render.tsx';
import { useToastStore } from '../../ui/toast/toast-store.ts';
import { createMessageNotificationDeduper, DUPLICATE_MESSAGE_WINDOW_MS } from './dedupe.ts';
import {
  bindNotificationPolling,
  CLEAR_ALL_REFETCH_DELAY_MS,
  FULL_FETCH_SKIP_MS,
  NEW_NOTIFICATION_CHECK_MS,
  NOTIFICATION_STORAGE_KEY,
  NOTIFICATION_TOASTS,
  useNotificationStore,
} from './store.ts';
import { makeNotification, page, routeFetch } from './test-kit.ts';

const store = () => useNotificationStore.getState();
let fetchMock: FetchMock;

function fakeRealtime() {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  return {
    on<T extends RealtimeEventType>(type: T, listener: (data: RealtimeEvents[T]) => void) {
      const set = listeners.get(type) ?? new Set();
      set.add(listener as (data: unknown) => void);
      listeners.set(type, set);
      return () => set.delete(listener as (data: unknown) => void);
    },
    emit<T extends RealtimeEventType>(type: T, data: RealtimeEvents[T]) {
      listeners.get(type)?.forEach((l) => l(data));
    },
  };
}

/** Waits (on real timers) until `check` passes; unlike vi.waitFor it never moves fake timers. */
async function until(check: () => void, tries = 200): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ id: 'u1', username: 'ana' }));
});

afterEach(async () => {
  await store().stopPolling();
  signOut();
  vi.unstubAllGlobals();
});

describe('full fetch (spec §9: skipped if refreshed under 5 minutes ago)', () => {
  it('fetches, skips within 5 minutes, fetches again after, and always when forced', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const rows = [makeNotification(), makeNotification({ isRead: true })];
    const calls = routeFetch(fetchMock, { 'GET /notifications': () => page(rows) });

    expect(await store().fetchNotifications()).toBe('fetched');
    expect(store()).toMatchObject({ status: 'ready', unreadCount: 1 });
    expect(store().items.map((n) => n.id)).toEqual(rows.map((n) => n.id));

    vi.advanceTimersByTime(FULL_FETCH_SKIP_MS - 1_000);
    expect(await store().fetchNotifications()).toBe('skipped');
    expect(calls).toHaveLength(1);

    expect(await store().fetchNotifications({ force: true })).toBe('fetched');
    expect(calls).toHaveLength(2);

    vi.advanceTimersByTime(FULL_FETCH_SKIP_MS);
    expect(await store().fetchNotifications()).toBe('fetched');
    expect(calls).toHaveLength(3);
    expect(FULL_FETCH_SKIP_MS).toBe(300_000);
  });

  it('needs a signed-in user (spec §5) and reports a failed load', async () => {
    const calls = routeFetch(fetchMock, {
      'GET /notifications': () => json({ message: 'Database down' }, 503),
    });
    signOut();
    expect(await store().fetchNotifications()).toBe('failed');
    expect(calls).toEqual([]);

    signIn(makeMeUser({ id: 'u1' }));
    expect(await store().fetchNotifications()).toBe('failed');
    expect(store()).toMatchObject({ status: 'error', error: 'Database down' });
  });
});

describe('mark read (spec §4: unread becomes read, rolled back on error)', () => {
  it('marks at once, then rolls back with a toast when the server refuses', async () => {
    const [a, b] = [makeNotification(), makeNotification()];
    useNotificationStore.setState({ items: [a!, b!], unreadCount: 2, status: 'ready' });
    let fail!: (r: Response) => void;
    routeFetch(fetchMock, {
      [`PUT /notifications/${a!.id}/read`]: () => new Promise<Response>((r) => (fail = r)),
    });

    const pending = store().markRead(a!.id);
    expect(store().items[0]!.isRead).toBe(true);
    expect(store().unreadCount).toBe(1);

    await vi.waitFor(() => expect(fail).toBeTypeOf('function'));
    fail(json({}, 500));
    expect(await pending).toBe(false);
    expect(store().items[0]!.isRead).toBe(false);
    expect(store().items[1]!.isRead).toBe(false);
    expect(store().unreadCount).toBe(2);
    expect(toastMessages()).toEqual([NOTIFICATION_TOASTS.markReadFailed]);
    expect(useToastStore.getState().toasts[0]!.type).toBe('error');
  });

  it('keeps the read state when the server agrees', async () => {
    const a = makeNotification();
    useNotificationStore.setState({ items: [a], unreadCount: 1, status: 'ready' });
    const calls = routeFetch(fetchMock, {
      [`PUT /notifications/${a.id}/read`]: () => json({ notification: { ...a, isRead: true } }),
    });
    expect(await store().markRead(a.id)).toBe(true);
    expect(store().items[0]!.isRead).toBe(true);
    expect(store().unreadCount).toBe(0);
    expect(calls).toEqual([`PUT /notifications/${a.id}/read`]);
    // Already read: no second request.
    await store().markRead(a.id);
    expect(calls).toHaveLength(1);
  });

  it('mark-all rolls back only the rows it changed', async () => {
    const rows = [makeNotification(), makeNotification({ isRead: true })];
    useNotificationStore.setState({ items: rows, unreadCount: 1, status: 'ready' });
    routeFetch(fetchMock, { 'PUT /notifications/mark-all-read': () => json({}, 500) });
    expect(await store().markAllRead()).toBe(false);
    expect(store().items.map((n) => n.isRead)).toEqual([false, true]);
    expect(store().unreadCount).toBe(1);
    expect(toastMessages()).toEqual([NOTIFICATION_TOASTS.markAllFailed]);
  });

  it('delete puts the row back in place when the server refuses', async () => {
    const rows = [makeNotification(), makeNotification(), makeNotification()];
    useNotificationStore.setState({ items: rows, unreadCount: 3, status: 'ready' });
    routeFetch(fetchMock, {
      [`DELETE /notifications/${rows[1]!.id}`]: () => json({ message: 'Nope' }, 500),
    });
    const pending = store().remove(rows[1]!.id);
    expect(store().items).toHaveLength(2);
    expect(await pending).toBe(false);
    expect(store().items.map((n) => n.id)).toEqual(rows.map((n) => n.id));
    expect(store().unreadCount).toBe(3);
  });
});

describe('clear all (spec §4: 150 ms wait before refetch)', () => {
  it('empties the list, waits 150 ms, then refetches', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const rows = [makeNotification(), makeNotification()];
    useNotificationStore.setState({ items: rows, unreadCount: 2, status: 'ready' });
    const at: Record<string, number> = {};
    const calls = routeFetch(fetchMock, {
      'DELETE /notifications/all': () => {
        at.delete = Date.now();
        return json({ ok: true, count: 2 });
      },
      'GET /notifications': () => {
        at.get = Date.now();
        return page([]);
      },
    });

    const pending = store().clearAll();
    await vi.advanceTimersByTimeAsync(CLEAR_ALL_REFETCH_DELAY_MS - 1);
    expect(calls).toEqual(['DELETE /notifications/all']);
    expect(store().items).toEqual([]);
    expect(store().clearing).toBe(true);

    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBe(true);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatch(/^GET \/notifications\?/);
    expect(at.get! - at.delete!).toBe(CLEAR_ALL_REFETCH_DELAY_MS);
    expect(CLEAR_ALL_REFETCH_DELAY_MS).toBe(150);
    expect(store().clearing).toBe(false);
  });

  it('keeps the list and does not refetch when the delete fails', async () => {
    const rows = [makeNotification()];
    useNotificationStore.setState({ items: rows, unreadCount: 1, status: 'ready' });
    const calls = routeFetch(fetchMock, { 'DELETE /notifications/all': () => json({}, 500) });
    expect(await store().clearAll()).toBe(false);
    expect(store().items).toEqual(rows);
    expect(calls).toEqual(['DELETE /notifications/all']);
    expect(toastMessages()).toEqual([NOTIFICATION_TOASTS.clearFailed]);
  });
});

describe('polling (spec §4: starts on login, stops on logout; §9: every 60 s)', () => {
  it('checks right after login and every 60 s, and stops on logout', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signOut();
    const realtime = fakeRealtime();
    const calls = routeFetch(fetchMock, {
      'GET /notifications/check': () => json({ hasNew: false, unreadCount: 4 }),
    });
    const unbind = bindNotificationPolling(realtime);
    try {
      vi.advanceTimersByTime(NEW_NOTIFICATION_CHECK_MS * 2);
      expect(calls).toEqual([]);
      expect(store().polling).toBe(false);

      signIn(makeMeUser({ id: 'u1' }));
      await until(() => expect(calls).toEqual(['GET /notifications/check']));
      expect(store()).toMatchObject({ polling: true, unreadCount: 4, userId: 'u1' });

      vi.advanceTimersByTime(NEW_NOTIFICATION_CHECK_MS - 1);
      expect(calls).toHaveLength(1);
      vi.advanceTimersByTime(1);
      await until(() => expect(calls).toHaveLength(2));

      signOut();
      await until(() => expect(store().polling).toBe(false));
      expect(store().unreadCount).toBe(0);
      vi.advanceTimersByTime(NEW_NOTIFICATION_CHECK_MS * 3);
      expect(calls).toHaveLength(2);
      await until(() => expect(localStorage.getItem(NOTIFICATION_STORAGE_KEY)).toBeNull());
    } finally {
      unbind();
    }
    expect(NEW_NOTIFICATION_CHECK_MS).toBe(60_000);
  });

  it('pulls new rows when the check says so and on a realtime notification frame', async () => {
    signOut();
    const realtime = fakeRealtime();
    const first = makeNotification({ type: 'follow' });
    const second = makeNotification({ type: 'like', relatedType: 'post', relatedId: 'p1' });
    let fresh = [first];
    const calls = routeFetch(fetchMock, {
      'GET /notifications/check': () => json({ hasNew: true, unreadCount: 1 }),
      'GET /notifications/new': () =>
        json({ notifications: fresh, serverTime: '2026-11-22T10:00:00.000Z' }),
    });
    const unbind = bindNotificationPolling(realtime);
    try {
      signIn(makeMeUser({ id: 'u1' }));
      await vi.waitFor(() => expect(store().items).toHaveLength(1));
      // The first look after login does not announce old rows.
      expect(toastMessages()).toEqual([]);
      expect(calls).toEqual(['GET /notifications/check', 'GET /notifications/new']);

      fresh = [second];
      realtime.emit('notification', { notificationId: second.id, type: 'like' });
      await vi.waitFor(() => expect(store().items).toHaveLength(2));
      expect(calls[2]).toBe('GET /notifications/new?since=2026-11-22T10%3A00%3A00.000Z');
      expect(store().items[0]!.id).toBe(second.id);
      expect(store().unreadCount).toBe(2);
      expect(toastMessages()).toEqual([`${second.actor!.displayName} liked your post`]);
    } finally {
      unbind();
    }
  });
});

describe('duplicate message notifications (spec §4/§9: dropped within 5 s)', () => {
  it('the deduper matches a message notification to a real message in the same chat for 5 s', () => {
    let now = 1_000_000;
    const deduper = createMessageNotificationDeduper(() => now);
    const n = makeNotification({ type: 'message', relatedType: 'chat', relatedId: 'c1' });
    expect(deduper.isDuplicate(n)).toBe(false);
    deduper.noteRealMessage('c1');
    expect(deduper.isDuplicate(n)).toBe(true);
    expect(deduper.isDuplicate({ ...n, relatedId: 'c2', data: {} })).toBe(false);
    expect(deduper.isDuplicate({ ...n, type: 'like' })).toBe(false);
    now += DUPLICATE_MESSAGE_WINDOW_MS;
    expect(deduper.isDuplicate(n)).toBe(true);
    now += 1;
    expect(deduper.isDuplicate(n)).toBe(false);
    expect(DUPLICATE_MESSAGE_WINDOW_MS).toBe(5_000);
  });

  it('does not announce a message notification within 5 s of the real message, but does after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signOut();
    const realtime = fakeRealtime();
    const dup = makeNotification({
      type: 'message',
      relatedType: 'chat',
      relatedId: 'c1',
      data: { chatId: 'c1', preview: 'hi' },
    });
    const later = makeNotification({
      type: 'message',
      relatedType: 'chat',
      relatedId: 'c1',
      data: { chatId: 'c1', preview: 'again' },
    });
    let fresh = [dup];
    routeFetch(fetchMock, {
      'GET /notifications/check': () => json({ hasNew: false, unreadCount: 0 }),
      'GET /notifications/new': () =>
        json({ notifications: fresh, serverTime: new Date().toISOString() }),
    });
    const unbind = bindNotificationPolling(realtime);
    try {
      signIn(makeMeUser({ id: 'u1' }));
      await vi.waitFor(() => expect(store().polling).toBe(true));

      realtime.emit('message_new', { chatId: 'c1', messageId: 'm1' });
      vi.advanceTimersByTime(4_000);
      realtime.emit('notification', { notificationId: dup.id, type: 'message' });
      await vi.waitFor(() => expect(store().items).toHaveLength(1));
      // Still counted and listed; only the second announcement is dropped.
      expect(store().unreadCount).toBe(1);
      expect(toastMessages()).toEqual([]);

      vi.advanceTimersByTime(DUPLICATE_MESSAGE_WINDOW_MS);
      fresh = [later];
      realtime.emit('notification', { notificationId: later.id, type: 'message' });
      await vi.waitFor(() => expect(store().items).toHaveLength(2));
      expect(toastMessages()).toEqual([`${later.actor!.displayName} sent you a message`]);
    } finally {
      unbind();
    }
  });
});

describe('notification-storage (spec §9, encrypted)', () => {
  async function storeCopy(userId: string, lastFetchedAt: number) {
    const row = makeNotification();
    await secureStorage.setItem(
      NOTIFICATION_STORAGE_KEY,
      JSON.stringify({
        state: {
          userId,
          items: [row],
          unreadCount: 1,
          nextCursor: null,
          hasMore: false,
          lastFetchedAt,
          since: null,
        },
        version: 0,
      }),
    );
    return row;
  }

  it("restores the signed-in user's copy, so a reload within 5 minutes skips the full fetch", async () => {
    const row = await storeCopy('u1', Date.now() - 60_000);
    expect(localStorage.getItem(NOTIFICATION_STORAGE_KEY)).not.toContain(row.id);
    const calls = routeFetch(fetchMock, {
      'GET /notifications/check': () => json({ hasNew: false, unreadCount: 1 }),
    });
    await store().startPolling('u1');
    expect(store().items.map((n) => n.id)).toEqual([row.id]);
    expect(await store().fetchNotifications()).toBe('skipped');
    expect(calls).toEqual(['GET /notifications/check']);
  });

  it("never shows another user's copy", async () => {
    await storeCopy('someone-else', Date.now());
    routeFetch(fetchMock, {
      'GET /notifications/check': () => json({ hasNew: false, unreadCount: 0 }),
      'GET /notifications': () => page([]),
    });
    await store().startPolling('u1');
    expect(store().items).toEqual([]);
    expect(store().userId).toBe('u1');
    expect(await store().fetchNotifications()).toBe('fetched');
  });
});
