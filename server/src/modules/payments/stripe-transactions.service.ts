import { ErrorCodes, type CardPayment, type CardPaymentDetails } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { cardProvider } from '../../platform/payments/index.ts';
import { units } from '../ledger/money.ts';
import { settleCardPayment, viaProvider, type CardPaymentRow } from './card-provider.service.ts';
import { isUuid } from '../../platform/ids.ts';

/**
 * The caller's card payments ("stripe transactions", SPEC §7): what was paid by card, its
 * provider status and what it became in the ledger. Another user's id is a 404.
 */

const FINAL = new Set(['succeeded', 'canceled', 'refunded', 'disputed', 'needs_review']);

export function presentCardPayment(row: CardPaymentRow): CardPayment {
  return {
    id: row.id,
    paymentIntentId: row.provider_ref,
    provider: row.provider,
    amount: units(row.amount_cents),
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    type: row.payment_type,
    recipient: row.recipient_user_id,
    outcome: row.outcome,
    failureReason: row.failure_reason,
    refunded: units(row.refunded_cents),
    refundedCents: row.refunded_cents,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listCardPayments(
  db: DbHandle,
  userId: string,
  page = 1,
  limit = 20,
  types?: string[],
) {
  let base = db.selectFrom('card_payments').where('user_id', '=', userId);
  if (types) base = base.where('payment_type', 'in', types);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const totalPages = Math.ceil(Number(count.n) / limit);
  return {
    transactions: rows.map(presentCardPayment),
    currentPage: page,
    totalPages,
    hasMore: page < totalPages,
  };
}

async function ownCardPayment(db: DbHandle, userId: string, id: string) {
  let q = db.selectFrom('card_payments').selectAll().where('user_id', '=', userId);
  q = isUuid(id) ? q.where('id', '=', id) : q.where('provider_ref', '=', id);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError('Transaction not found', ErrorCodes.NOT_FOUND);
  return row;
}

export async function cardPaymentDetails(
  db: DbHandle,
  userId: string,
  id: string,
): Promise<CardPaymentDetails> {
  const row = await ownCardPayment(db, userId, id);
  const ids = [row.top_up_transaction_id, row.charge_transaction_id].filter(
    (x): x is string => x !== null,
  );
  const reversals = await db
    .selectFrom('ledger_transactions')
    .select(['id', 'kind', 'created_at', 'metadata'])
    .where('reverses_id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000'])
    .execute();
  const txs = ids.length
    ? await db
        .selectFrom('ledger_transactions')
        .select(['id', 'kind', 'created_at', 'metadata'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const ledger = [...txs, ...reversals]
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    .map((t) => {
      const m = t.metadata;
      const cents = Number(m.reversedCents ?? m.grossCents ?? m.amountCents ?? 0);
      return {
        transactionId: t.id,
        kind: t.kind,
        createdAt: t.created_at.toISOString(),
        amount: units(cents),
        amountCents: cents,
      };
    });
  return { ...presentCardPayment(row), details: row.details, ledger };
}

/**
 * Stripe: asks the provider for the state of the caller's unfinished payments (a missed
 * webhook) and settles the ones that succeeded, through the same exactly-once settlement.
 * Test provider: payments settle when made, so there is never anything to fetch.
 */
export async function syncCardPayments(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'config'>,
  userId: string,
) {
  const provider = cardProvider(ctx.config);
  if (provider.name === 'test') return { provider: provider.name, checked: 0, updated: 0 };
  const open = await ctx.db
    .selectFrom('card_payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider.name)
    .where('top_up_transaction_id', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  let updated = 0;
  for (const row of open.filter((r) => !FINAL.has(r.status))) {
    const intent = await viaProvider('Failed to connect to Stripe', () =>
      provider.retrievePaymentIntent(row.provider_ref),
    );
    if (intent.status === row.status) continue;
    await withTransaction(ctx.db, async (tx) => {
      if (intent.status === 'succeeded' && intent.amountCents === row.amount_cents)
        await settleCardPayment(ctx, tx, row.id, { strict: false });
      else
        await tx
          .updateTable('card_payments')
          .set({ status: intent.status, updated_at: new Date() })
          .where('id', '=', row.id)
          .where('top_up_transaction_id', 'is', null)
          .execute();
    });
    updated += 1;
  }
  return { provider: provider.name, checked: open.length, updated };
}
