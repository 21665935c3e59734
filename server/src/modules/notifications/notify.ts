import type { NotificationType } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbHandle } from '../../platform/db/database.ts';
import type { NotificationRow } from '../../platform/db/schema.ts';
import { publishAfterCommit } from '../../platform/realtime/publish.ts';
import { pushAllowed, PUSH_JOB } from '../push/push.service.ts';
import { insertWantedNotification } from './notifications.queries.ts';

/**
 * notify(db, …): the one way any module creates a notification, inside its own transaction.
 * Callers (follow, like, comment, chats, and later payments and admin) only hold a db handle,
 * so the realtime publisher is looked up from the handle: a transaction shares its Kysely
 * instance's dialect adapter with the root handle, which makes that adapter a stable key for
 * "which app's bus", even with several apps in one process (tests, benchmarks).
 */

type Delivery = Pick<AppContext, 'bus' | 'log'> & Partial<Pick<AppContext, 'jobs'>>;
const deliveries = new WeakMap<object, Delivery>();

/** Called once by the notifications routes: notifications on `ctx.db` publish on `ctx.bus`. */
export function bindNotificationDelivery(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log'> & Partial<Pick<AppContext, 'jobs'>>,
) {
  deliveries.set(adapterOf(ctx.db), ctx);
}

function adapterOf(db: DbHandle | Db): object {
  return db.getExecutor().adapter;
}

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  /** null or omitted: the system actor */
  actorId?: string | null;
  relatedId?: string | null;
  relatedType?: string | null;
  data?: Record<string, unknown>;
  /** skip when an unread notification of the same type about the same relatedId exists */
  coalesce?: boolean;
}

/**
 * Records a notification for `userId` unless it is about the user's own action, the user
 * turned the type off (`users.preferences.notifications.<type> === false`), the two users blocked each other, or (coalesce) an unread one about the
 * same thing exists. Publishes `notification` to the user's sockets after commit. Returns the
 * row, or null when skipped. A user with web push subscriptions whose preferences allow it
 * (push.service `pushAllowed`) also gets a push job.
 */
export async function notify(db: DbHandle, input: NotifyInput): Promise<NotificationRow | null> {
  const actorId = input.actorId ?? null;
  if (actorId === input.userId) return null;
  // the recipient's preferences, blocks, the coalescing probe and the insert: one statement
  const written = await insertWantedNotification(
    db,
    {
      userId: input.userId,
      type: input.type,
      actorId,
      relatedId: input.relatedId ?? null,
      relatedType: input.relatedType ?? null,
      data: input.data ?? {},
    },
    input.coalesce === true,
  );
  if (!written) return null;
  const { row } = written;
  const delivery = deliveries.get(adapterOf(db));
  if (delivery)
    publishAfterCommit(delivery, db, { userIds: [input.userId] }, 'notification', {
      notificationId: row.id,
      type: row.type,
    });
  // web push: a job in the same transaction (the outbox), run by the worker after commit
  if (delivery?.jobs && written.hasPushSubscription && pushAllowed(written.preferences, input.type))
    await delivery.jobs.enqueue(db, PUSH_JOB, { notificationId: row.id, userId: input.userId });
  return row;
}
