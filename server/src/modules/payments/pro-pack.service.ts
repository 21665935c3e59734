import { CURRENCY, ErrorCodes, PRO_PACK, type ProPackStatus } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Config } from '../../platform/config.ts';
import {
  assertInTransaction,
  withTransaction,
  type Db,
  type DbHandle,
  type Tx,
} from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { cardProvider } from '../../platform/payments/index.ts';
import { getPlatformSetting } from '../auth/auth.queries.ts';
import {
  accountId,
  lockWallet,
  postTransaction,
  systemAccountOf,
} from '../ledger/ledger.service.ts';
import { addDays, units } from '../ledger/money.ts';
import { hasActiveProPack } from '../users/users.presenter.ts';

/**
 * The pro pack: the paid creator tier (SPEC §3 fields, §4 "active if the active-until date is
 * in the future, or the status is 'active'"). One period is PRO_PACK.periodDays; the price is
 * the admin setting `proPackPrice` (currency units), else PRO_PACK_PRICE from the config.
 *
 * Status values: 'active' (paid and renewing), 'canceled' (no renewal, usable until
 * pro_pack_active_until), 'expired' (a renewal could not be paid), 'granted' (an admin's free
 * months, no renewal). Because §4 treats status 'active' as active whatever the date, a cancel
 * must move the status off 'active' and the renewal job must end periods it cannot charge.
 *
 * With the `test` provider the pack is paid from the wallet (wallet → platform_fees, kind
 * 'pro_pack', one ledger transaction per period) and renewed by the renewal job; with `stripe`
 * it is a Checkout subscription whose invoices (webhook invoice.paid) extend the period.
 */

export const PRO_PACK_RENEW_JOB = 'pro-pack.renew';
export const PRO_PACK_BENEFITS = [
  'A Pro badge on your profile and posts',
  'Priority placement in discovery and trending creators',
  'Advanced analytics with AI insights',
  'Scheduled posts, templates and automation rules without limits',
  'Priority support',
];

type Deps = Pick<AppContext, 'jobs'>;
type ProPackUser = Pick<
  UserRow,
  'id' | 'pro_pack_active_until' | 'pro_pack_status' | 'pro_pack_canceled_at'
>;

export async function proPackPriceCents(db: DbHandle, config: Config): Promise<number> {
  const setting = await getPlatformSetting(db, 'proPackPrice');
  const n = typeof setting === 'string' ? Number(setting) : setting;
  const units_ = typeof n === 'number' && Number.isFinite(n) && n >= 1 && n <= 1000 ? n : null;
  return Math.round((units_ ?? config.PRO_PACK_PRICE) * 100);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentProPack(
  user: ProPackUser,
  priceCents: number,
  provider: string,
  now = new Date(),
): ProPackStatus {
  const active = hasActiveProPack(user, now.getTime());
  return {
    provider,
    price: units(priceCents),
    priceCents,
    currency: CURRENCY,
    periodDays: PRO_PACK.periodDays,
    proPackActiveUntil: iso(user.pro_pack_active_until),
    proPackSubscriptionStatus: user.pro_pack_status,
    proPackCanceledAt: iso(user.pro_pack_canceled_at),
    hasProPack: active,
    hasActiveProPack: active,
    benefits: PRO_PACK_BENEFITS,
  };
}

async function proPackUser(db: DbHandle, userId: string, lock = false): Promise<ProPackUser> {
  let q = db
    .selectFrom('users')
    .select(['id', 'pro_pack_active_until', 'pro_pack_status', 'pro_pack_canceled_at'])
    .where('id', '=', userId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError('User not found');
  return row;
}

export async function proPackStatus(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  now = new Date(),
): Promise<ProPackStatus> {
  const user = await proPackUser(ctx.db, userId);
  const price = await proPackPriceCents(ctx.db, ctx.config);
  return presentProPack(user, price, cardProvider(ctx.config).name, now);
}

/** One renewal run per hour of period ends (dedupe key), like fan subscriptions. */
async function scheduleProPackRenewal(deps: Deps, tx: DbHandle, periodEnd: Date) {
  const hour = new Date(Math.ceil(periodEnd.getTime() / 3_600_000) * 3_600_000);
  await deps.jobs.enqueue(
    tx,
    PRO_PACK_RENEW_JOB,
    {},
    { runAt: hour, dedupeKey: `${PRO_PACK_RENEW_JOB}:${hour.toISOString()}` },
  );
}

/** wallet → platform_fees for one period; the unique ref makes a period chargeable once. */
async function chargeProPack(
  tx: Tx,
  userId: string,
  priceCents: number,
  periodEnd: Date,
  idempotencyRef: string,
  kind: 'purchase' | 'renewal',
) {
  const [wallet, fees] = [
    await accountId(tx, 'user_wallet', userId),
    await accountId(tx, 'platform_fees', null),
  ];
  return postTransaction(tx, {
    kind: 'pro_pack',
    entries: [
      { accountId: wallet, amountCents: -priceCents },
      { accountId: fees, amountCents: priceCents },
    ],
    metadata: {
      userId,
      payerId: userId,
      amountCents: priceCents,
      grossCents: priceCents,
      periodEnd: periodEnd.toISOString(),
      proPack: kind,
    },
    idempotencyRef,
  });
}

export interface ProPackPurchase {
  transactionId: string | null;
  periodEnd: Date;
  resumed: boolean;
}

/**
 * Buys (or resumes) the pro pack from the wallet. Active and renewing → 409; canceled but
 * still inside the paid period → renewal back on, nothing charged; otherwise one period is
 * charged now. The user row is locked, so concurrent buys charge once.
 */
export async function buyProPackWithWallet(
  deps: Deps & Pick<AppContext, 'config'>,
  tx: Tx,
  userId: string,
  now = new Date(),
): Promise<ProPackPurchase> {
  assertInTransaction(tx);
  await lockWallet(tx, userId);
  const user = await proPackUser(tx, userId, true);
  const until = user.pro_pack_active_until;
  if (user.pro_pack_status === 'active')
    throw new ConflictError(ErrorCodes.PRO_PACK_ACTIVE, 'Your pro pack is already active');
  if (until && until > now && user.pro_pack_status === 'canceled') {
    await tx
      .updateTable('users')
      .set({ pro_pack_status: 'active', pro_pack_canceled_at: null })
      .where('id', '=', userId)
      .execute();
    await tx
      .insertInto('pro_pack_events')
      .values({ user_id: userId, kind: 'resume', period_end: until })
      .execute();
    await scheduleProPackRenewal(deps, tx, until);
    return { transactionId: null, periodEnd: until, resumed: true };
  }
  const priceCents = await proPackPriceCents(tx, deps.config);
  // free months still running (a grant) are kept: the paid period starts after them
  const start = until && until > now ? until : now;
  const periodEnd = addDays(start, PRO_PACK.periodDays);
  const posted = await chargeProPack(
    tx,
    userId,
    priceCents,
    periodEnd,
    `pro_pack:${userId}:${start.toISOString()}`,
    'purchase',
  );
  await tx
    .updateTable('users')
    .set({
      pro_pack_status: 'active',
      pro_pack_active_until: periodEnd,
      pro_pack_canceled_at: null,
    })
    .where('id', '=', userId)
    .execute();
  await tx
    .insertInto('pro_pack_events')
    .values({
      user_id: userId,
      kind: 'purchase',
      amount_cents: priceCents,
      period_end: periodEnd,
      ledger_transaction_id: posted.id,
      provider: 'wallet',
    })
    .execute();
  await scheduleProPackRenewal(deps, tx, periodEnd);
  return { transactionId: posted.id, periodEnd, resumed: false };
}

/** Cancel: no renewal, the pack stays usable until pro_pack_active_until. Idempotent. */
export async function cancelProPack(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  now = new Date(),
): Promise<void> {
  const account = await ctx.db
    .selectFrom('provider_accounts')
    .select('pro_pack_subscription_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const user = await proPackUser(ctx.db, userId);
  if (user.pro_pack_status === 'canceled') return;
  if (user.pro_pack_status !== 'active')
    throw new BadRequestError(
      'You have no renewing pro pack to cancel',
      ErrorCodes.PRO_PACK_NOT_ACTIVE,
    );
  // the provider first: if it refuses, nothing changes here and the client may retry
  if (account?.pro_pack_subscription_id)
    await cardProvider(ctx.config).cancelSubscription(account.pro_pack_subscription_id, true);
  await withTransaction(ctx.db, async (tx) => {
    const locked = await proPackUser(tx, userId, true);
    if (locked.pro_pack_status !== 'active') return;
    // a renewing pack whose date ran out (job not run yet) keeps nothing beyond now
    const until =
      locked.pro_pack_active_until && locked.pro_pack_active_until > now
        ? locked.pro_pack_active_until
        : now;
    await tx
      .updateTable('users')
      .set({ pro_pack_status: 'canceled', pro_pack_canceled_at: now, pro_pack_active_until: until })
      .where('id', '=', userId)
      .execute();
    await tx
      .insertInto('pro_pack_events')
      .values({ user_id: userId, kind: 'cancel', period_end: until })
      .execute();
  });
}

/**
 * Admin: free pro pack months (SPEC §6 grant-free-pro). Extends the current period (from now
 * when none runs) by `months` × 30 days; a paid, renewing pack keeps renewing after it, any
 * other status becomes 'granted' (no renewal, no charge). No money moves.
 */
export async function grantFreeProPack(
  db: DbHandle,
  input: { userId: string; months: number; reason: string; adminId: string; now?: Date },
): Promise<ProPackStatus & { grantedUntil: string }> {
  if (!Number.isInteger(input.months) || input.months < 1 || input.months > 24)
    throw new BadRequestError(
      'months must be a whole number from 1 to 24',
      ErrorCodes.VALIDATION_FAILED,
      {
        field: 'months',
      },
    );
  const now = input.now ?? new Date();
  return withTransaction(db, async (tx) => {
    const user = await proPackUser(tx, input.userId, true);
    const from =
      user.pro_pack_active_until && user.pro_pack_active_until > now
        ? user.pro_pack_active_until
        : now;
    const until = addDays(from, PRO_PACK.periodDays * input.months);
    const status = user.pro_pack_status === 'active' ? 'active' : 'granted';
    const updated = await tx
      .updateTable('users')
      .set({ pro_pack_active_until: until, pro_pack_status: status, pro_pack_canceled_at: null })
      .where('id', '=', input.userId)
      .returning(['id', 'pro_pack_active_until', 'pro_pack_status', 'pro_pack_canceled_at'])
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('pro_pack_events')
      .values({
        user_id: input.userId,
        kind: 'grant',
        period_end: until,
        admin_id: input.adminId,
        reason: input.reason.slice(0, 500),
      })
      .execute();
    return {
      ...presentProPack(updated, PRO_PACK.defaultPriceCents, 'grant', now),
      grantedUntil: until.toISOString(),
    };
  });
}

/**
 * Renews every due wallet-paid pack (status 'active', period over, no provider subscription),
 * one transaction each with a unique ledger ref per period; a pack that cannot be paid ends
 * ('expired'). Canceled packs whose period ran out become 'expired' too.
 */
export async function renewDueProPacks(
  deps: Deps & Pick<AppContext, 'db' | 'config'>,
  now = new Date(),
) {
  const due = await deps.db
    .selectFrom('users')
    .leftJoin('provider_accounts', 'provider_accounts.user_id', 'users.id')
    .select('users.id')
    .where('users.pro_pack_status', '=', 'active')
    .where('users.pro_pack_active_until', '<=', now)
    .where('provider_accounts.pro_pack_subscription_id', 'is', null)
    .limit(500)
    .execute();
  let renewed = 0;
  let expired = 0;
  for (const { id } of due) {
    try {
      const ok = await withTransaction(deps.db, async (tx) => {
        await lockWallet(tx, id);
        const user = await proPackUser(tx, id, true);
        const until = user.pro_pack_active_until;
        if (user.pro_pack_status !== 'active' || !until || until > now) return false;
        const next = addDays(until, PRO_PACK.periodDays);
        const periodEnd = next > now ? next : addDays(now, PRO_PACK.periodDays);
        const price = await proPackPriceCents(tx, deps.config);
        const posted = await chargeProPack(
          tx,
          id,
          price,
          periodEnd,
          `pro_pack:renewal:${id}:${until.toISOString()}`,
          'renewal',
        );
        await tx
          .updateTable('users')
          .set({ pro_pack_active_until: periodEnd })
          .where('id', '=', id)
          .execute();
        await tx
          .insertInto('pro_pack_events')
          .values({
            user_id: id,
            kind: 'renewal',
            amount_cents: price,
            period_end: periodEnd,
            ledger_transaction_id: posted.id,
            provider: 'wallet',
          })
          .execute();
        await scheduleProPackRenewal(deps, tx, periodEnd);
        return true;
      });
      if (ok) renewed += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const ended = await withTransaction(deps.db, async (tx) => {
        const rows = await tx
          .updateTable('users')
          .set({ pro_pack_status: 'expired' })
          .where('id', '=', id)
          .where('pro_pack_status', '=', 'active')
          .where('pro_pack_active_until', '<=', now)
          .returning('id')
          .execute();
        for (const row of rows)
          await tx
            .insertInto('pro_pack_events')
            .values({ user_id: row.id, kind: 'expire', reason: error.message.slice(0, 500) })
            .execute();
        return rows.length;
      });
      expired += ended;
    }
  }
  await deps.db
    .updateTable('users')
    .set({ pro_pack_status: 'expired' })
    .where('pro_pack_status', 'in', ['canceled', 'granted'])
    .where('pro_pack_active_until', '<=', now)
    .execute();
  return { renewed, expired };
}

/** Stripe: an invoice of the pro pack subscription was paid (webhook invoice.paid). */
export async function applyProPackInvoice(
  tx: Tx,
  input: {
    userId: string;
    invoiceId: string;
    subscriptionRef: string | null;
    amountCents: number;
    periodEnd: Date | null;
    now: Date;
  },
): Promise<string | null> {
  const user = await proPackUser(tx, input.userId, true);
  const from =
    user.pro_pack_active_until && user.pro_pack_active_until > input.now
      ? user.pro_pack_active_until
      : input.now;
  const periodEnd =
    input.periodEnd && input.periodEnd > input.now
      ? input.periodEnd
      : addDays(from, PRO_PACK.periodDays);
  let transactionId: string | null = null;
  if (input.amountCents > 0) {
    const [clearing, fees] = [
      await accountId(tx, 'processor_clearing', null),
      await accountId(tx, 'platform_fees', null),
    ];
    const posted = await postTransaction(tx, {
      kind: 'pro_pack',
      entries: [
        { accountId: clearing, amountCents: -input.amountCents },
        { accountId: fees, amountCents: input.amountCents },
      ],
      metadata: {
        userId: input.userId,
        payerId: input.userId,
        amountCents: input.amountCents,
        grossCents: input.amountCents,
        periodEnd: periodEnd.toISOString(),
        provider: 'stripe',
        reference: input.invoiceId,
      },
      idempotencyRef: `card-invoice:${input.invoiceId}`,
    });
    transactionId = posted.id;
  }
  await tx
    .updateTable('users')
    .set({
      pro_pack_status: 'active',
      pro_pack_active_until: sql<Date>`greatest(coalesce(pro_pack_active_until, ${periodEnd}), ${periodEnd})`,
      pro_pack_canceled_at: null,
    })
    .where('id', '=', input.userId)
    .execute();
  if (input.subscriptionRef)
    await tx
      .insertInto('provider_accounts')
      .values({ user_id: input.userId, pro_pack_subscription_id: input.subscriptionRef })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ pro_pack_subscription_id: input.subscriptionRef }),
      )
      .execute();
  await tx
    .insertInto('pro_pack_events')
    .values({
      user_id: input.userId,
      kind: user.pro_pack_active_until ? 'renewal' : 'purchase',
      amount_cents: input.amountCents,
      period_end: periodEnd,
      ledger_transaction_id: transactionId,
      provider: 'stripe',
      provider_ref: input.invoiceId,
    })
    .execute();
  return transactionId;
}

/**
 * Stripe: a pro pack invoice payment was refunded or disputed (charge.refunded /
 * charge.dispute.created; the card provider already returned the money). The platform gives
 * back `amountCents` of the pro pack income: `platform_fees → processor_clearing`, kind
 * `pro_pack_reversal`, pointing at the pro_pack transaction. Once the whole payment is
 * reversed, the period it paid ends now – but only while it is still the current period, so
 * refunding an old invoice never shortens a newer paid one.
 */
export async function reverseProPackPayment(
  tx: Tx,
  input: {
    userId: string;
    transactionId: string;
    invoiceRef: string;
    amountCents: number;
    fullyReversed: boolean;
    kind: 'refund' | 'chargeback';
    idempotencyRef: string;
    now: Date;
  },
): Promise<string> {
  const [clearing, fees] = [
    await accountId(tx, 'processor_clearing', null),
    // the income goes back out of the shard the payment put it in
    await systemAccountOf(tx, input.transactionId, 'platform_fees'),
  ];
  const posted = await postTransaction(tx, {
    kind: 'pro_pack_reversal',
    entries: [
      { accountId: fees, amountCents: -input.amountCents },
      { accountId: clearing, amountCents: input.amountCents },
    ],
    metadata: {
      userId: input.userId,
      reason: input.kind,
      originalKind: 'pro_pack',
      reversedCents: input.amountCents,
      reference: input.invoiceRef,
    },
    reversesId: input.transactionId,
    idempotencyRef: input.idempotencyRef,
  });
  let ended = false;
  if (input.fullyReversed) {
    const paid = await tx
      .selectFrom('pro_pack_events')
      .select('period_end')
      .where('provider_ref', '=', input.invoiceRef)
      .executeTakeFirst();
    if (paid?.period_end) {
      const cut = await tx
        .updateTable('users')
        .set({ pro_pack_status: 'expired', pro_pack_active_until: input.now })
        .where('id', '=', input.userId)
        .where('pro_pack_active_until', '=', paid.period_end)
        .returning('id')
        .execute();
      ended = cut.length > 0;
    }
  }
  await tx
    .insertInto('pro_pack_events')
    .values({
      user_id: input.userId,
      kind: 'refund',
      amount_cents: input.amountCents,
      period_end: ended ? input.now : null,
      ledger_transaction_id: posted.id,
      provider: 'stripe',
      reason: input.kind === 'refund' ? 'Refunded by the card provider' : 'Card dispute opened',
    })
    .execute();
  return ended ? `pro_pack_${input.kind}_ended` : `pro_pack_${input.kind}_reversed`;
}

/** Stripe: the pro pack subscription ended (customer.subscription.deleted). */
export async function endProPackSubscription(tx: Tx, subscriptionRef: string, now: Date) {
  const account = await tx
    .selectFrom('provider_accounts')
    .select('user_id')
    .where('pro_pack_subscription_id', '=', subscriptionRef)
    .executeTakeFirst();
  if (!account) return false;
  await tx
    .updateTable('users')
    .set({ pro_pack_status: 'canceled', pro_pack_canceled_at: now })
    .where('id', '=', account.user_id)
    .where('pro_pack_status', '=', 'active')
    .execute();
  await tx
    .updateTable('provider_accounts')
    .set({ pro_pack_subscription_id: null, updated_at: now })
    .where('user_id', '=', account.user_id)
    .execute();
  await tx
    .insertInto('pro_pack_events')
    .values({ user_id: account.user_id, kind: 'cancel', provider: 'stripe' })
    .execute();
  return true;
}

export async function proPackTransactions(db: Db, userId: string) {
  const rows = await db
    .selectFrom('pro_pack_events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(100)
    .execute();
  return {
    transactions: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: units(r.amount_cents),
      amountCents: r.amount_cents,
      periodEnd: iso(r.period_end),
      transactionId: r.ledger_transaction_id,
      provider: r.provider,
      reason: r.kind === 'grant' || r.kind === 'expire' || r.kind === 'refund' ? r.reason : null,
      createdAt: r.created_at.toISOString(),
    })),
  };
}
