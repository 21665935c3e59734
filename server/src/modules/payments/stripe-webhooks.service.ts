import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { withTransaction, type Tx } from '../../platform/db/database.ts';
import type { ProviderEvent } from '../../platform/payments/index.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import { accountId, lockWallet, postTransaction } from '../ledger/ledger.service.ts';
import { addDays, SUBSCRIPTION_PERIOD_DAYS } from '../ledger/money.ts';
import { reverseCharge } from '../ledger/reversals.ts';
import { settleCardPayment } from './card-provider.service.ts';
import {
  applyProPackInvoice,
  endProPackSubscription,
  reverseProPackPayment,
} from './pro-pack.service.ts';

/**
 * Stripe webhook events (docs/ARCHITECTURE.md "Card provider and pro pack"). Each event is
 * handled in one database transaction that first claims its id in provider_webhook_events
 * (UNIQUE): a redelivery, in any order and even concurrently, finds the id taken and changes
 * nothing, and the claim commits together with the ledger postings it caused, so an event is
 * either fully applied once or not at all (and then Stripe retries it).
 */

type Deps = Pick<AppContext, 'db' | 'jobs' | 'config' | 'log'>;
type Obj = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' ? (v as Obj) : null);
const idOf = (v: unknown): string | null => str(v) ?? str(obj(v)?.id);
const meta = (o: Obj | null): Record<string, string> =>
  Object.fromEntries(
    Object.entries(obj(o?.metadata) ?? {}).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
const fromUnix = (v: unknown) => {
  const n = num(v);
  return n ? new Date(n * 1000) : null;
};

export interface WebhookResult {
  duplicate: boolean;
  outcome: string;
}

export async function processProviderEvent(
  deps: Deps,
  event: ProviderEvent,
  now = new Date(),
): Promise<WebhookResult> {
  return withTransaction(deps.db, async (tx) => {
    const claimed = await tx
      .insertInto('provider_webhook_events')
      .values({ event_id: event.id, provider: 'stripe', type: event.type, outcome: 'processing' })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!claimed) {
      const first = await tx
        .selectFrom('provider_webhook_events')
        .select('outcome')
        .where('event_id', '=', event.id)
        .executeTakeFirst();
      return { duplicate: true, outcome: first?.outcome ?? 'processed' };
    }
    // a business refusal (nothing left to reverse, a user gone) is recorded, not retried
    // forever: the event is answered 200 and its outcome says what went wrong
    let outcome: string;
    await sql`savepoint provider_event`.execute(tx);
    try {
      outcome = await handle(deps, tx, event, now);
      await sql`release savepoint provider_event`.execute(tx);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await sql`rollback to savepoint provider_event`.execute(tx);
      outcome = `failed: ${error.code} ${error.message}`.slice(0, 300);
      deps.log.warn({ eventId: event.id, type: event.type, outcome }, 'stripe webhook refused');
    }
    await tx
      .updateTable('provider_webhook_events')
      .set({ outcome })
      .where('event_id', '=', event.id)
      .execute();
    if (outcome.startsWith('ignored'))
      deps.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook ignored');
    return { duplicate: false, outcome };
  });
}

async function handle(deps: Deps, tx: Tx, event: ProviderEvent, now: Date): Promise<string> {
  const o = event.object;
  switch (event.type) {
    case 'payment_intent.succeeded':
      return paymentIntentSucceeded(deps, tx, o, now);
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const updated = await tx
        .updateTable('card_payments')
        .set({
          status: str(o.status) ?? 'failed',
          failure_reason: str(obj(o.last_payment_error)?.message) ?? null,
          updated_at: now,
        })
        .where('provider_ref', '=', str(o.id) ?? '')
        .where('top_up_transaction_id', 'is', null)
        .returning('id')
        .execute();
      return updated.length ? 'payment_failed' : 'ignored_unknown_intent';
    }
    case 'checkout.session.completed':
      return checkoutCompleted(tx, o, now);
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return invoicePaid(deps, tx, o, now);
    case 'customer.subscription.deleted':
      return subscriptionDeleted(tx, o, now);
    case 'charge.refunded':
      return chargeReversed(deps, tx, o, event.id, 'refund', now);
    case 'charge.dispute.created':
      return chargeReversed(deps, tx, o, event.id, 'chargeback', now);
    case 'account.updated':
      return accountUpdated(tx, o, now);
    default:
      return 'ignored_type';
  }
}

async function paymentIntentSucceeded(deps: Deps, tx: Tx, o: Obj, now: Date) {
  const ref = str(o.id);
  const row = ref
    ? await tx
        .selectFrom('card_payments')
        .selectAll()
        .where('provider_ref', '=', ref)
        .executeTakeFirst()
    : undefined;
  if (!row) return 'ignored_unknown_intent';
  if (row.top_up_transaction_id) return 'already_settled';
  const received = num(o.amount_received) ?? num(o.amount);
  if (received !== row.amount_cents) {
    deps.log.error({ ref, received, expected: row.amount_cents }, 'stripe amount mismatch');
    await tx
      .updateTable('card_payments')
      .set({
        status: 'needs_review',
        failure_reason: `amount received ${received}`,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    return 'amount_mismatch';
  }
  const settled = await settleCardPayment(deps, tx, row.id, { strict: false, now });
  return settled.outcome ?? 'settled';
}

/** Checkout only links the provider subscription; money arrives with invoice.paid. */
async function checkoutCompleted(tx: Tx, o: Obj, now: Date) {
  const m = meta(o);
  const subscription = idOf(o.subscription);
  if (!m.userId || !subscription) return 'ignored_no_subscription';
  if (m.productType === 'pro_pack') {
    await tx
      .insertInto('provider_accounts')
      .values({ user_id: m.userId, pro_pack_subscription_id: subscription })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ pro_pack_subscription_id: subscription, updated_at: now }),
      )
      .execute();
    return 'pro_pack_linked';
  }
  return 'fan_subscription_linked';
}

/** The subscription and its metadata, wherever this API version puts them on an invoice. */
function invoiceSubscription(o: Obj) {
  const parent = obj(obj(o.parent)?.subscription_details);
  const details = obj(o.subscription_details);
  const lines = (obj(o.lines)?.data as Obj[] | undefined) ?? [];
  const line = lines[0] ?? null;
  const ref = idOf(o.subscription) ?? idOf(parent?.subscription) ?? null;
  const m = { ...meta(line), ...meta(details), ...meta(parent) };
  const periodEnd = fromUnix(obj(line?.period)?.end) ?? fromUnix(o.period_end);
  return { ref, metadata: m, periodEnd };
}

/**
 * The payment intent that paid an invoice: `payment_intent` on older API versions, the first
 * intent in `payments.data[].payment` on newer ones. Refund and dispute events name it.
 */
function invoiceIntent(o: Obj): string | null {
  const payments = obj(o.payments)?.data;
  const listed = Array.isArray(payments)
    ? payments.map((p) => idOf(obj(obj(p)?.payment)?.payment_intent)).find(Boolean)
    : null;
  return idOf(o.payment_intent) ?? listed ?? null;
}

async function invoicePaid(deps: Deps, tx: Tx, o: Obj, now: Date) {
  const invoiceId = str(o.id);
  const amount = num(o.amount_paid) ?? 0;
  const sub = invoiceSubscription(o);
  const userId = sub.metadata.userId;
  if (!invoiceId || !userId) return 'ignored_no_metadata';
  const exists = await tx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!exists) return 'ignored_unknown_user';
  const intentRef = invoiceIntent(o);
  const currency = String(o.currency ?? 'usd').toUpperCase();
  if (sub.metadata.productType === 'pro_pack') {
    const proPackTx = await applyProPackInvoice(tx, {
      userId,
      invoiceId,
      subscriptionRef: sub.ref,
      amountCents: amount,
      periodEnd: sub.periodEnd,
      now,
    });
    // recorded so that a refund or dispute of this invoice can be matched and reversed
    if (proPackTx)
      await tx
        .insertInto('card_payments')
        .values({
          user_id: userId,
          provider: 'stripe',
          provider_ref: invoiceId,
          provider_intent_ref: intentRef,
          amount_cents: amount,
          currency,
          payment_type: 'pro_pack',
          details: JSON.stringify({ invoice: true }),
          status: 'succeeded',
          outcome: 'pro_pack',
          charge_transaction_id: proPackTx,
        })
        .onConflict((oc) => oc.column('provider_ref').doNothing())
        .execute();
    return 'pro_pack_period';
  }
  const creatorId = sub.metadata.creatorId;
  if (sub.metadata.productType !== 'fan_subscription' || !creatorId) return 'ignored_product';
  // card → wallet → the ordinary subscription charge (fee split, creator hold)
  await lockWallet(tx, userId);
  let chargeId: string | null = null;
  let topUpId: string | null = null;
  if (amount > 0) {
    const [clearing, wallet] = [
      await accountId(tx, 'processor_clearing', null),
      await accountId(tx, 'user_wallet', userId),
    ];
    const topUp = await postTransaction(tx, {
      kind: 'top_up',
      entries: [
        { accountId: clearing, amountCents: -amount },
        { accountId: wallet, amountCents: amount },
      ],
      metadata: { userId, provider: 'stripe', reference: invoiceId, amountCents: amount },
      idempotencyRef: `card-invoice:${invoiceId}`,
    });
    topUpId = topUp.id;
  }
  const periodEnd =
    sub.periodEnd && sub.periodEnd > now ? sub.periodEnd : addDays(now, SUBSCRIPTION_PERIOD_DAYS);
  const existing = await tx
    .selectFrom('subscriptions')
    .selectAll()
    .where('subscriber_id', '=', userId)
    .where('creator_id', '=', creatorId)
    .forUpdate()
    .executeTakeFirst();
  // Stripe renews it: our renewal job must not (is_recurring false, provider id set)
  const row = await tx
    .insertInto('subscriptions')
    .values({
      subscriber_id: userId,
      creator_id: creatorId,
      status: 'active',
      current_period_end: periodEnd,
      is_recurring: false,
      provider_subscription_id: sub.ref,
    })
    .onConflict((oc) =>
      oc.columns(['subscriber_id', 'creator_id']).doUpdateSet({
        status: 'active',
        current_period_end: periodEnd,
        is_recurring: false,
        canceled_at: null,
        provider_subscription_id: sub.ref,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!existing || existing.status !== 'active')
    await tx
      .updateTable('users')
      .set((eb) => ({ subscriber_count: eb('subscriber_count', '+', 1) }))
      .where('id', '=', creatorId)
      .execute();
  if (amount > 0) {
    const charge = await chargeToCreator(deps, tx, {
      kind: existing ? 'renewal' : 'subscription',
      payerId: userId,
      creatorId,
      grossCents: amount,
      details: { subscriptionId: row.id, periodEnd: periodEnd.toISOString(), invoiceId },
      idempotencyRef: `card-invoice-charge:${invoiceId}`,
      now,
    });
    chargeId = charge.transactionId;
  }
  await tx
    .insertInto('card_payments')
    .values({
      user_id: userId,
      provider: 'stripe',
      provider_ref: invoiceId,
      provider_intent_ref: intentRef,
      amount_cents: Math.max(amount, 1),
      currency,
      payment_type: 'subscription',
      recipient_user_id: creatorId,
      details: JSON.stringify({ subscriptionId: row.id, invoice: true }),
      status: 'succeeded',
      outcome: 'subscription',
      top_up_transaction_id: topUpId,
      charge_transaction_id: chargeId,
    })
    .onConflict((oc) => oc.column('provider_ref').doNothing())
    .execute();
  return 'fan_subscription_period';
}

async function subscriptionDeleted(tx: Tx, o: Obj, now: Date) {
  const ref = str(o.id);
  if (!ref) return 'ignored_no_id';
  if (await endProPackSubscription(tx, ref, now)) return 'pro_pack_canceled';
  const ended = await tx
    .updateTable('subscriptions')
    .set({ canceled_at: now, is_recurring: false })
    .where('provider_subscription_id', '=', ref)
    .where('canceled_at', 'is', null)
    .returning('id')
    .execute();
  return ended.length ? 'fan_subscription_canceled' : 'ignored_unknown_subscription';
}

/**
 * A refund or dispute at the provider: the money already went back to the card, so the
 * reversal credits processor_clearing. A card-paid charge is reversed with reverseCharge
 * (fee and creator share taken back, a shortfall held as owed); money that only reached the
 * wallet is taken back from the wallet as far as it still holds it.
 */
async function chargeReversed(
  deps: Deps,
  tx: Tx,
  o: Obj,
  eventId: string,
  kind: 'refund' | 'chargeback',
  now: Date,
) {
  // a payment intent's charge, or an invoice's (stored under the invoice id, with its intent)
  const intentRef = idOf(o.payment_intent);
  const invoiceRef = idOf(o.invoice);
  const refs = [intentRef, invoiceRef].filter((r): r is string => r !== null);
  const row = refs.length
    ? await tx
        .selectFrom('card_payments')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('provider_ref', 'in', refs),
            ...(intentRef ? [eb('provider_intent_ref', '=', intentRef)] : []),
          ]),
        )
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  const proPack = row?.payment_type === 'pro_pack' && row.charge_transaction_id !== null;
  if (!row || (!row.top_up_transaction_id && !proPack)) return 'ignored_unknown_charge';
  const total = kind === 'refund' ? (num(o.amount_refunded) ?? 0) : (num(o.amount) ?? 0);
  const delta = Math.min(total, row.amount_cents) - row.refunded_cents;
  if (delta <= 0) return 'ignored_nothing_new';
  let outcome: string;
  if (proPack) {
    outcome = await reverseProPackPayment(tx, {
      userId: row.user_id,
      transactionId: row.charge_transaction_id!,
      invoiceRef: row.provider_ref,
      amountCents: delta,
      fullyReversed: row.refunded_cents + delta >= row.amount_cents,
      kind,
      idempotencyRef: `${kind}:stripe:${eventId}`,
      now,
    });
  } else if (row.charge_transaction_id) {
    await reverseCharge(deps, tx, {
      transactionId: row.charge_transaction_id,
      amountCents: delta,
      kind,
      externalRef: `stripe:${eventId}`,
      now,
      creditTo: 'processor',
      reason: kind === 'refund' ? 'Refunded by the card provider' : 'Card dispute opened',
    });
    outcome = `${kind}_reversed`;
  } else {
    const wallet = await lockWallet(tx, row.user_id);
    const balance = await tx
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('id', '=', wallet)
      .executeTakeFirstOrThrow();
    const take = Math.min(delta, Number(balance.balance_cents));
    if (take > 0)
      await postTransaction(tx, {
        kind: 'top_up_reversal',
        entries: [
          { accountId: wallet, amountCents: -take },
          { accountId: await accountId(tx, 'processor_clearing', null), amountCents: take },
        ],
        metadata: {
          userId: row.user_id,
          reason: kind,
          reference: row.provider_ref,
          amountCents: take,
          shortfallCents: delta - take,
        },
        reversesId: row.top_up_transaction_id ?? undefined,
        idempotencyRef: `${kind}:stripe:${eventId}`,
      });
    outcome = take === delta ? `${kind}_from_wallet` : `${kind}_shortfall_${delta - take}`;
  }
  await tx
    .updateTable('card_payments')
    .set({
      refunded_cents: row.refunded_cents + delta,
      status: kind === 'refund' ? 'refunded' : 'disputed',
      updated_at: now,
    })
    .where('id', '=', row.id)
    .execute();
  return outcome;
}

async function accountUpdated(tx: Tx, o: Obj, now: Date) {
  const id = str(o.id);
  if (!id) return 'ignored_no_id';
  const verified = o.charges_enabled === true && o.payouts_enabled === true;
  const updated = await tx
    .updateTable('provider_accounts')
    .set({
      connect_details_submitted: o.details_submitted === true,
      connect_charges_enabled: o.charges_enabled === true,
      connect_payouts_enabled: o.payouts_enabled === true,
      connect_verified_at: verified ? now : null,
      updated_at: now,
    })
    .where('connect_account_id', '=', id)
    .returning('user_id')
    .execute();
  return updated.length
    ? verified
      ? 'connect_verified'
      : 'connect_updated'
    : 'ignored_unknown_account';
}
