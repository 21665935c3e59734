import {
  ErrorCodes,
  type CheckoutPurpose,
  type CreatePromoCodeBody,
  type PromoCode,
  type PromoQuote,
  type UpdatePromoCodeBody,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import { withTransaction, type Db, type DbHandle, type Tx } from '../../platform/db/database.ts';
import type { PromoCodeRow, UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { units } from '../ledger/money.ts';
import { isUuid } from '../../platform/ids.ts';
import { discounted, iso, nextMaxUses, offerClaimed, offerStatus } from './commerce.shared.ts';
import { recordRedemption } from './redemptions.ts';

/**
 * Promo codes: a creator's checkout discounts (percent off the first subscription period or a
 * post unlock), with an optional usage limit and expiry, usable once per fan. Redeeming locks
 * the code row, so uses never pass max_uses; the partial unique index on
 * promo_redemptions (promo_code_id, user_id) keeps "once per fan" true under races.
 */

export const normaliseCode = (code: string) => code.trim().toUpperCase();

export function presentPromoCode(row: PromoCodeRow, now = new Date()): PromoCode {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percent_off,
    appliesTo: row.applies_to,
    maxUses: row.max_uses,
    usesCount: row.uses_count,
    expiresAt: iso(row.expires_at),
    status: offerStatus(row, now),
    createdAt: row.created_at.toISOString(),
  };
}

export function futureDate(value: string | null | undefined, field: string, now = new Date()) {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || at <= now)
    throw new BadRequestError(`${field} must be in the future`, ErrorCodes.VALIDATION_FAILED, {
      field,
    });
  return at;
}

export async function listPromoCodes(db: DbHandle, creatorId: string) {
  const rows = await db
    .selectFrom('promo_codes')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  return { codes: rows.map((r) => presentPromoCode(r)) };
}

const promoCodeNotFound = () =>
  new NotFoundError('Promo code not found', ErrorCodes.PROMO_CODE_NOT_FOUND);

/** One own code, as the list shows it (anyone else's or a malformed id: 404). */
export async function getPromoCode(db: DbHandle, creatorId: string, id: string) {
  if (!isUuid(id)) throw promoCodeNotFound();
  const row = await db
    .selectFrom('promo_codes')
    .selectAll()
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  if (!row) throw promoCodeNotFound();
  return presentPromoCode(row);
}

export async function createPromoCode(db: Db, creator: UserRow, body: CreatePromoCodeBody) {
  const code = normaliseCode(body.code);
  // discountPercent: the name promotions use, accepted here as an alias
  const percentOff = body.percentOff ?? body.discountPercent;
  if (percentOff === undefined)
    throw new BadRequestError('percentOff is required', ErrorCodes.VALIDATION_FAILED, {
      field: 'percentOff',
    });
  const expiresAt = futureDate(body.expiresAt, 'expiresAt');
  const row = await db
    .insertInto('promo_codes')
    .values({
      creator_id: creator.id,
      code,
      percent_off: percentOff,
      applies_to: body.appliesTo ?? 'all',
      max_uses: body.maxUses ?? null,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['creator_id', 'code']).where('ended_at', 'is', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row)
    throw new ConflictError(ErrorCodes.PROMO_CODE_TAKEN, `You already have a live code ${code}`);
  return presentPromoCode(row);
}

/** Ends a code (kept for the redemption history); idempotent. */
export async function endPromoCode(db: Db, creator: UserRow, id: string) {
  const row = await db
    .updateTable('promo_codes')
    .set({ ended_at: sql`coalesce(ended_at, now())` })
    .where('id', '=', id)
    .where('creator_id', '=', creator.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw promoCodeNotFound();
  return presentPromoCode(row);
}

/**
 * Edits an own code. Chosen conservatively so no edit rewrites a price a fan already paid:
 * maxUses (not below the uses so far) and expiresAt (future or null) change any time;
 * percentOff and appliesTo only while nobody has used the code (409 after); the code text never
 * changes (fans may hold it); an ended code stays ended (409). The row is locked as a checkout
 * locks it, so an edit and a redemption never interleave.
 */
export async function updatePromoCode(
  db: Db,
  creator: UserRow,
  id: string,
  body: UpdatePromoCodeBody,
) {
  if (!isUuid(id)) throw promoCodeNotFound();
  return withTransaction(db, async (tx) => {
    const row = await tx
      .selectFrom('promo_codes')
      .selectAll()
      .where('id', '=', id)
      .where('creator_id', '=', creator.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw promoCodeNotFound();
    if (row.ended_at)
      throw new ConflictError(ErrorCodes.INVALID_TRANSITION, 'This promo code has ended');
    const percentChanges = body.percentOff !== undefined && body.percentOff !== row.percent_off;
    const targetChanges = body.appliesTo !== undefined && body.appliesTo !== row.applies_to;
    if ((percentChanges || targetChanges) && (await offerClaimed(tx, row, 'promo_code_id')))
      throw new ConflictError(
        ErrorCodes.INVALID_TRANSITION,
        'This promo code has been used; its discount can no longer change (end it and create a new one)',
        { field: percentChanges ? 'percentOff' : 'appliesTo' },
      );
    const updated = await tx
      .updateTable('promo_codes')
      .set({
        percent_off: body.percentOff ?? row.percent_off,
        applies_to: body.appliesTo ?? row.applies_to,
        max_uses: nextMaxUses(body.maxUses, row.max_uses, row.uses_count),
        ...(body.expiresAt !== undefined
          ? { expires_at: futureDate(body.expiresAt, 'expiresAt') }
          : {}),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentPromoCode(updated);
  });
}

const invalid = (message: string) =>
  new BadRequestError(message, ErrorCodes.PROMO_CODE_INVALID, { field: 'promoCode' });

interface CodeCheck {
  userId: string;
  creatorId: string;
  purpose: CheckoutPurpose;
  code: string;
  priceCents: number;
  now?: Date;
  /** lock the code row (at checkout, inside the charge's transaction) */
  lock?: boolean;
}

/** The live code of this creator for this purpose, not used by this fan; else a 400. */
export async function checkPromoCode(db: DbHandle, input: CodeCheck) {
  const now = input.now ?? new Date();
  let query = db
    .selectFrom('promo_codes')
    .selectAll()
    .where('creator_id', '=', input.creatorId)
    .where('code', '=', normaliseCode(input.code))
    .where('ended_at', 'is', null);
  if (input.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw invalid('This promo code is not valid');
  const status = offerStatus(row, now);
  if (status === 'expired') throw invalid('This promo code has expired');
  if (status === 'used_up') throw invalid('This promo code has been used up');
  if (row.applies_to !== 'all' && row.applies_to !== input.purpose)
    throw invalid(
      row.applies_to === 'subscription'
        ? 'This promo code only applies to subscriptions'
        : 'This promo code only applies to unlocking posts',
    );
  const used = await db
    .selectFrom('promo_redemptions')
    .select('id')
    .where('promo_code_id', '=', row.id)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (used) throw invalid('You have already used this promo code');
  return { row, priceCents: discounted(input.priceCents, row.percent_off) };
}

export function presentQuote(row: PromoCodeRow, originalCents: number, priceCents: number) {
  return {
    valid: true,
    code: row.code,
    percentOff: row.percent_off,
    originalPrice: units(originalCents),
    originalPriceCents: originalCents,
    price: units(priceCents),
    priceCents,
    discount: units(originalCents - priceCents),
    discountCents: originalCents - priceCents,
  } satisfies PromoQuote;
}

/** Records a use inside the checkout transaction (after checkPromoCode with lock). */
export function redeemPromoCode(
  tx: Tx,
  input: {
    codeId: string;
    userId: string;
    purpose: CheckoutPurpose;
    targetId: string;
    originalCents: number;
    chargedCents: number;
    transactionId: string | null;
  },
) {
  return recordRedemption(tx, { table: 'promo_codes', id: input.codeId }, input, () =>
    invalid('You have already used this promo code'),
  );
}

/** withTransaction wrapper for the validate route (nothing is written). */
export async function quotePromoCode(db: Db, input: Omit<CodeCheck, 'lock'>) {
  return withTransaction(db, async (tx) => {
    const { row, priceCents } = await checkPromoCode(tx, input);
    return presentQuote(row, input.priceCents, priceCents);
  });
}
