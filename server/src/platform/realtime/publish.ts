import type { RealtimeEventType, RealtimeEvents, RealtimeFrame } from '@fanspace/contracts';
import type { AppContext } from '../context.ts';
import { onCommit, type DbHandle } from '../db/database.ts';
import type { Audience } from './types.ts';

type PublishContext = Pick<AppContext, 'bus' | 'log'>;

/**
 * Sends one typed event to every matching socket in every process. Realtime events are hints
 * (clients refetch on reconnect), so a bus failure is logged and never fails the request that
 * caused it. Inside a transaction use `publishAfterCommit` instead.
 */
export async function publish<T extends RealtimeEventType>(
  ctx: PublishContext,
  to: Audience,
  type: T,
  data: RealtimeEvents[T],
): Promise<void> {
  // the mapped union type cannot be built from a generic T without this one assertion
  const frame = { type, data } as RealtimeFrame;
  try {
    await ctx.bus.publish({ to, frame });
  } catch (err) {
    ctx.log.error({ err, type }, 'realtime publish failed');
  }
}

/**
 * Publishes once `handle`'s transaction commits (at once on a root handle), so an event never
 * announces a change that rolled back. Use a transaction opened with `withTransaction`.
 */
export function publishAfterCommit<T extends RealtimeEventType>(
  ctx: PublishContext,
  handle: DbHandle,
  to: Audience,
  type: T,
  data: RealtimeEvents[T],
): void {
  onCommit(handle, () => publish(ctx, to, type, data));
}

/**
 * Closes the realtime sockets of sessions that were just revoked, in whichever process holds
 * them: each gets `session_revoked` and then close code 4401. Call it after the revocation
 * committed (or use the AfterCommit twin): a socket reconnecting in between would otherwise
 * find its session still live.
 */
export async function revokeSessionSockets(ctx: PublishContext, sessionIds: string[]) {
  // one envelope per session so each socket is told its own session id
  await Promise.all(
    sessionIds.map((sessionId) =>
      publish(ctx, { sessionIds: [sessionId] }, 'session_revoked', { sessionId }),
    ),
  );
}

export function revokeSessionSocketsAfterCommit(
  ctx: PublishContext,
  handle: DbHandle,
  sessionIds: string[],
): void {
  if (sessionIds.length > 0) onCommit(handle, () => revokeSessionSockets(ctx, sessionIds));
}

/** The bus signal that carries a user's new privacy.showActivityStatus to every hub. */
export const PRESENCE_VISIBILITY_SIGNAL = 'realtime.presence-visibility';

/**
 * Tells every process that `userId` now hides (or shows) their activity status: hubs holding
 * one of their sockets tell watchers "offline" (or "online") at once. Call it after the change
 * committed; a bus failure is logged, the setting still applies to sockets opened later.
 */
export async function setPresenceVisibility(
  ctx: PublishContext,
  userId: string,
  hidden: boolean,
): Promise<void> {
  try {
    await ctx.bus.signal({ name: PRESENCE_VISIBILITY_SIGNAL, data: { userId, hidden } });
  } catch (err) {
    ctx.log.error({ err }, 'presence visibility signal failed');
  }
}
