/** Test helpers for the notifications feature: contract-shaped rows and a scripted API. */
import type { Notification } from '@fanspace/contracts';
import { json } from '../../test/api-harness.ts';
import { makePublicUser } from '../../test/fixtures.ts';
import type { FetchMock } from '../../test/render.tsx';

let counter = 0;

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  counter += 1;
  const id = overrides.id ?? `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const actor =
    overrides.actor === undefined
      ? makePublicUser({ username: `fan${counter}`, displayName: `Fan ${counter}` })
      : overrides.actor;
  return {
    id,
    notificationId: id,
    type: 'follow',
    actorId: actor?.id ?? '{hash}',
    actor,
    relatedId: actor?.id ?? null,
    relatedType: 'user',
    data: {},
    isRead: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * Routes `fetch` by "METHOD /path" (path without /api). Unrouted calls answer 404 so a test
 * notices an unexpected request. Returns the list of calls as "METHOD /path?query".
 */
export function routeFetch(fetchMock: FetchMock, routes: Record<string, Handler>): string[] {
  const calls: string[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    calls.push(`${method} ${path}${url.search}`);
    const handler = routes[`${method} ${path}`];
    if (!handler) return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    return handler(url, init);
  });
  return calls;
}

export function page(notifications: Notification[], extra: Record<string, unknown> = {}) {
  return json({
    notifications,
    unreadCount: notifications.filter((n) => !n.isRead).length,
    nextCursor: null,
    currentPage: 1,
    totalPages: 1,
    hasMore: false,
    ...extra,
  });
}
