import {
  CURRENCY,
  type EarningsOverview,
  type TransactionLine,
  type TransactionsPage,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import {
  creatorEarningsOf,
  feeDelta,
  grossDelta,
  shareDelta,
} from '../collaborations/collaborations.earnings.ts';
import { COLLAB_SPLIT_KIND } from '../collaborations/collaborations.split.ts';
import { balanceOf, feePercent } from '../ledger/ledger.service.ts';
import { num, formatMoney, units } from '../ledger/money.ts';
import { describeReferralMovement } from '../referrals/referrals.statements.ts';
import {
  describeCollabSplit,
  discountOf,
  line,
  str,
  type Meta,
  type UserBrief,
} from './statement-lines.ts';

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
const WHAT: Record<string, string> = {
  unlock: 'unlocking a post',
  tip: 'a tip',
  subscription: 'a subscription',
  renewal: 'a subscription renewal',
  collab_split: 'a collaboration revenue share',
};
/** Unlocks are of posts, chat messages or accepted chat offers (metadata.contentType). */
const UNLOCK_OF: Record<string, string> = {
  message: 'unlocking a chat message',
  offer: 'an accepted chat offer',
};
const whatOf = (kind: string, m: Meta) =>
  (kind === 'unlock' ? UNLOCK_OF[str(m.contentType) ?? ''] : undefined) ?? WHAT[kind] ?? kind;
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
    const sumOf = (kind: string) =>
      mine.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount_cents, 0);
    const cents = sumOf('creator_available');
    // the release job repays a debt from a refund or chargeback first (creator_owed)
    const repaid = sumOf('creator_owed');
    const held = cents + repaid;
    return {
      ...base,
      amount: units(cents),
      amountCents: cents,
      direction: 'in',
      account: 'creator_available',
      counterparty: null,
      explanation:
        repaid > 0
          ? `${formatMoney(held)} finished its hold: ${formatMoney(repaid)} repaid the balance you owed from a refund or chargeback and ${formatMoney(cents)} moved from pending to available.`
          : `${formatMoney(cents)} finished its hold and moved from pending to available.`,
      breakdown: [
        ...(repaid > 0
          ? [line('Finished its hold', held), line('Repaid balance owed', repaid)]
          : []),
        line('Moved to available', cents),
      ],
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
      explanation: `Added ${formatMoney(net)} to your wallet via the ${str(m.provider) ?? 'payment'} provider.`,
      breakdown: [line('Added to wallet', net)],
    };
  }
  if (tx.kind === 'pro_pack' || tx.kind === 'top_up_reversal') {
    // pro pack: paid to the platform (no creator share); top_up_reversal: a card refund or
    // dispute taking back money that had only reached the wallet (card-provider issue)
    const cents = Math.abs(net);
    const card = str(m.provider) === 'stripe';
    const proPack = tx.kind === 'pro_pack';
    return {
      ...base,
      amount: units(cents),
      amountCents: cents,
      direction: 'out',
      account: 'user_wallet',
      counterparty: null,
      explanation: proPack
        ? `Paid ${formatMoney(num(m.amountCents))} for the Pro pack${card ? ' by card' : ''}, until ${str(m.periodEnd)?.slice(0, 10) ?? ''}; all of it goes to the platform.`
        : `${formatMoney(cents)} returned to your card (${str(m.reason) ?? 'refund'}) and taken from your wallet.`,
      breakdown: [line(proPack ? 'Pro pack' : 'Returned to card', cents)],
    };
  }
  const special = describeMoneyMovement(tx, mine, userId, users, base);
  if (special) return special;
  const gross = num(m.grossCents);
  const fee = num(m.feeCents);
  const share = num(m.shareCents);
  const pct = num(m.feePercent);
  const until = str(m.availableAt)?.slice(0, 10) ?? '';
  const what = whatOf(tx.kind, m);
  const payerId = str(m.payerId);
  const creatorId = str(m.creatorId);
  const isPayer = payerId === userId && net < 0;
  const other = users.get((isPayer ? creatorId : payerId) ?? '') ?? null;
  const who = other ? `@${other.username}` : 'a user';
  const deal = discountOf(m, gross);
  const breakdown = [
    ...(deal
      ? [line('Price', deal.originalCents), line(deal.label, deal.originalCents - gross)]
      : []),
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
      explanation: `You paid ${formatMoney(gross)} to ${who} for ${what}${deal?.note ?? ''}: ${formatMoney(share)} goes to the creator and ${formatMoney(fee)} is the platform fee (${pct}%).`,
      breakdown,
    };
  return {
    ...base,
    amount: units(share),
    amountCents: share,
    direction: 'in',
    account: 'creator_pending',
    counterparty: other,
    explanation: `${who} paid ${formatMoney(gross)} for ${what}${deal?.note ?? ''}; the platform fee is ${formatMoney(fee)} (${pct}%) and your ${formatMoney(share)} is pending until ${until}.`,
    breakdown,
  };
}

/** Refunds, chargebacks and payouts (payouts migration); null for other kinds. */
function describeMoneyMovement(
  tx: { kind: string; metadata: Meta },
  mine: EntryFact[],
  userId: string,
  users: Map<string, UserBrief>,
  base: { id: string; type: string; createdAt: string },
): TransactionLine | null {
  const m = tx.metadata;
  const referral = describeReferralMovement(tx, userId, users, base);
  if (referral) return referral;
  const net = mine.reduce((sum, e) => sum + e.amount_cents, 0);
  const cents = Math.abs(net);
  const direction = net >= 0 ? ('in' as const) : ('out' as const);
  const account = mine[0]?.kind ?? 'user_wallet';
  if (tx.kind === 'refund' || tx.kind === 'chargeback') {
    const reversed = num(m.reversedCents);
    const fee = num(m.feeCents);
    const share = num(m.shareCents);
    // a split charge: the collaborator's part came back from the collaborator, the rest from the owner
    const collabPart = num(m.collaboratorCents);
    const isCollaborator = collabPart > 0 && str(m.collaboratorId) === userId;
    const taken = isCollaborator ? collabPart : share - collabPart;
    const owed = isCollaborator ? num(m.collaboratorOwedCents) : num(m.owedCents);
    const what = WHAT[str(m.originalKind) ?? ''] ?? 'a payment';
    const isPayer = str(m.payerId) === userId;
    const other = users.get((isPayer ? str(m.creatorId) : str(m.payerId)) ?? '') ?? null;
    const word = tx.kind === 'refund' ? 'refunded' : 'charged back';
    const breakdown = [
      line(tx.kind === 'refund' ? 'Refunded' : 'Charged back', reversed),
      line('Platform fee returned', fee),
      line("Creator's share taken back", share),
      ...(collabPart > 0 ? [line("Collaborator's part of it", collabPart)] : []),
      ...(owed > 0 ? [line('Owed by the creator (not covered by available)', owed)] : []),
    ];
    if (isPayer)
      return {
        ...base,
        amount: units(reversed),
        amountCents: reversed,
        direction: 'in',
        account: 'user_wallet',
        counterparty: other,
        explanation:
          str(m.creditedTo) === 'processor'
            ? `${formatMoney(reversed)} for ${what} was charged back to your card by your bank.`
            : `${formatMoney(reversed)} for ${what} was refunded to your wallet.`,
        breakdown,
      };
    return {
      ...base,
      amount: units(taken),
      amountCents: taken,
      direction: 'out',
      account,
      counterparty: other,
      explanation: `${formatMoney(reversed)} for ${what} was ${word}: ${formatMoney(taken)} of your share was taken back${owed > 0 ? `, ${formatMoney(owed)} of it as a balance you owe (repaid from your next earnings)` : ''} and the platform returned its ${formatMoney(fee)} fee.`,
      breakdown,
    };
  }
  if (tx.kind === COLLAB_SPLIT_KIND) return describeCollabSplit(tx, userId, users, base);
  if (tx.kind === 'payout_request')
    return {
      ...base,
      amount: units(cents),
      amountCents: cents,
      direction: 'out',
      account: 'creator_available',
      counterparty: null,
      explanation: `You requested a payout of ${formatMoney(cents)}; it left your available balance and is on its way to your bank.`,
      breakdown: [line('Payout requested', cents)],
    };
  if (tx.kind === 'payout_failed')
    return {
      ...base,
      amount: units(cents),
      amountCents: cents,
      direction,
      account: 'creator_available',
      counterparty: null,
      explanation: `A payout of ${formatMoney(cents)} failed; the money is back in your available balance.`,
      breakdown: [line('Returned to available', cents)],
    };
  return null;
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
  // transactions of one database transaction share created_at (a card-paid purchase posts its
  // top-up and its charge together): the entries' sequence keeps them in the order they happened
  const seq = mineTx
    .select([
      'ledger_entries.transaction_id',
      sql<number>`max(ledger_entries.id)`.as('last_entry_id'),
    ])
    .groupBy('ledger_entries.transaction_id')
    .as('seq');
  const txs = await db
    .selectFrom('ledger_transactions')
    .innerJoin(seq, 'seq.transaction_id', 'ledger_transactions.id')
    .select(['id', 'kind', 'metadata', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('seq.last_entry_id', 'desc')
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
    for (const k of ['payerId', 'creatorId', 'referredId']) {
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
    hasMore: page * limit < total.n,
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
  // charges and collaboration splits (the owner's figures net of the collaborator's part)
  const sums = (since: Date | null) => {
    let q = db
      .selectFrom('ledger_transactions')
      .select([
        sql<number>`coalesce(sum(${grossDelta(creatorId)}), 0)::bigint`.as('gross'),
        sql<number>`coalesce(sum(${feeDelta(creatorId)}), 0)::bigint`.as('fees'),
        sql<number>`coalesce(sum(${shareDelta(creatorId)}), 0)::bigint`.as('net'),
      ])
      .where(creatorEarningsOf(creatorId, { reversals: false }));
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
      .select([
        sql<Date>`min(available_at)`.as('available_at'),
        sql<number>`sum(amount_cents)::bigint`.as('amount'),
      ])
      .where('creator_id', '=', creatorId)
      .where('released_transaction_id', 'is', null)
      .where('amount_cents', '>', 0)
      // the next day's releases together (earnings.service.ts lists them the same way)
      .groupBy(sql`(available_at at time zone 'UTC')::date`)
      .orderBy(sql`min(available_at)`)
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
