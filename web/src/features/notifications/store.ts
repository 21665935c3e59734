/**
 * Notifications state (spec §4 Notifications, §9), persisted encrypted under
 * `notification-storage` for the signed-in user only.
 *
 * - A full list fetch is skipped when the list was refreshed under 5 minutes ago (unless forced).
 * - The new-notification check runs every 60 seconds while signed in: polling starts on login
 *   and stops on logout (see `bindNotificationPolling`). Realtime `notification` frames pull the
 *   new rows at once.
 * - Mark read (one or all) and delete are optimistic and roll back with a toast on error.
 * - Clear-all waits 150 ms after the server call before refetching.
 * - A message notification within 5 s of the real message is not announced twice (dedupe.ts).
 */
import type { Notification, PublicUser } from '@fanspace/contracts';
import { create } from '../../lib/create-store.ts';
import { persist } from 'zustand/middleware';
import { errorMessageOf } from '../../lib/api/index.ts';
import { realtimeClient, type RealtimeClient } from '../../lib/realtime/realtime-client.ts';
import { secureJSONStorage } from '../../lib/storage/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { useAuthStore } from '../auth/store.ts';
import { userIdOf } from '../auth/user.ts';
import { createMessageNotificationDeduper } from './dedupe.ts';
import {
  describeNotification,
  notificationSentence,
  postIdOf,
  SYSTEM_ACTOR_ID,
  type RelatedPost,
} from './describe.ts';
import * as api from './notifications-api.ts';

export const NOTIFICATION_STORAGE_KEY = 'notification-storage';
/** Spec §9: a full fetch is skipped when the list was refreshed under 5 minutes ago. */
export const FULL_FETCH_SKIP_MS = 5 * 60_000;
/** Spec §9: the new-notification check runs every 60 seconds. */
export const NEW_NOTIFICATION_CHECK_MS = 60_000;
/** Spec §4: after clear-all there is a 150 ms wait before the refetch. */
export const CLEAR_ALL_REFETCH_DELAY_MS = 150;
/** How many rows survive a reload (the rest is one "load more" away). */
const PERSISTED_ITEMS = 50;

export const NOTIFICATION_TOASTS = {
  markReadFailed: 'Could not mark the notification as read.',
  markAllFailed: 'Could not mark your notifications as read.',
  deleteFailed: 'Could not delete the notification.',
  clearFailed: 'Could not clear your notifications.',
  cleared: 'Notifications cleared.',
  loadMoreFailed: 'Could not load more notifications.',
} as const;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface PersistedNotifications {
  userId: string | null;
  items: Notification[];
  unreadCount: number;
  nextCursor: string | null;
  hasMore: boolean;
  lastFetchedAt: number | null;
  since: string | null;
}

export interface NotificationState extends PersistedNotifications {
  status: LoadStatus;
  error: string | null;
  loadingMore: boolean;
  clearing: boolean;
  /** Profiles looked up through /notifications/actors for rows that came without one. */
  actors: Record<string, PublicUser>;
  /** Posts the rows point at (POST /notifications/related-content), for captions and thumbnails. */
  posts: Record<string, RelatedPost>;
  polling: boolean;

  /** Full list fetch; resolves 'skipped' when refreshed under 5 minutes ago and not forced. */
  fetchNotifications(options?: { force?: boolean }): Promise<'fetched' | 'skipped' | 'failed'>;
  loadMore(): Promise<void>;
  /** The 60-second check: updates the count and pulls new rows when there are any. */
  checkForNew(options?: { announce?: boolean }): Promise<void>;
  /** Pulls rows created since the last look (realtime frames). */
  pullNew(options?: { announce?: boolean }): Promise<Notification[]>;
  markRead(id: string): Promise<boolean>;
  markAllRead(): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  clearAll(): Promise<boolean>;
  startPolling(userId: string): Promise<void>;
  stopPolling(): Promise<void>;
}

const empty = (userId: string | null = null): PersistedNotifications => ({
  userId,
  items: [],
  unreadCount: 0,
  nextCursor: null,
  hasMore: false,
  lastFetchedAt: null,
  since: null,
});

const transient = {
  status: 'idle' as LoadStatus,
  error: null,
  loadingMore: false,
  clearing: false,
  actors: {},
  posts: {},
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spec §5: fetching notifications requires authentication. */
function signedIn(): boolean {
  const auth = useAuthStore.getState();
  return auth.isAuthenticated && auth.authReady;
}

function unreadIn(items: Notification[]): number {
  return items.filter((n) => !n.isRead).length;
}

/** Newest first, each id once; `incoming` wins over what is already there. */
function mergeNewest(incoming: Notification[], existing: Notification[]): Notification[] {
  const seen = new Set<string>();
  const out: Notification[] = [];
  for (const n of [...incoming, ...existing]) {
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    out.push(n);
  }
  return out.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export const deduper = createMessageNotificationDeduper();

let pollTimer: ReturnType<typeof setInterval> | null = null;
/** When the last check was sent (epoch ms). */
let lastCheckAt = 0;
const READY_CHECK_GAP_MS = 10_000;
/** Reading the stored copy at login; list calls wait for it so it cannot overwrite them. */
let startup: Promise<void> | null = null;
/** The user polling was started for (set at once, before the stored copy is read). */
let pollingFor: string | null = null;
let fullFetch: Promise<'fetched' | 'skipped' | 'failed'> | null = null;
let pulling: Promise<Notification[]> | null = null;
let pullAgain = false;
/** Bumped by reset/stop so answers from a previous session are thrown away. */
let generation = 0;

function isOnNotificationsPage(): boolean {
  return typeof window !== 'undefined' && window.location.pathname.startsWith('/notifications');
}

/** In-app toast for rows that arrived while the app is open (not on the notifications page). */
function announce(items: Notification[], actors: Record<string, PublicUser>): void {
  const fresh = items.filter((n) => !n.isRead && !deduper.isDuplicate(n));
  if (fresh.length === 0 || isOnNotificationsPage()) return;
  if (fresh.length === 1) {
    const n = fresh[0]!;
    toast.info(notificationSentence(n, describeNotification(n, { actors })));
  } else {
    toast.info(`You have ${fresh.length} new notifications.`);
  }
}

export const useNotificationStore = create<NotificationState>()(
  persist(
    (set, get) => {
      /** Looks up profiles for rows whose actor was not included. */
      async function loadMissingActors(items: Notification[]): Promise<void> {
        const known = get().actors;
        const ids = [
          ...new Set(
            items
              .filter((n) => !n.actor && n.actorId !== SYSTEM_ACTOR_ID && !known[n.actorId])
              .map((n) => n.actorId),
          ),
        ].slice(0, 100);
        if (ids.length === 0) return;
        const gen = generation;
        try {
          const { users } = await api.fetchActors(ids);
          if (gen !== generation) return;
          set({
            actors: { ...get().actors, ...Object.fromEntries(users.map((u) => [u.id, u])) },
          });
        } catch {
          // Rows without a profile still read fine ("Someone …").
        }
      }

      /** Captions and thumbnails of the posts rows point at; best effort. */
      async function loadRelatedPosts(items: Notification[]): Promise<void> {
        const known = get().posts;
        const ids = items
          .filter((n) => {
            const postId = postIdOf(n);
            return postId !== null && !known[postId];
          })
          .map((n) => n.id)
          .slice(0, 100);
        if (ids.length === 0) return;
        const gen = generation;
        try {
          const { posts } = await api.fetchRelatedContent({ ids });
          if (gen !== generation) return;
          const found = Object.fromEntries(
            Object.entries(posts).map(([id, post]) => [
              id,
              { caption: post.caption, imageUrl: post.imageUrl ?? null },
            ]),
          );
          set({ posts: { ...get().posts, ...found } });
        } catch {
          // Rows read fine without the post's caption.
        }
      }

      function loadExtras(items: Notification[]): void {
        void loadMissingActors(items);
        void loadRelatedPosts(items);
      }

      async function runFullFetch(): Promise<'fetched' | 'failed'> {
        const gen = generation;
        set({ status: 'loading', error: null });
        try {
          const page = await api.fetchNotificationPage();
          if (gen !== generation) return 'failed';
          set({
            userId: userIdOf(useAuthStore.getState().user),
            items: page.notifications,
            unreadCount: page.unreadCount,
            nextCursor: page.nextCursor,
            hasMore: page.hasMore && page.nextCursor !== null,
            lastFetchedAt: Date.now(),
            // The server marks this fetch; /check without `since` compares with that mark.
            since: null,
            status: 'ready',
            error: null,
          });
          loadExtras(page.notifications);
          return 'fetched';
        } catch (error) {
          if (gen !== generation) return 'failed';
          set({ status: 'error', error: errorMessageOf(error, 'Could not load notifications.') });
          return 'failed';
        }
      }

      async function runPull(announceNew: boolean): Promise<Notification[]> {
        const gen = generation;
        const { notifications, serverTime } = await api.fetchNewNotifications(get().since);
        if (gen !== generation) return [];
        const known = new Set(get().items.map((n) => n.id));
        const added = notifications.filter((n) => !known.has(n.id));
        const items = mergeNewest(notifications, get().items);
        set({
          items,
          since: serverTime,
          unreadCount: get().unreadCount + unreadIn(added),
        });
        loadExtras(added);
        if (announceNew) announce(added, get().actors);
        return added;
      }

      return {
        ...empty(),
        ...transient,
        polling: false,

        async fetchNotifications(options = {}) {
          if (!signedIn()) return 'failed';
          if (startup) await startup;
          const { lastFetchedAt, status } = get();
          if (fullFetch) return fullFetch;
          if (
            !options.force &&
            status === 'ready' &&
            lastFetchedAt !== null &&
            Date.now() - lastFetchedAt < FULL_FETCH_SKIP_MS
          )
            return 'skipped';
          fullFetch = runFullFetch().finally(() => {
            fullFetch = null;
          });
          return fullFetch;
        },

        async loadMore() {
          const { nextCursor, loadingMore } = get();
          if (!nextCursor || loadingMore || !signedIn()) return;
          const gen = generation;
          set({ loadingMore: true });
          try {
            const page = await api.fetchNotificationPage({ before: nextCursor });
            if (gen !== generation) return;
            const seen = new Set(get().items.map((n) => n.id));
            set({
              items: [...get().items, ...page.notifications.filter((n) => !seen.has(n.id))],
              nextCursor: page.nextCursor,
              hasMore: page.hasMore && page.nextCursor !== null,
              unreadCount: page.unreadCount,
            });
            loadExtras(page.notifications);
          } catch (error) {
            toast.error(errorMessageOf(error, NOTIFICATION_TOASTS.loadMoreFailed));
          } finally {
            if (gen === generation) set({ loadingMore: false });
          }
        },

        async checkForNew(options = {}) {
          if (!signedIn()) return;
          const gen = generation;
          lastCheckAt = Date.now();
          try {
            const { hasNew, unreadCount } = await api.checkNotifications(get().since);
            if (gen !== generation) return;
            set({ unreadCount });
            if (hasNew) {
              await get().pullNew({ announce: options.announce ?? true });
              if (gen === generation) set({ unreadCount });
            }
          } catch {
            // A failed check changes nothing; the next one runs in 60 seconds.
          }
        },

        async pullNew(options = {}) {
          if (!signedIn()) return [];
          if (pulling) {
            // Frames can come in bursts: one more pull after the current one covers them all.
            pullAgain = true;
            return pulling;
          }
          pulling = (async () => {
            let added: Notification[] = [];
            try {
              do {
                pullAgain = false;
                added = added.concat(await runPull(options.announce ?? true));
              } while (pullAgain);
            } catch {
              // The 60-second check will try again.
            }
            return added;
          })().finally(() => {
            pulling = null;
          });
          return pulling;
        },

        async markRead(id) {
          const previous = get().items.find((n) => n.id === id);
          if (!previous || previous.isRead) return true;
          set({
            items: get().items.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
            unreadCount: Math.max(0, get().unreadCount - 1),
          });
          try {
            await api.markNotificationRead(id);
            return true;
          } catch (error) {
            // Roll back just this row: other changes made meanwhile stay.
            set({
              items: get().items.map((n) => (n.id === id ? { ...n, isRead: false } : n)),
              unreadCount: get().unreadCount + 1,
            });
            toast.error(errorMessageOf(error, NOTIFICATION_TOASTS.markReadFailed));
            return false;
          }
        },

        async markAllRead() {
          const { items, unreadCount } = get();
          const unreadIds = new Set(items.filter((n) => !n.isRead).map((n) => n.id));
          if (unreadIds.size === 0 && unreadCount === 0) return true;
          set({ items: items.map((n) => ({ ...n, isRead: true })), unreadCount: 0 });
          try {
            await api.markAllNotificationsRead();
            return true;
          } catch (error) {
            set({
              items: get().items.map((n) => (unreadIds.has(n.id) ? { ...n, isRead: false } : n)),
              unreadCount: get().unreadCount + unreadCount,
            });
            toast.error(errorMessageOf(error, NOTIFICATION_TOASTS.markAllFailed));
            return false;
          }
        },

        async remove(id) {
          const items = get().items;
          const index = items.findIndex((n) => n.id === id);
          const removed = items[index];
          if (!removed) return true;
          set({
            items: items.filter((n) => n.id !== id),
            unreadCount: Math.max(0, get().unreadCount - (removed.isRead ? 0 : 1)),
          });
          try {
            await api.deleteNotification(id);
            return true;
          } catch (error) {
            const now = get().items;
            if (!now.some((n) => n.id === id)) {
              const restored = [...now];
              restored.splice(Math.min(index, restored.length), 0, removed);
              set({
                items: restored,
                unreadCount: get().unreadCount + (removed.isRead ? 0 : 1),
              });
            }
            toast.error(errorMessageOf(error, NOTIFICATION_TOASTS.deleteFailed));
            return false;
          }
        },

        async clearAll() {
          if (!signedIn() || get().clearing) return false;
          set({ clearing: true });
          try {
            await api.deleteAllNotifications();
          } catch (error) {
            set({ clearing: false });
            toast.error(errorMessageOf(error, NOTIFICATION_TOASTS.clearFailed));
            return false;
          }
          set({ items: [], unreadCount: 0, nextCursor: null, hasMore: false });
          // Spec §4: a 150 ms wait before the refetch, so the refetch sees the cleared state.
          await sleep(CLEAR_ALL_REFETCH_DELAY_MS);
          await get().fetchNotifications({ force: true });
          set({ clearing: false });
          toast.success(NOTIFICATION_TOASTS.cleared);
          return true;
        },

        async startPolling(userId) {
          if (pollingFor === userId) return;
          if (pollingFor !== null) await get().stopPolling();
          pollingFor = userId;
          generation += 1;
          const gen = generation;
          const ready = (async () => {
            try {
              await useNotificationStore.persist.rehydrate();
            } catch {
              // An unreadable stored copy is simply not used.
            }
            // A copy stored for someone else (or nobody) is not this user's.
            if (gen === generation && get().userId !== userId)
              set({ ...empty(userId), ...transient });
          })();
          startup = ready;
          await ready;
          if (startup === ready) startup = null;
          if (gen !== generation) return;
          // Only now do frames and checks apply: nothing lands in the list before the stored
          // copy is in place.
          set({ polling: true });
          if (pollTimer) clearInterval(pollTimer);
          pollTimer = setInterval(() => {
            void get().checkForNew();
          }, NEW_NOTIFICATION_CHECK_MS);
          // The first look after login counts what is there; it does not announce old rows.
          await get().checkForNew({ announce: false });
        },

        async stopPolling() {
          pollingFor = null;
          startup = null;
          lastCheckAt = 0;
          if (pollTimer) clearInterval(pollTimer);
          pollTimer = null;
          generation += 1;
          fullFetch = null;
          deduper.clear();
          set({ ...empty(), ...transient, polling: false });
          await useNotificationStore.persist.clearStorage();
        },
      };
    },
    {
      name: NOTIFICATION_STORAGE_KEY,
      storage: secureJSONStorage<PersistedNotifications>(),
      skipHydration: true,
      partialize: (s): PersistedNotifications => ({
        userId: s.userId,
        items: s.items.slice(0, PERSISTED_ITEMS),
        unreadCount: s.unreadCount,
        nextCursor: s.items.length > PERSISTED_ITEMS ? null : s.nextCursor,
        hasMore: s.items.length > PERSISTED_ITEMS ? false : s.hasMore,
        lastFetchedAt: s.items.length > PERSISTED_ITEMS ? null : s.lastFetchedAt,
        since: s.since,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<PersistedNotifications>;
        if (typeof p !== 'object' || !Array.isArray(p.items)) return current;
        const merged = { ...current, ...empty(), ...p };
        return { ...merged, status: merged.lastFetchedAt !== null ? 'ready' : 'idle' };
      },
    },
  ),
);

/**
 * Spec §4: polling starts on login and stops on logout. Also routes the realtime frames:
 * `notification` pulls new rows, `message_new` feeds the duplicate filter, `ready` (a new or
 * re-established socket) checks for anything missed while offline. Returns the unbinder.
 */
export function bindNotificationPolling(
  realtime: Pick<RealtimeClient, 'on'> = realtimeClient,
): () => void {
  const apply = () => {
    const auth = useAuthStore.getState();
    const userId = auth.authReady && auth.isAuthenticated ? userIdOf(auth.user) : null;
    const store = useNotificationStore.getState();
    if (userId) void store.startPolling(userId);
    else if (pollingFor !== null) void store.stopPolling();
  };
  apply();
  const unsubscribe = useAuthStore.subscribe((state, previous) => {
    if (
      state.authReady !== previous.authReady ||
      state.isAuthenticated !== previous.isAuthenticated ||
      userIdOf(state.user) !== userIdOf(previous.user)
    )
      apply();
  });
  const offs = [
    realtime.on('message_new', ({ chatId }) => deduper.noteRealMessage(chatId)),
    realtime.on('notification', () => {
      if (useNotificationStore.getState().polling) void useNotificationStore.getState().pullNew();
    }),
    realtime.on('ready', () => {
      // A (re)connected socket may have missed frames; a check made moments ago covers it.
      if (useNotificationStore.getState().polling && Date.now() - lastCheckAt > READY_CHECK_GAP_MS)
        void useNotificationStore.getState().checkForNew();
    }),
  ];
  return () => {
    unsubscribe();
    offs.forEach((off) => off());
  };
}

let bound: (() => void) | null = null;

/** Binds once per app (the shell calls it); later calls are no-ops. */
export function ensureNotificationPolling(): void {
  bound ??= bindNotificationPolling();
}
