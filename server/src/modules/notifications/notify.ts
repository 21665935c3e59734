import type { NotificationType } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbHandle } from '../../platform/db/database.ts';
import type { NotificationRow } from '../../platform/db/schema.ts';
import type { StatementTail } from '../../platform/db/statement-tail.ts';
import { publishAfterCommit } from '../../platform/realtime/publish.ts';
import { pushAllowed, PUSH_JOB } from '../push/push.service.ts';
import {
  insertWantedNotification,
  wantedNotificationCtes,
  wantedNotificationsCtes,
  type NewNotification,
  type WantedNotificationTail,
  type WrittenNotice,
} from './notifications.queries.ts';

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
  /** skip when an unread notification of the same type, relatedId and actor exists */
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
  const wanted = newNotification(input);
  if (!wanted) return null;
  // the recipient's preferences, blocks, the coalescing probe and the insert: one statement
  const written = await insertWantedNotification(db, wanted, input.coalesce === true);
  if (!written) return null;
  const { row } = written;
  await delivered(db, input, {
    id: row.id,
    preferences: written.preferences,
    hasPushSubscription: written.hasPushSubscription,
  });
  return row;
}

/** null: about the user's own action, nobody is told */
function newNotification(input: NotifyInput): NewNotification | null {
  const actorId = input.actorId ?? null;
  if (actorId === input.userId) return null;
  return {
    userId: input.userId,
    type: input.type,
    actorId,
    relatedId: input.relatedId ?? null,
    relatedType: input.relatedType ?? null,
    data: input.data ?? {},
  };
}

/** After the row is written: realtime after commit, and web push as a job (the outbox). */
async function delivered(db: DbHandle, input: NotifyInput, written: WrittenNotice) {
  const delivery = deliveries.get(adapterOf(db));
  if (delivery)
    publishAfterCommit(delivery, db, { userIds: [input.userId] }, 'notification', {
      notificationId: written.id,
      type: input.type,
    });
  // web push: a job in the same transaction (the outbox), run by the worker after commit
  if (delivery?.jobs && written.hasPushSubscription && pushAllowed(written.preferences, input.type))
    await delivery.jobs.enqueue(db, PUSH_JOB, { notificationId: written.id, userId: input.userId });
}

/** A notification that rides in another statement of the transaction (`notifyWithin`). */
export interface RidingNotification {
  tail: WantedNotificationTail;
  /** with the host statement's result row: deliver what was written (as `notify` does) */
  deliver(db: DbHandle, row: Record<string, unknown>): Promise<void>;
}

/**
 * `notify` split for a caller that writes the notification as part of its own statement (a
 * charge's ledger write): the CTEs and columns to add (`prefix` names them), then `deliver`
 * with the statement's result row. The same rules as `notify`; null when it is about the
 * user's own action.
 */
export function notifyWithin(input: NotifyInput, prefix: string): RidingNotification | null {
  const wanted = newNotification(input);
  if (!wanted) return null;
  const tail = wantedNotificationCtes(wanted, input.coalesce === true, prefix);
  return {
    tail,
    deliver: async (db, row) => {
      const written = tail.read(row);
      if (written) await delivered(db, input, written);
    },
  };
}

/** Notifications that ride in another statement together (`notifyAllWithin`). */
export interface RidingNotifications {
  tail: StatementTail;
  /** with the host statement's result row: deliver everything that was written */
  deliver(db: DbHandle, row: Record<string, unknown>): Promise<void>;
}

/**
 * `notifyWithin` for several notifications in one host statement (a batch of charges): the
 * same rules, one CTE list for all of them. Coalescing is not offered: rows of one statement
 * cannot see each other. Notifications about the user's own action are left out.
 */
export function notifyAllWithin(
  inputs: readonly NotifyInput[],
  prefix: string,
): RidingNotifications {
  if (inputs.some((i) => i.coalesce)) throw new Error('notifyAllWithin does not coalesce');
  const wanted = inputs.map(newNotification).filter((n): n is NewNotification => n !== null);
  const tail = wantedNotificationsCtes(wanted, prefix);
  return {
    tail,
    deliver: async (db, row) => {
      for (const written of tail.read(row))
        await delivered(db, { userId: written.userId, type: written.type }, written);
    },
  };
}
