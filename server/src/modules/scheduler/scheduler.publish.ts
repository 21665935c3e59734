import {
  ErrorCodes,
  SCHEDULER_MESSAGES,
  SchedulerLimits,
  type CreatePostBody,
  type CreateStoryBody,
  type MassMessageBody,
  type ScheduledType,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { ScheduledItemRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, ForbiddenError } from '../../platform/errors.ts';
import { backoffMs } from '../../platform/jobs/worker.ts';
import { createMassMessage } from '../chats/mass-messages.service.ts';
import { notify } from '../notifications/notify.ts';
import { createPost } from '../posts/posts.service.ts';
import { assertMayPublish } from '../stories/stories.policy.ts';
import { createStory } from '../stories/stories.service.ts';
import { lockItem, recordOutcome } from './scheduler.queries.ts';

/**
 * Publishing a scheduled item, and the publish job. Each type is published by the very service
 * its own route uses (createPost, createStory, createMassMessage), run on the scheduler's
 * transaction: the item row is locked, still pending and of the job's revision, so the content
 * is created and the item marked published in one commit — exactly once, whatever number of
 * workers run the job (or run it twice after a worker was presumed dead). Refusals (4xx) fail
 * the item at once; anything else is retried with backoff up to SchedulerLimits.maxAttempts.
 */

export const SCHEDULER_PUBLISH_JOB = 'scheduler.publish';
/** Signed media URLs made while publishing belong to nobody's session. */
const SCHEDULER_SESSION = 'scheduler';

export type PublishingUser = Pick<UserRow, 'id' | 'account_type' | 'identity_status' | 'status'>;

export interface Published {
  id: string;
  url: string | null;
}

export type Publisher = (
  ctx: AppContext,
  user: PublishingUser,
  payload: Record<string, unknown>,
) => Promise<Published>;

export const resultUrlOf = (type: ScheduledType, id: string): string =>
  type === 'post' ? `/p/${id}` : type === 'story' ? `/?story=${id}` : '/messages';

/** The services behind each type. A table, not a switch: tests replace an entry to inject faults. */
export const publishers: Record<ScheduledType, Publisher> = {
  async post(ctx, user, payload) {
    const post = await createPost(
      ctx,
      { id: user.id, sessionId: SCHEDULER_SESSION },
      payload as CreatePostBody,
      [],
    );
    return { id: post.id, url: resultUrlOf('post', post.id) };
  },
  async story(ctx, user, payload) {
    const story = await createStory(ctx, user, payload as CreateStoryBody, null);
    return { id: story.id, url: resultUrlOf('story', story.id) };
  },
  async mass_message(ctx, user, payload) {
    const message = await createMassMessage(ctx, user.id, payload as MassMessageBody);
    return { id: message.id, url: resultUrlOf('mass_message', message.id) };
  },
};

const schedulerRoles = {
  onlyCreators: SCHEDULER_MESSAGES.onlyCreators,
  identityPending: `${SCHEDULER_MESSAGES.onlyCreators}: your identity verification is still pending`,
};

/** Only active creators publish; the same check runs when scheduling and when publishing. */
export function assertMaySchedule(user: PublishingUser) {
  assertMayPublish(user, schedulerRoles);
  if (user.status !== 'active')
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'This account cannot publish right now');
}

async function publishingUser(db: DbHandle, userId: string): Promise<PublishingUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'account_type', 'identity_status', 'status'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

class DryRunDone extends Error {}

/**
 * Runs the publisher on a transaction that is always rolled back, so a payload is refused at
 * scheduling time by exactly the rules that will publish it, with nothing written or sent.
 * Daily limits are left to the day it goes out.
 */
export async function dryRun(
  ctx: AppContext,
  user: PublishingUser,
  type: ScheduledType,
  payload: Record<string, unknown>,
): Promise<void> {
  try {
    await withTransaction(ctx.db, async (tx) => {
      await publishers[type]({ ...ctx, db: tx }, user, structuredClone(payload));
      throw new DryRunDone();
    });
  } catch (error) {
    if (error instanceof DryRunDone) return;
    if (error instanceof AppError && error.code === ErrorCodes.LIMIT_REACHED) return;
    throw error;
  }
}

/**
 * Enqueues the item's publish job in the caller's transaction (which holds the item's lock or
 * just created it). The job carries the revision: after any change a new job is enqueued and
 * the older one finds a newer revision and does nothing.
 */
export function enqueuePublish(
  ctx: Pick<AppContext, 'jobs'>,
  tx: DbHandle,
  item: Pick<ScheduledItemRow, 'id' | 'revision' | 'scheduled_for'>,
  runAt: Date = item.scheduled_for,
) {
  return ctx.jobs.enqueue(
    tx,
    SCHEDULER_PUBLISH_JOB,
    { itemId: item.id, revision: item.revision },
    { runAt, maxAttempts: 3 },
  );
}

const LABELS: Record<ScheduledType, string> = {
  post: 'post',
  story: 'story',
  mass_message: 'mass message',
};

/** What the creator reads: our own refusals verbatim, anything else without internals. */
function errorText(error: unknown): string {
  if (error instanceof AppError) return error.message.slice(0, 500);
  return 'A server error stopped publishing';
}

const isPermanent = (error: unknown) => error instanceof AppError && error.statusCode < 500;

export type PublishOutcome = 'published' | 'skipped' | 'retrying' | 'failed';

/**
 * The publish job's work for one item revision. Returns what happened (tests read it).
 */
export async function publishScheduledItem(
  ctx: AppContext,
  itemId: string,
  revision: number,
): Promise<PublishOutcome> {
  let failure: unknown;
  try {
    const outcome = await withTransaction(ctx.db, async (tx): Promise<PublishOutcome> => {
      const item = await lockItem(tx, itemId);
      if (!item || item.status !== 'pending' || item.revision !== revision) return 'skipped';
      if (item.scheduled_for.getTime() > Date.now()) {
        // woke early (clocks): come back at the time
        await enqueuePublish(ctx, tx, item);
        return 'skipped';
      }
      const user = await publishingUser(tx, item.user_id);
      if (!user) throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'The account no longer exists');
      assertMaySchedule(user);
      const result = await publishers[item.type]({ ...ctx, db: tx }, user, item.payload);
      await recordOutcome(tx, item.id, {
        status: 'published',
        attempts: item.attempts + 1,
        last_error: null,
        result_id: result.id,
        published_at: new Date(),
      });
      await notify(tx, {
        userId: item.user_id,
        type: 'system',
        relatedType: item.type,
        relatedId: result.id,
        data: {
          event: 'scheduled_published',
          message: `Your scheduled ${LABELS[item.type]} was published`,
          scheduledItemId: item.id,
          url: result.url ?? '/scheduler',
        },
      });
      return 'published';
    });
    return outcome;
  } catch (error) {
    failure = error;
  }
  if (!isPermanent(failure)) ctx.log.warn({ err: failure, itemId }, 'scheduled publish failed');
  return recordFailure(ctx, itemId, revision, failure);
}

/** One failed attempt: retry later with backoff, or mark failed and tell the creator. */
async function recordFailure(
  ctx: AppContext,
  itemId: string,
  revision: number,
  error: unknown,
): Promise<PublishOutcome> {
  return withTransaction(ctx.db, async (tx) => {
    const item = await lockItem(tx, itemId);
    if (!item || item.status !== 'pending' || item.revision !== revision) return 'skipped';
    const attempts = item.attempts + 1;
    const final = isPermanent(error) || attempts >= SchedulerLimits.maxAttempts;
    const message = errorText(error);
    await recordOutcome(tx, item.id, {
      status: final ? 'failed' : 'pending',
      attempts,
      last_error: message,
    });
    if (!final) {
      await enqueuePublish(ctx, tx, item, new Date(Date.now() + backoffMs(attempts)));
      return 'retrying';
    }
    await notify(tx, {
      userId: item.user_id,
      type: 'system',
      relatedType: 'scheduled_item',
      relatedId: item.id,
      data: {
        event: 'scheduled_failed',
        message: `Your scheduled ${LABELS[item.type]} could not be published: ${message}`,
        scheduledItemId: item.id,
        url: '/scheduler',
      },
    });
    return 'failed';
  });
}

export function registerSchedulerJobs(ctx: AppContext) {
  ctx.jobs.register(SCHEDULER_PUBLISH_JOB, async (payload) => {
    const itemId = typeof payload.itemId === 'string' ? payload.itemId : null;
    const revision = typeof payload.revision === 'number' ? payload.revision : null;
    if (!itemId || revision === null) throw new Error('scheduler.publish: invalid payload');
    await publishScheduledItem(ctx, itemId, revision);
  });
}
