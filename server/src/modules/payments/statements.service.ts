import {
  CURRENCY,
  type EarningsOverview,
  type TransactionLine,
  type TransactionsPage,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { CHARGE_KINDS } from '../ledger/charges.ts';
import { balanceOf, feePercent } from '../ledger/ledger.service.ts';
import { formatUnits, units } from '../ledger/money.ts';

/**
 * What a fan or creator reads about their money: one line per ledger transaction touching
 * their accounts, each explaining where every cent went, and the creator's earnings overview.
 */

interface EntryFact {
  transaction_id: string;
  amount_cents: number;
  kind: string;
  owner_id: string | null;
}
type Meta = Record<string, unknown>;
type UserBrief = { id: string; username: string; displayName: string | null };

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const WHAT: Record<string, string> = {
  unlock: 'unlocking a post',
  tip: 'a tip',
  subscription: 'a subscription',
  renewal: 'a subscription renewal',
};
const line = (label: string, cents: number) => ({
  label,
  amount: units(cents),
  amountCents: cents,
});

/** Pure: the statement line of one transaction as `userId` sees it. */
export function describeTransaction(
  tx: { id: string; kind: string; metadata: Meta; created_at: Date },
  mine: EntryFact[],
  userId: string,
  users: Map<string, UserBrief>,
): TransactionLine {
  const m = tx.metadata;
  const net = mine.reduce((sum, e) => sum + e.amount_cents, 0);
  const base = { id: tx.id, type: tx.kind, createdAt: tx.created_at.toISOString() };
  if (tx.kind === 'release') {
    const cents = mine
      .filter((e) => e.kind === 'creator_available')
      .reduce((s, e) => s + e.amount_cents, 0);
    return {
      ...base,
      amount: units(cents),
      amountCents: cents,
      direction: 'in',
      account: 'creator_available',
      counterparty: null,
      explanation: `${formatUnits(cents)} finished its hold and moved from pending to available.`,
      breakdown: [line('Moved to available', cents)],
    };
  }
  if (tx.kind === 'top_up') {
    return {
      ...base,
      amount: units(net),
      amountCents: net,
      direction: 'in',
      account: 'user_wallet',
      counterparty: null,
      explanation: `Added ${formatUnits(net)} to your wallet via the ${str(m.provider) ?? 'payment'} provider.`,
      breakdown: [line('Added to wallet', net)],
    };
  }
  const gross = num(m.grossCents);
  const fee = num(m.feeCents);
  const share = num(m.shareCents);
  const pct = num(m.feePercent);
  const until = str(m.availableAt)?.slice(0, 10) ?? '';
  const what = WHAT[tx.kind] ?? tx.kind;
  const payerId = str(m.payerId);
  const creatorId = str(m.creatorId);
  const isPayer = payerId === userId && net < 0;
  const other = users.get((isPayer ? creatorId : payerId) ?? '') ?? null;
  const who = other ? `@${other.username}` : 'a user';
  const breakdown = [
    line('Paid', gross),
    line(`Platform fee (${pct}%)`, fee),
    line('Creator share (pending 7 days)', share),
  ];
  if (isPayer)
    return {
      ...base,
      amount: units(gross),
      amountCents: gross,
      direction: 'out',
      account: 'user_wallet',
      counterparty: other,
      explanation: `You paid ${formatUnits(gross)} to ${who} for ${what}: ${formatUnits(share)} goes to the creator and ${formatUnits(fee)} is the platform fee (${pct}%).`,
      breakdown,
    };
  return {
    ...base,
    amount: units(share),
    amountCents: share,
    direction: 'in',
    account: 'creator_pending',
    counterparty: other,
    explanation: `${who} paid ${formatUnits(gross)} for ${what}; the platform fee is ${formatUnits(fee)} (${pct}%) and your ${formatUnits(share)} is pending until ${until}.`,
    breakdown,
  };
}

export async function myTransactions(
  db: DbHandle,
  userId: string,
  page = 1,
  limit = 20,
): Promise<TransactionsPage> {
  const mineTx = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .where('ledger_accounts.owner_id', '=', userId);
  const total = await mineTx
    .select(sql<number>`count(distinct ledger_entries.transaction_id)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const txs = await db
    .selectFrom('ledger_transactions')
    .select(['id', 'kind', 'metadata', 'created_at'])
    .where('id', 'in', mineTx.select('ledger_entries.transaction_id'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const entries: EntryFact[] = txs.length
    ? await mineTx
        .select([
          'ledger_entries.transaction_id',
          'ledger_entries.amount_cents',
          'ledger_accounts.kind',
          'ledger_accounts.owner_id',
        ])
        .where(
          'ledger_entries.transaction_id',
          'in',
          txs.map((t) => t.id),
        )
        .execute()
    : [];
  const ids = new Set<string>();
  for (const t of txs)
    for (const k of ['payerId', 'creatorId']) {
      const v = str(t.metadata[k]);
      if (v && v !== userId) ids.add(v);
    }
  const people = ids.size
    ? await db
        .selectFrom('users')
        .select(['id', 'username', 'display_name'])
        .where('id', 'in', [...ids])
        .execute()
    : [];
  const users = new Map(
    people.map((p) => [p.id, { id: p.id, username: p.username, displayName: p.display_name }]),
  );
  return {
    transactions: txs.map((t) =>
      describeTransaction(
        t,
        entries.filter((e) => e.transaction_id === t.id),
        userId,
        users,
      ),
    ),
    totalPages: Math.ceil(total.n / limit),
    currentPage: page,
  };
}

/**
 * gross/fees/net are the last 30 days of charges to this creator; lifetime is every net
 * share ever earned (pending + available + whatever is paid out later).
 */
export async function earningsOverview(
  db: DbHandle,
  creatorId: string,
  now = new Date(),
): Promise<EarningsOverview> {
  const sums = (since: Date | null) => {
    let q = db
      .selectFrom('ledger_transactions')
      .select([
        sql<number>`coalesce(sum((metadata->>'grossCents')::bigint), 0)::bigint`.as('gross'),
        sql<number>`coalesce(sum((metadata->>'feeCents')::bigint), 0)::bigint`.as('fees'),
        sql<number>`coalesce(sum((metadata->>'shareCents')::bigint), 0)::bigint`.as('net'),
      ])
      .where(sql`metadata->>'creatorId'`, '=', creatorId)
      .where('kind', 'in', CHARGE_KINDS);
    if (since) q = q.where('created_at', '>=', since);
    return q.executeTakeFirstOrThrow();
  };
  const [recent, lifetime, pending, available, next, pct] = await Promise.all([
    sums(new Date(now.getTime() - 30 * 86_400_000)),
    sums(null),
    balanceOf(db, 'creator_pending', creatorId),
    balanceOf(db, 'creator_available', creatorId),
    db
      .selectFrom('ledger_pending_releases')
      .select(['available_at', sql<number>`sum(amount_cents)::bigint`.as('amount')])
      .where('creator_id', '=', creatorId)
      .where('released_transaction_id', 'is', null)
      .groupBy('available_at')
      .orderBy('available_at')
      .limit(1)
      .executeTakeFirst(),
    feePercent(db),
  ]);
  const g = num(recent.gross);
  const f = num(recent.fees);
  const n = num(recent.net);
  const l = num(lifetime.net);
  return {
    currency: CURRENCY,
    feePercent: pct,
    gross: units(g),
    grossCents: g,
    fees: units(f),
    feesCents: f,
    net: units(n),
    netCents: n,
    pending: units(pending),
    pendingCents: pending,
    nextReleaseAt: next ? next.available_at.toISOString() : null,
    nextReleaseAmountCents: next ? num(next.amount) : 0,
    available: units(available),
    availableCents: available,
    lifetime: units(l),
    lifetimeCents: l,
  };
}
