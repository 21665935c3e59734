import {
  ErrorCodes,
  SCHEDULER_MESSAGES,
  SchedulerLimits,
  type DeleteScheduledResponse,
  type ScheduledItem,
  type ScheduledItemResponse,
  type ScheduledItemsResponse,
  type ScheduledType,
  type ScheduleItemBody,
  type SchedulerBulkBody,
  type SchedulerBulkDeleteResponse,
  type SchedulerItemError,
  type SchedulerPage,
  type SchedulerQuery,
  type UpdateScheduledBody,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import type { ScheduledItemRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import type { Viewer } from '../posts/post-views.ts';
import { presentItems } from './scheduler.presenter.ts';
import { dryRun, enqueuePublish, type PublishingUser } from './scheduler.publish.ts';
import {
  countPending,
  deleteOwnItems,
  insertItems,
  listItems,
  lockOwnItems,
  updateItem,
} from './scheduler.queries.ts';

/**
 * The scheduler's use cases. Every payload is checked twice before it is stored: against its
 * type's route schema (`PayloadCheck`, from the routes) and by a dry run of the very service
 * that will publish it, so a creator learns at once what would fail later. Changes bump the
 * item's revision and enqueue a fresh publish job; stale jobs do nothing.
 */

/** Validates a payload against its type's create-route schema (given by the routes layer). */
export type PayloadCheck = (
  type: ScheduledType,
  payload: Record<string, unknown>,
) => { ok: true; payload: Record<string, unknown> } | { ok: false; field: string; message: string };

const DAY_MS = 86_400_000;

const notFound = (details?: Record<string, unknown>) =>
  new NotFoundError(SCHEDULER_MESSAGES.notFound, ErrorCodes.SCHEDULED_ITEM_NOT_FOUND, details);
const notEditable = (status: string) =>
  new ConflictError(ErrorCodes.SCHEDULED_ITEM_NOT_EDITABLE, SCHEDULER_MESSAGES.notEditable, {
    status,
  });
const timeInvalid = (message: string, field = 'scheduledFor') =>
  new BadRequestError(message, ErrorCodes.SCHEDULE_TIME_INVALID, { field });

/** A time in the future and within SchedulerLimits.maxDaysAhead. */
export function checkTime(value: Date | string, now = Date.now(), field = 'scheduledFor'): Date {
  const when = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(when.getTime())) throw timeInvalid('Invalid scheduledFor: not a date', field);
  if (when.getTime() <= now) throw timeInvalid(SCHEDULER_MESSAGES.inPast, field);
  if (when.getTime() > now + SchedulerLimits.maxDaysAhead * DAY_MS)
    throw timeInvalid(SCHEDULER_MESSAGES.tooFar, field);
  return when;
}

function checkedPayload(
  check: PayloadCheck,
  type: ScheduledType,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const result = check(type, payload);
  if (!result.ok)
    throw new BadRequestError(result.message, ErrorCodes.VALIDATION_FAILED, {
      field: result.field,
    });
  return result.payload;
}

async function assertRoomFor(ctx: Pick<AppContext, 'db'>, userId: string, adding: number) {
  if ((await countPending(ctx.db, userId)) + adding > SchedulerLimits.maxPending)
    throw new AppError(429, ErrorCodes.LIMIT_REACHED, SCHEDULER_MESSAGES.tooMany);
}

/** A type's payload, checked by schema and dry run, ready to store. */
async function preparePayload(
  ctx: AppContext,
  user: PublishingUser,
  check: PayloadCheck,
  type: ScheduledType,
  payload: Record<string, unknown>,
) {
  const checked = checkedPayload(check, type, payload);
  await dryRun(ctx, user, type, checked);
  return checked;
}

const present = async (ctx: AppContext, viewer: Viewer, row: ScheduledItemRow) =>
  (await presentItems(ctx, viewer, [row]))[0]!;

function itemResponse(item: ScheduledItem, message?: string): ScheduledItemResponse {
  return { item, id: item.id, itemId: item.itemId, ...(message ? { message } : {}) };
}

/** POST /scheduler. */
export async function scheduleItem(
  ctx: AppContext,
  user: PublishingUser,
  viewer: Viewer,
  body: ScheduleItemBody,
  check: PayloadCheck,
): Promise<ScheduledItemResponse> {
  const scheduledFor = checkTime(body.scheduledFor);
  const payload = await preparePayload(ctx, user, check, body.type, body.payload);
  await assertRoomFor(ctx, user.id, 1);
  const row = await withTransaction(ctx.db, async (tx) => {
    const [inserted] = await insertItems(tx, [
      { userId: user.id, type: body.type, payload, scheduledFor },
    ]);
    await enqueuePublish(ctx, tx, inserted!);
    return inserted!;
  });
  return itemResponse(await present(ctx, viewer, row), 'Scheduled');
}

const errorOf = (index: number, error: unknown, id?: string): SchedulerItemError => {
  if (!(error instanceof AppError)) throw error;
  const field = typeof error.details.field === 'string' ? error.details.field : undefined;
  return {
    index,
    ...(id ? { id } : {}),
    code: error.code,
    message: error.message,
    ...(field ? { field } : {}),
  };
};

const batchInvalid = (errors: SchedulerItemError[], message: string) =>
  new BadRequestError(message, ErrorCodes.SCHEDULER_BATCH_INVALID, { errors });

/** POST /scheduler/batch: all or nothing; every refused item is listed with its reason. */
export async function scheduleBatch(
  ctx: AppContext,
  user: PublishingUser,
  viewer: Viewer,
  items: ScheduleItemBody[],
  check: PayloadCheck,
): Promise<ScheduledItemsResponse> {
  const errors: SchedulerItemError[] = [];
  const ready: Array<{
    type: ScheduledType;
    payload: Record<string, unknown>;
    scheduledFor: Date;
  }> = [];
  for (const [index, item] of items.entries()) {
    try {
      const scheduledFor = checkTime(item.scheduledFor);
      const payload = await preparePayload(ctx, user, check, item.type, item.payload);
      ready.push({ type: item.type, payload, scheduledFor });
    } catch (error) {
      errors.push(errorOf(index, error));
    }
  }
  if (errors.length > 0) throw batchInvalid(errors, SCHEDULER_MESSAGES.batchInvalid);
  await assertRoomFor(ctx, user.id, ready.length);
  const rows = await withTransaction(ctx.db, async (tx) => {
    const inserted = await insertItems(
      tx,
      ready.map((r) => ({ userId: user.id, ...r })),
    );
    for (const row of inserted) await enqueuePublish(ctx, tx, row);
    return inserted;
  });
  const presented = await presentItems(ctx, viewer, rows);
  return { items: presented, count: presented.length, message: 'Scheduled' };
}

const encodeCursor = (row: Pick<ScheduledItemRow, 'scheduled_for' | 'id'>) =>
  Buffer.from(`${row.scheduled_for.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(raw: string | undefined) {
  if (!raw) return null;
  const [at, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const scheduledFor = new Date(at ?? '');
  if (!id || Number.isNaN(scheduledFor.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw new BadRequestError('Invalid cursor', ErrorCodes.VALIDATION_FAILED, { field: 'cursor' });
  return { scheduledFor, id };
}

/** GET /scheduler: the caller's items, soonest first, filtered by type, status and range. */
export async function listScheduled(
  ctx: AppContext,
  viewer: Viewer,
  query: SchedulerQuery,
): Promise<SchedulerPage> {
  const [rows, pendingCount] = await Promise.all([
    listItems(ctx.db, viewer.id, {
      type: query.type,
      status: query.status,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      after: decodeCursor(query.cursor),
      limit: query.limit + 1,
    }),
    countPending(ctx.db, viewer.id),
  ]);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const last = page[page.length - 1];
  return {
    items: await presentItems(ctx, viewer, page),
    nextCursor: hasMore && last ? encodeCursor(last) : null,
    hasMore,
    pendingCount,
  };
}

export async function getScheduled(ctx: AppContext, viewer: Viewer, id: string) {
  const [row] = await ctx.db
    .selectFrom('scheduled_items')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', viewer.id)
    .execute();
  if (!row) throw notFound();
  return itemResponse(await present(ctx, viewer, row));
}

const EDITABLE = new Set(['pending', 'failed']);

/**
 * PUT /scheduler/{id}: reschedule, edit the payload, cancel, restore a canceled item, or publish
 * now. Pending and failed items can be changed (a failed one goes back to pending with its
 * attempts reset); canceled ones only restored; published ones not at all.
 */
export async function updateScheduled(
  ctx: AppContext,
  user: PublishingUser,
  viewer: Viewer,
  id: string,
  body: UpdateScheduledBody,
  check: PayloadCheck,
): Promise<ScheduledItemResponse> {
  const canceling = body.status === 'canceled';
  if (canceling && (body.payload || body.scheduledFor || body.publishNow))
    throw new BadRequestError('Cancel an item on its own, without other changes', undefined, {
      field: 'status',
    });
  if (body.publishNow && body.scheduledFor)
    throw new BadRequestError('Send either publishNow or scheduledFor', undefined, {
      field: 'publishNow',
    });
  const scheduledFor = body.scheduledFor ? checkTime(body.scheduledFor) : undefined;
  // the payload's dry run opens its own transaction: it runs before the item is locked
  let payload: Record<string, unknown> | undefined;
  if (body.payload) {
    const [current] = await lockFree(ctx, viewer.id, id);
    payload = await preparePayload(ctx, user, check, current.type, body.payload);
  }
  const row = await withTransaction(ctx.db, async (tx) => {
    const [item] = await lockOwnItems(tx, viewer.id, [id]);
    if (!item) throw notFound();
    if (canceling) {
      if (!EDITABLE.has(item.status)) throw notEditable(item.status);
      return updateItem(tx, item.id, { status: 'canceled' });
    }
    const restoring = item.status === 'canceled';
    if (restoring && body.status !== 'pending') throw notEditable(item.status);
    if (!restoring && !EDITABLE.has(item.status)) throw notEditable(item.status);
    if (item.status !== 'pending') await assertRoomFor({ db: tx }, viewer.id, 1);
    const when = body.publishNow ? new Date() : (scheduledFor ?? item.scheduled_for);
    if (!body.publishNow && !scheduledFor && item.status !== 'pending') checkTime(when);
    const updated = await updateItem(tx, item.id, {
      status: 'pending',
      scheduled_for: when,
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
      ...(item.status !== 'pending' ? { attempts: 0, last_error: null } : {}),
    });
    await enqueuePublish(ctx, tx, updated);
    return updated;
  });
  return itemResponse(await present(ctx, viewer, row), 'Updated');
}

/** The caller's item without a lock (to learn its type before a dry run). */
async function lockFree(ctx: AppContext, userId: string, id: string) {
  const rows = await ctx.db
    .selectFrom('scheduled_items')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  if (rows.length === 0) throw notFound();
  return rows as [ScheduledItemRow];
}

/** DELETE /scheduler/{id}: removes the item (published content stays published). */
export async function deleteScheduled(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<DeleteScheduledResponse> {
  const deleted = await withTransaction(ctx.db, (tx) => deleteOwnItems(tx, userId, [id]));
  if (deleted.length === 0) throw notFound();
  return { ok: true, id, itemId: id, message: 'Deleted' };
}

/** Every id must be the caller's; otherwise 404 naming the others, and nothing changes. */
function assertAllFound(ids: readonly string[], rows: Array<{ id: string }>) {
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw notFound({
      missingIds: missing,
      errors: missing.map((id) => ({
        index: ids.indexOf(id),
        id,
        code: ErrorCodes.SCHEDULED_ITEM_NOT_FOUND,
        message: SCHEDULER_MESSAGES.notFound,
      })),
    });
}

/**
 * PUT /scheduler/bulk: one change for many items (a time, a shift, or cancel), all or nothing.
 * Items that cannot take it are listed with their reasons.
 */
export async function bulkUpdate(
  ctx: AppContext,
  viewer: Viewer,
  body: SchedulerBulkBody,
): Promise<ScheduledItemsResponse> {
  const changes = [body.scheduledFor, body.shiftMinutes, body.status].filter(
    (v) => v !== undefined,
  );
  if (changes.length !== 1)
    throw new BadRequestError(
      'Send exactly one of scheduledFor, shiftMinutes or status',
      undefined,
      {
        field: 'scheduledFor',
      },
    );
  const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
  const target = body.scheduledFor ? checkTime(body.scheduledFor) : undefined;
  const now = Date.now();
  const rows = await withTransaction(ctx.db, async (tx) => {
    const items = await lockOwnItems(tx, viewer.id, ids);
    assertAllFound(ids, items);
    const errors: SchedulerItemError[] = [];
    const plan: Array<{ item: ScheduledItemRow; when: Date | null }> = [];
    for (const item of items) {
      const index = ids.indexOf(item.id);
      try {
        if (!EDITABLE.has(item.status)) throw notEditable(item.status);
        if (body.status === 'canceled') plan.push({ item, when: null });
        else {
          const when =
            target ??
            checkTime(new Date(item.scheduled_for.getTime() + body.shiftMinutes! * 60_000), now);
          plan.push({ item, when });
        }
      } catch (error) {
        errors.push(errorOf(index, error, item.id));
      }
    }
    if (errors.length > 0)
      throw batchInvalid(
        errors.sort((a, b) => a.index - b.index),
        SCHEDULER_MESSAGES.bulkInvalid,
      );
    const reviving = plan.filter((p) => p.when && p.item.status !== 'pending').length;
    if (reviving > 0) await assertRoomFor({ db: tx }, viewer.id, reviving);
    const updated: ScheduledItemRow[] = [];
    for (const { item, when } of plan) {
      if (!when) {
        updated.push(await updateItem(tx, item.id, { status: 'canceled' }));
        continue;
      }
      const row = await updateItem(tx, item.id, {
        status: 'pending',
        scheduled_for: when,
        ...(item.status !== 'pending' ? { attempts: 0, last_error: null } : {}),
      });
      await enqueuePublish(ctx, tx, row);
      updated.push(row);
    }
    return updated.sort((a, b) => a.scheduled_for.getTime() - b.scheduled_for.getTime());
  });
  const presented = await presentItems(ctx, viewer, rows);
  return { items: presented, count: presented.length, message: 'Updated' };
}

/** DELETE /scheduler/bulk: removes the caller's items, all or nothing. */
export async function bulkDelete(
  ctx: AppContext,
  userId: string,
  rawIds: string[],
): Promise<SchedulerBulkDeleteResponse> {
  const ids = [...new Set(rawIds.map((id) => id.toLowerCase()))];
  const deleted = await withTransaction(ctx.db, async (tx) => {
    assertAllFound(ids, await lockOwnItems(tx, userId, ids));
    return deleteOwnItems(tx, userId, ids);
  });
  return {
    ok: true,
    ids: deleted.map((d) => d.id),
    count: deleted.length,
    message: 'Deleted',
  };
}
