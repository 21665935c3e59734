import {
  ErrorCodes,
  COMMERCE_LIMITS,
  type CreateWishlistItemBody,
  type UpdateWishlistItemBody,
  type WishlistItem,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import {
  assertInTransaction,
  withTransaction,
  type Db,
  type DbHandle,
  type Tx,
} from '../../platform/db/database.ts';
import type { UserRow, WishlistItemRow } from '../../platform/db/schema.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { amountToCents, units } from '../ledger/money.ts';
import { iso, visibleCreator } from './commerce.shared.ts';
import { isUuid } from '../../platform/ids.ts';

/**
 * Wishlist items of a creator (SPEC §3: title, description, goalAmount), funded by fans' tips
 * (tipType 'wishlist', contentId = item id) through the ledger. funded_cents moves only in the
 * tip's transaction, with a wishlist_fundings row naming the ledger transaction.
 */

export const itemNotFound = () =>
  new NotFoundError('Wishlist item not found', ErrorCodes.WISHLIST_ITEM_NOT_FOUND);

export function presentWishlistItem(row: WishlistItemRow): WishlistItem {
  return {
    id: row.id,
    creatorId: row.creator_id,
    title: row.title,
    description: row.description,
    goalAmount: units(row.goal_cents),
    goalCents: row.goal_cents,
    fundedAmount: units(row.funded_cents),
    fundedCents: row.funded_cents,
    progress: Math.min(100, Math.floor((row.funded_cents * 100) / row.goal_cents)),
    completed: row.completed_at !== null,
    completedAt: iso(row.completed_at),
    imageUrl: row.image_url,
    createdAt: row.created_at.toISOString(),
  };
}

const goalCents = (amount: number) =>
  amountToCents(
    'goalAmount',
    amount,
    COMMERCE_LIMITS.wishlistGoal.min,
    COMMERCE_LIMITS.wishlistGoal.max,
  );

function cleanTitle(title: string) {
  const trimmed = title.trim();
  if (!trimmed)
    throw new BadRequestError('title must not be empty', ErrorCodes.VALIDATION_FAILED, {
      field: 'title',
    });
  return trimmed;
}

/** One live item, to whoever may see its creator's list (else, or a malformed id: 404). */
export async function getWishlistItem(db: DbHandle, viewerId: string | null, id: string) {
  if (!isUuid(id)) throw itemNotFound();
  const row = await db
    .selectFrom('wishlist_items')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw itemNotFound();
  if (viewerId !== row.creator_id)
    await visibleCreator(db, viewerId, row.creator_id).catch(() => {
      throw itemNotFound();
    });
  return presentWishlistItem(row);
}

export async function listWishlist(db: DbHandle, viewerId: string | null, creatorId: string) {
  if (viewerId !== creatorId) await visibleCreator(db, viewerId, creatorId);
  const rows = await db
    .selectFrom('wishlist_items')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  // open items first, completed ones after (kept as thanks)
  const open = rows.filter((r) => !r.completed_at);
  const done = rows.filter((r) => r.completed_at);
  return { items: [...open, ...done].map(presentWishlistItem) };
}

export async function createWishlistItem(db: Db, creator: UserRow, body: CreateWishlistItemBody) {
  const row = await db
    .insertInto('wishlist_items')
    .values({
      creator_id: creator.id,
      title: cleanTitle(body.title),
      description: (body.description ?? '').trim(),
      goal_cents: goalCents(body.goalAmount),
      image_url: body.imageUrl ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentWishlistItem(row);
}

async function ownItem(tx: DbHandle, creatorId: string, id: string) {
  const row = await tx
    .selectFrom('wishlist_items')
    .selectAll()
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw itemNotFound();
  return row;
}

export async function updateWishlistItem(
  db: Db,
  creator: UserRow,
  id: string,
  body: UpdateWishlistItemBody,
) {
  return withTransaction(db, async (tx) => {
    const row = await ownItem(tx, creator.id, id);
    const goal = body.goalAmount === undefined ? row.goal_cents : goalCents(body.goalAmount);
    // a goal moved down to what is already funded completes the item; moved up reopens it
    const completedAt = row.funded_cents >= goal ? (row.completed_at ?? new Date()) : null;
    const updated = await tx
      .updateTable('wishlist_items')
      .set({
        ...(body.title !== undefined ? { title: cleanTitle(body.title) } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.imageUrl !== undefined ? { image_url: body.imageUrl } : {}),
        goal_cents: goal,
        completed_at: completedAt,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentWishlistItem(updated);
  });
}

/** Soft delete: fundings keep pointing at the item for the statements. */
export async function deleteWishlistItem(db: Db, creator: UserRow, id: string) {
  await withTransaction(db, async (tx) => {
    await ownItem(tx, creator.id, id);
    await tx
      .updateTable('wishlist_items')
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  });
  return { ok: true as const, message: 'Wishlist item deleted' };
}

/**
 * The item a wishlist tip funds: the recipient's own live, not yet completed item. Locked, so
 * concurrent tips add up exactly. Called before the charge, so a refused tip charges nothing.
 */
export async function fundableItem(tx: DbHandle, creatorId: string, itemId: string) {
  const refuse = () =>
    new BadRequestError(
      'contentId does not name a wishlist item of this creator',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'contentId' },
    );
  if (!isUuid(itemId)) throw refuse();
  const row = await tx
    .selectFrom('wishlist_items')
    .selectAll()
    .where('id', '=', itemId)
    .where('creator_id', '=', creatorId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw refuse();
  if (row.completed_at)
    throw new BadRequestError(
      'This wishlist item is already fully funded',
      ErrorCodes.WISHLIST_ITEM_COMPLETED,
    );
  return row;
}

/** Adds a tip's amount to its item in the tip's transaction; completes it at the goal. */
export async function recordWishlistFunding(
  tx: Tx,
  input: { itemId: string; funderId: string; amountCents: number; transactionId: string },
) {
  assertInTransaction(tx);
  await tx
    .insertInto('wishlist_fundings')
    .values({
      item_id: input.itemId,
      funder_id: input.funderId,
      amount_cents: input.amountCents,
      transaction_id: input.transactionId,
    })
    .execute();
  const row = await tx
    .updateTable('wishlist_items')
    .set({
      funded_cents: sql`funded_cents + ${input.amountCents}`,
      completed_at: sql`case when funded_cents + ${input.amountCents} >= goal_cents then coalesce(completed_at, now()) else completed_at end`,
      updated_at: new Date(),
    })
    .where('id', '=', input.itemId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentWishlistItem(row);
}

/**
 * A refund or chargeback of a wishlist tip takes the reversed amount back out of its item, in
 * the reversal's transaction (called by `reverseCharge` with the charge locked, so the total
 * taken back never exceeds the tip: a second full refund is refused before it gets here). An
 * item that falls below its goal again is reopened; a deleted item is corrected all the same.
 */
export async function reverseWishlistFunding(
  tx: DbHandle,
  chargeId: string,
  reversedCents: number,
) {
  assertInTransaction(tx);
  const funding = await tx
    .selectFrom('wishlist_fundings')
    .select('item_id')
    .where('transaction_id', '=', chargeId)
    .executeTakeFirst();
  if (!funding || reversedCents <= 0) return;
  const left = sql<number>`greatest(funded_cents - ${reversedCents}, 0)`;
  await tx
    .updateTable('wishlist_items')
    .set({
      funded_cents: left,
      completed_at: sql`case when ${left} >= goal_cents then completed_at else null end`,
      updated_at: new Date(),
    })
    .where('id', '=', funding.item_id)
    .execute();
}
