import { ErrorCodes, type UnlockResponse } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type Tx } from '../../platform/db/database.ts';
import type { StatementTail } from '../../platform/db/statement-tail.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import {
  collaborationExists,
  splitWithCollaborator,
} from '../collaborations/collaborations.split.ts';
import { units } from '../ledger/money.ts';
import { visiblePosts } from '../posts/posts.queries.ts';
import { postNotFound } from '../posts/posts.policy.ts';
import { resolveOffer, type CheckoutOffer } from '../commerce/checkout-offers.ts';
import { referralColumns, referralTermsFrom } from '../referrals/referrals.split.ts';
import { track } from '../analytics/recorder.ts';
import { opaque } from '../../platform/db/array-parameter.ts';

const FOR_SALE = ['paid', 'subscribers_or_paid'];

/**
 * Buys a paid post once. The purchase row is inserted before the charge: its UNIQUE
 * (buyer, post) makes concurrent unlocks queue behind the first, and every later one finds
 * the row and is refused, so the post is charged exactly once however many clicks arrive.
 *
 * 7 statements (docs/PERFORMANCE.md "Write paths"): begin, the idempotency claim, the checks
 * with the purchase row (`unlockChecks`), the accounts' lock, the ledger write (with the
 * release job, the creator's notice and the purchase's link to the transaction), the system
 * accounts with the stored response, commit. A promo code reads and locks its row between the
 * checks and the purchase, so with one the purchase is inserted on its own, as before.
 */
export async function unlockPost(
  deps: Pick<AppContext, 'jobs'>,
  tx: Tx,
  buyerId: string,
  postId: string,
  offer?: CheckoutOffer,
): Promise<UnlockResponse> {
  assertInTransaction(tx);
  const now = new Date();
  const withPromo = !!offer?.promoCode?.trim();
  const checks = await unlockChecks(tx, buyerId, postId, !withPromo);
  const { post, priceCents: listCents } = judgeUnlock(buyerId, checks);
  const deal = await resolveOffer(tx, {
    userId: buyerId,
    creatorId: post.user_id,
    purpose: 'unlock',
    priceCents: listCents,
    offer,
  });
  const priceCents = deal.chargeCents;

  const purchase = withPromo
    ? await tx
        .insertInto('content_purchases')
        .values({ buyer_id: buyerId, post_id: post.id, price_cents: priceCents })
        .onConflict((oc) => oc.columns(['buyer_id', 'post_id']).doNothing())
        .returning(['id', 'created_at'])
        .executeTakeFirst()
    : insertedPurchase(checks);
  if (!purchase) throw alreadyUnlocked();

  // the purchase is linked to its transaction by the charge's own statement
  const linked: StatementTail = {
    ctes: [
      sql`purchase_linked as (
        update content_purchases set ledger_transaction_id = (select id from t)
        where id = ${purchase.id}::uuid
      )`,
    ],
    columns: [],
  };
  // a 100% promo code buys the post for nothing: a purchase with no ledger transaction
  const charge =
    priceCents > 0
      ? await chargeToCreator(deps, tx, {
          kind: 'unlock',
          payerId: buyerId,
          creatorId: post.user_id,
          grossCents: priceCents,
          details: { postId: post.id, purchaseId: purchase.id, ...deal.details },
          idempotencyRef: `unlock:${purchase.id}`,
          now,
          referral: referralTermsFrom(checks, now),
          also: [linked],
        })
      : null;
  trackPurchase(tx, buyerId, post);
  if (charge && checks.has_collab)
    await splitWithCollaborator(deps, tx, post.id, post.user_id, charge);
  await deal.redeem(tx, post.id, charge?.transactionId ?? null);
  return unlockResponse(post.id, priceCents, charge?.transactionId ?? null, purchase.created_at);
}

/**
 * An unlock's rules on its checks, in the order they always ran: the post exists for the buyer,
 * is not their own, is for sale. Returns the post and its list price; throws the refusal.
 */
export function judgeUnlock(buyerId: string, checks: UnlockChecks) {
  // blocked either way, deleted or unpublished: the post does not exist for this buyer
  if (checks.post_id === null || checks.owner_id === null) throw postNotFound();
  const post = { id: checks.post_id, user_id: checks.owner_id };
  if (post.user_id === buyerId)
    throw new BadRequestError('You cannot unlock your own post', ErrorCodes.CANNOT_TARGET_SELF);
  if (!FOR_SALE.includes(checks.access_level ?? '') || checks.price_cents === null)
    throw new BadRequestError('This post is not for sale', ErrorCodes.NOT_FOR_SALE);
  return { post, priceCents: Number(checks.price_cents) };
}

/** The purchase row the checks inserted; undefined: bought before (or not asked for). */
export const insertedPurchase = (checks: UnlockChecks) =>
  checks.purchase_id !== null && checks.purchased_at !== null
    ? { id: checks.purchase_id, created_at: new Date(checks.purchased_at) }
    : undefined;

export const alreadyUnlocked = () =>
  new ConflictError(ErrorCodes.ALREADY_UNLOCKED, 'You have already unlocked this post');

export const trackPurchase = (tx: Tx, buyerId: string, post: { id: string; user_id: string }) =>
  track(tx, { metric: 'purchase', creatorId: post.user_id, postId: post.id, actorId: buyerId });

export const unlockResponse = (
  postId: string,
  priceCents: number,
  transactionId: string | null,
  purchasedAt: Date,
): UnlockResponse => ({
  ok: true,
  postId,
  isUnlocked: true,
  price: units(priceCents),
  priceCents,
  transactionId,
  purchasedAt: purchasedAt.toISOString(),
});

/** The purchase's link to its charge, riding in the charge's ledger write. */
export function purchaseLinks(links: ReadonlyArray<{ purchaseId: string; transactionId: string }>) {
  const tail: StatementTail = {
    ctes: [
      sql`purchase_linked as (
        update content_purchases p set ledger_transaction_id = l.transaction_id
        from unnest(${opaque(
          links.map((l) => l.purchaseId),
          'uuid',
        )}, ${opaque(
          links.map((l) => l.transactionId),
          'uuid',
        )}) as l(purchase_id, transaction_id)
        where p.id = l.purchase_id
      )`,
    ],
    columns: [],
  };
  return tail;
}

export interface UnlockChecks extends Record<string, unknown> {
  /** null: the post does not exist for this buyer */
  post_id: string | null;
  owner_id: string | null;
  access_level: string | null;
  price_cents: number | string | null;
  /** null: no purchase inserted (a refused unlock, one bought before, or not asked for) */
  purchase_id: string | null;
  purchased_at: Date | string | null;
  has_collab: boolean;
}

/**
 * Everything an unlock reads before its charge, in one statement: the post as
 * `findVisiblePost` finds it, its owner's referral terms and whether it has a collaboration to
 * split with. `purchase`: the purchase row is inserted here too (a data-modifying CTE) when the
 * post may be bought at its price – not one's own, for sale – so its UNIQUE (buyer, post)
 * serialises concurrent unlocks of one post from this first statement on; nothing is inserted
 * otherwise, and a row bought before leaves `purchase_id` null (409).
 */
async function unlockChecks(
  tx: Tx,
  buyerId: string,
  postId: string,
  purchase: boolean,
): Promise<UnlockChecks> {
  const post = visiblePosts(tx, buyerId)
    .select(['posts.id', 'posts.user_id', 'posts.access_level', 'posts.price_cents'])
    .where('posts.id', '=', postId);
  const inserted = purchase
    ? sql`, purchase as (
        insert into content_purchases (buyer_id, post_id, price_cents)
        select ${buyerId}::uuid, post.id, post.price_cents from post
        where post.user_id <> ${buyerId}::uuid
          and post.access_level in (${sql.join(FOR_SALE)})
          and post.price_cents is not null
        on conflict (buyer_id, post_id) do nothing
        returning id, created_at
      )`
    : sql``;
  const bought = purchase
    ? sql`(select id from purchase) as purchase_id,
        (select created_at from purchase) as purchased_at`
    : sql`null::uuid as purchase_id, null::timestamptz as purchased_at`;
  const { rows } = await sql<UnlockChecks>`
    with post as ${post}${inserted}
    select post.id as post_id, post.user_id as owner_id, post.access_level, post.price_cents,
      ${bought},
      ${referralColumns(sql`post.user_id`)},
      ${collaborationExists(sql`post.id`, sql`post.user_id`)} as has_collab
    from (select 1) as one
    left join post on true`.execute(tx);
  const row = rows[0];
  if (!row) throw new Error('the unlock checks returned no row');
  return row;
}

/** An unlock of a batch, for `unlockChecksOfBatch`. */
export interface BatchedUnlock {
  buyerId: string;
  postId: string;
}

/**
 * `unlockChecks` for a batch of unlocks in one statement whose text does not depend on the
 * batch's size: one row per unlock, in order, with the same columns, each post judged as its
 * own buyer sees it, and the purchase rows inserted (in (buyer, post) order) for the posts each
 * buyer may buy – so the UNIQUE (buyer, post) still refuses a second unlock from this first
 * statement on.
 */
export async function unlockChecksOfBatch(
  tx: Tx,
  unlocks: readonly BatchedUnlock[],
): Promise<UnlockChecks[]> {
  const post = visiblePosts(tx, sql<string>`unlock_in.buyer`)
    .select(['posts.id', 'posts.user_id', 'posts.access_level', 'posts.price_cents'])
    .where('posts.id', '=', sql<string>`unlock_in.post`);
  const { rows } = await sql<UnlockChecks & { ord: number | string }>`
    with unlock_in as (
      select * from unnest(${opaque(
        unlocks.map((u) => u.buyerId),
        'uuid',
      )}, ${opaque(
        unlocks.map((u) => u.postId),
        'uuid',
      )}) with ordinality as unlock_in(buyer, post, ord)
    ), post as (
      select unlock_in.ord, unlock_in.buyer, p.* from unlock_in cross join lateral ${post} as p
    ), purchase as (
      insert into content_purchases (buyer_id, post_id, price_cents)
      select post.buyer, post.id, post.price_cents from post
      where post.user_id <> post.buyer
        and post.access_level in (${sql.join(FOR_SALE)})
        and post.price_cents is not null
      order by post.buyer, post.id
      on conflict (buyer_id, post_id) do nothing
      returning id, buyer_id, post_id, created_at
    )
    select unlock_in.ord, post.id as post_id, post.user_id as owner_id, post.access_level,
      post.price_cents, bought.id as purchase_id, bought.created_at as purchased_at,
      ${referralColumns(sql`post.user_id`)},
      ${collaborationExists(sql`post.id`, sql`post.user_id`)} as has_collab
    from unlock_in
    left join post on post.ord = unlock_in.ord
    left join purchase bought on bought.buyer_id = unlock_in.buyer and bought.post_id = post.id
    order by unlock_in.ord`.execute(tx);
  if (rows.length !== unlocks.length)
    throw new Error('the unlock checks returned a row per unlock');
  return rows.map(({ ord: _ord, ...row }) => row);
}
