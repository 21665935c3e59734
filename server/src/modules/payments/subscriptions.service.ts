import { ErrorCodes, type SubscribeResponse, type Subscription } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import {
  assertInTransaction,
  withTransaction,
  type Db,
  type DbHandle,
  type Tx,
} from '../../platform/db/database.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { newRowId } from '../../platform/ids.ts';
import { cardProvider } from '../../platform/payments/index.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import { lockWallet } from '../ledger/ledger.service.ts';
import { addDays, SUBSCRIPTION_PERIOD_DAYS } from '../ledger/money.ts';
import { presentSubscription, type SubscriptionRow } from './present.ts';
import { viaProvider } from './card-provider.service.ts';
import { assertPayable } from './tips.service.ts';
import {
  subscribeChecks,
  subscriberCounted,
  takeSubscription,
  upsertSubscription,
} from './subscribe.queries.ts';
import { resolveOffer, type CheckoutOffer } from '../commerce/checkout-offers.ts';
import { automationEvent, automationJob } from '../automation/automation.runner.ts';
import { referralTermsFrom } from '../referrals/referrals.split.ts';
import { jobInsert } from '../../platform/jobs/queue.ts';
import { track } from '../analytics/recorder.ts';

/**
 * Fan subscriptions: one row per (fan, creator), renewed in place. A cancel stops renewal and
 * keeps access to the end of the paid period (canceled_at set, status 'active' until then);
 * the renewal job (renewals.service.ts) charges once per period and expires what it cannot
 * charge.
 */

export type Deps = Pick<AppContext, 'jobs'>;
/** subscribe also tells a card provider that renews a subscription when it is resumed */
export type SubscribeDeps = Pick<AppContext, 'jobs' | 'config'>;

export const RENEW_JOB = 'subscriptions.renew';

/** One renewal run per hour of period ends (dedupe key), right after the period ends. */
function renewalJob(periodEnd: Date) {
  const hour = new Date(Math.ceil(periodEnd.getTime() / 3_600_000) * 3_600_000);
  const options = { runAt: hour, dedupeKey: `${RENEW_JOB}:${hour.toISOString()}` };
  return { tail: jobInsert('renewal_job', RENEW_JOB, {}, options), options };
}

export async function scheduleRenewal(deps: Deps, tx: DbHandle, periodEnd: Date) {
  await deps.jobs.enqueue(tx, RENEW_JOB, {}, renewalJob(periodEnd).options);
}

/** users.subscriber_count follows live subscriptions (a canceled one counts until it ends). */
export async function bumpSubscriberCount(db: DbHandle, creatorIds: string[], delta: 1 | -1) {
  for (const id of creatorIds)
    await db
      .updateTable('users')
      .set({ subscriber_count: sql`greatest(subscriber_count + ${delta}, 0)` })
      .where('id', '=', id)
      .execute();
}

const subscriptionNotFound = () =>
  new NotFoundError('Subscription not found', ErrorCodes.SUBSCRIPTION_NOT_FOUND);

export async function priceOf(db: DbHandle, creatorId: string) {
  const row = await db
    .selectFrom('users')
    .select('subscription_price_cents')
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return row.subscription_price_cents;
}

/**
 * A new subscription in 8 statements (docs/PERFORMANCE.md "Money requests in 7 statements";
 * round-trips.test.ts): begin, the idempotency claim, the checks with the fan's wallet lock
 * (`subscribeChecks`), the subscription row with its upsert (`takeSubscription`), the
 * accounts' lock, the ledger write (with the release and renewal jobs, the creator's notice,
 * the automation job and the subscriber count), the system accounts with the stored response,
 * commit. A promo code or promotion is checked and locked between the row and its upsert, so
 * with one the upsert is its own statement, as before; a charge of nothing (a free trial, a
 * 100% code) writes the jobs and the count with their own statements. Errors come in the order
 * they always did: self, recipient, free creator, already subscribed, offer, funds.
 */
export async function subscribe(
  deps: SubscribeDeps,
  tx: Tx,
  fanId: string,
  creatorId: string,
  now = new Date(),
  offer?: CheckoutOffer,
): Promise<SubscribeResponse> {
  assertInTransaction(tx);
  const checks = await subscribeChecks(tx, fanId, creatorId);
  assertPayable(
    fanId,
    creatorId,
    checks.creator_type === null ? undefined : { account_type: checks.creator_type },
  );
  const priceCents = checks.price_cents ?? 0;
  if (priceCents <= 0)
    throw new BadRequestError(
      'This creator is free to follow; there is nothing to subscribe to',
      ErrorCodes.SUBSCRIPTION_FREE,
    );
  // one money operation per fan at a time: two subscribes cannot both see "no subscription"
  // (the checks locked the wallet; a fan without one yet gets it created and locked here)
  if (checks.wallet_id === null) await lockWallet(tx, fanId);
  const withOffer = !!offer?.promotionId || !!offer?.promoCode?.trim();
  const taken = await takeSubscription(
    tx,
    fanId,
    creatorId,
    now,
    withOffer ? null : addDays(now, SUBSCRIPTION_PERIOD_DAYS),
  );
  const { existing } = taken;
  const live = existing && existing.status === 'active' && existing.current_period_end > now;
  if (live && !existing.canceled_at)
    throw new ConflictError(ErrorCodes.ALREADY_SUBSCRIBED, 'You are already subscribed');
  if (live) {
    // resubscribing inside a paid period resumes it: nothing to charge until it ends. A card
    // provider that renews it is told first and goes on renewing it (our renewal job must not:
    // it would charge the wallet for the period the card pays)
    const byProvider = existing.provider_subscription_id;
    if (byProvider)
      await viaProvider('Failed to connect to Stripe', () =>
        cardProvider(deps.config).resumeSubscription(byProvider),
      );
    const resumed = await tx
      .updateTable('subscriptions')
      .set({ canceled_at: null, is_recurring: byProvider === null })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      subscription: presentSubscription(resumed, priceCents),
      charged: false,
      transactionId: null,
    };
  }

  // a promo code or promotion (docs "Commerce extras"): checked and locked before anything moves
  const deal = await resolveOffer(tx, {
    userId: fanId,
    creatorId,
    purpose: 'subscription',
    priceCents,
    hadSubscription: existing !== undefined,
    offer,
    now,
  });
  const periodEnd = addDays(now, deal.periodDays);
  const row = taken.row ?? (await upsertSubscription(tx, fanId, creatorId, periodEnd));
  // an active row whose period ran out was never expired by the job, so it still counts
  const counts = !existing || existing.status !== 'active';
  // the automation job is keyed by the charge: its id is chosen here so the job rides along
  const transactionId = newRowId();
  const automation = checks.has_automation
    ? automationJob(deps, tx, {
        trigger: 'new_subscriber',
        creatorId,
        fanId,
        eventKey: transactionId,
      })
    : null;
  const renewal = renewalJob(periodEnd);
  // a free trial (or a 100% code) charges nothing now; renewals charge the normal price
  const charge =
    deal.chargeCents > 0
      ? await chargeToCreator(deps, tx, {
          kind: 'subscription',
          payerId: fanId,
          creatorId,
          grossCents: deal.chargeCents,
          details: {
            subscriptionId: row.id,
            periodEnd: periodEnd.toISOString(),
            ...deal.details,
          },
          now,
          referral: referralTermsFrom(checks, now),
          transactionId,
          also: [
            renewal.tail,
            ...(automation ? [automation.tail] : []),
            ...(counts ? [subscriberCounted(creatorId)] : []),
          ],
        })
      : null;
  await deal.redeem(tx, row.id, charge?.transactionId ?? null);
  if (charge) {
    deps.jobs.enqueued(tx, RENEW_JOB, renewal.options);
    automation?.queued();
  } else {
    await scheduleRenewal(deps, tx, periodEnd);
    await automationEvent(deps, tx, {
      trigger: 'new_subscriber',
      creatorId,
      fanId,
      // a free trial has no charge; its subscription period names the event instead
      eventKey: `trial:${row.id}:${periodEnd.toISOString()}`,
    });
    if (counts) await bumpSubscriberCount(tx, [creatorId], 1);
  }
  track(tx, { metric: 'subscription', creatorId, actorId: fanId });
  return {
    subscription: presentSubscription(row, priceCents),
    charged: charge !== null,
    transactionId: charge?.transactionId ?? null,
  };
}

async function ownSubscription(tx: Tx, fanId: string, id: string): Promise<SubscriptionRow> {
  const row = await tx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('subscriber_id', '=', fanId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw subscriptionNotFound();
  return row;
}

/** Cancel: no refund, no renewal, access until the period end. Idempotent. */
export async function cancelSubscription(db: Db, fanId: string, id: string): Promise<Subscription> {
  return withTransaction(db, async (tx) => {
    const row = await ownSubscription(tx, fanId, id);
    const updated =
      row.status === 'active' && !row.canceled_at
        ? await tx
            .updateTable('subscriptions')
            .set({ canceled_at: new Date(), is_recurring: false })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : row;
    if (updated !== row)
      track(tx, { metric: 'unsubscription', creatorId: row.creator_id, actorId: fanId });
    return presentSubscription(updated, await priceOf(tx, row.creator_id));
  });
}

export async function setRecurring(
  db: Db,
  fanId: string,
  id: string,
  isRecurring: boolean,
): Promise<Subscription> {
  return withTransaction(db, async (tx) => {
    const row = await ownSubscription(tx, fanId, id);
    if (row.status !== 'active')
      throw new BadRequestError(
        'This subscription has ended; subscribe again',
        ErrorCodes.VALIDATION_FAILED,
      );
    // turning renewal back on undoes a cancel; turning it off is not a cancel
    const updated = await tx
      .updateTable('subscriptions')
      .set({ is_recurring: isRecurring, ...(isRecurring ? { canceled_at: null } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentSubscription(updated, await priceOf(tx, row.creator_id));
  });
}

/** Active subscriptions, including canceled ones still inside their paid period. */
export async function mySubscriptions(db: DbHandle, fanId: string, now = new Date()) {
  const rows = await db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.creator_id')
    .selectAll('subscriptions')
    .select([
      'users.username',
      'users.display_name',
      'users.avatar_url',
      'users.subscription_price_cents',
    ])
    .where('subscriptions.subscriber_id', '=', fanId)
    .where('subscriptions.status', '=', 'active')
    .where('subscriptions.current_period_end', '>', now)
    .orderBy('subscriptions.current_period_end')
    .execute();
  return {
    subscriptions: rows.map((r) =>
      presentSubscription(r, r.subscription_price_cents, {
        id: r.creator_id,
        username: r.username,
        display_name: r.display_name,
        avatar_url: r.avatar_url,
      }),
    ),
  };
}
