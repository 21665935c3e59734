import type { LedgerVerifyReport } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';

/**
 * Every ledger invariant as one SQL check each, reporting the offending rows (at most 50 per
 * check). Used by GET /ledger/verify (admin) and by the property tests after each step.
 */

const LIMIT = 50;

interface Check {
  name: string;
  description: string;
  run: (db: DbHandle) => Promise<Array<Record<string, unknown>>>;
}

const rows = async (db: DbHandle, query: ReturnType<typeof sql>) =>
  (await query.execute(db)).rows as Array<Record<string, unknown>>;

const CHECKS: Check[] = [
  {
    name: 'transactions_balanced',
    description: 'Every transaction has at least two entries and its entries sum to zero',
    run: (db) =>
      rows(
        db,
        sql`select t.id as "transactionId", coalesce(sum(e.amount_cents), 0)::bigint as "sumCents",
              count(e.id)::int as entries
            from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
            group by t.id
            having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) < 2
            limit ${LIMIT}`,
      ),
  },
  {
    name: 'balances_match_entries',
    description: 'Every stored account balance equals the sum of its entries',
    run: (db) =>
      rows(
        db,
        sql`select a.id as "accountId", a.kind, a.balance_cents as "storedCents",
              coalesce(s.total, 0)::bigint as "entriesCents"
            from ledger_accounts a
            left join (select account_id, sum(amount_cents) as total from ledger_entries
                       group by account_id) s on s.account_id = a.id
            where a.balance_cents <> coalesce(s.total, 0)
            limit ${LIMIT}`,
      ),
  },
  {
    name: 'no_negative_balances',
    description: 'No wallet or creator balance is negative',
    run: (db) =>
      rows(
        db,
        sql`select id as "accountId", kind, balance_cents as "balanceCents" from ledger_accounts
            where not allow_negative and balance_cents < 0 limit ${LIMIT}`,
      ),
  },
  {
    name: 'fee_split_exact',
    description: 'For every charge, gross = platform fee + creator share, and the entries agree',
    run: (db) =>
      rows(
        db,
        sql`select t.id as "transactionId", t.metadata->>'grossCents' as gross,
              t.metadata->>'feeCents' as fee, t.metadata->>'shareCents' as share
            from ledger_transactions t
            where t.kind in ('unlock', 'tip', 'subscription', 'renewal')
              and ((t.metadata->>'grossCents')::bigint <>
                     (t.metadata->>'feeCents')::bigint + (t.metadata->>'shareCents')::bigint
                or (t.metadata->>'grossCents')::bigint <> (
                     select coalesce(sum(e.amount_cents), 0) from ledger_entries e
                     where e.transaction_id = t.id and e.amount_cents > 0))
            limit ${LIMIT}`,
      ),
  },
  {
    name: 'pending_matches_holds',
    description: "Each creator's pending balance equals their unreleased held shares",
    run: (db) =>
      rows(
        db,
        sql`select a.owner_id as "creatorId", a.balance_cents as "pendingCents",
              coalesce(h.total, 0)::bigint as "heldCents"
            from ledger_accounts a
            left join (select creator_id, sum(amount_cents) as total from ledger_pending_releases
                       where released_transaction_id is null group by creator_id) h
              on h.creator_id = a.owner_id
            where a.kind = 'creator_pending' and a.balance_cents <> coalesce(h.total, 0)
            limit ${LIMIT}`,
      ),
  },
  {
    name: 'purchases_charged_once',
    description: 'Every paid unlock points at exactly one unlock transaction',
    run: (db) =>
      rows(
        db,
        sql`select p.id as "purchaseId", p.ledger_transaction_id as "transactionId"
            from content_purchases p
            left join ledger_transactions t on t.id = p.ledger_transaction_id
            where p.ledger_transaction_id is not null and (t.id is null or t.kind <> 'unlock')
            limit ${LIMIT}`,
      ),
  },
  {
    name: 'reversals_within_original',
    description: 'Refunds and chargebacks of a charge never add up to more than its gross',
    run: (db) =>
      rows(
        db,
        sql`select c.id as "transactionId", (c.metadata->>'grossCents')::bigint as "grossCents",
              sum((r.metadata->>'reversedCents')::bigint)::bigint as "reversedCents"
            from ledger_transactions r join ledger_transactions c on c.id = r.reverses_id
            where r.kind in ('refund', 'chargeback')
            group by c.id, c.metadata
            having sum((r.metadata->>'reversedCents')::bigint) > (c.metadata->>'grossCents')::bigint
            limit ${LIMIT}`,
      ),
  },
  {
    name: 'owed_never_positive',
    description: 'A creator_owed account only ever holds a debt (balance ≤ 0)',
    run: (db) =>
      rows(
        db,
        sql`select id as "accountId", owner_id as "creatorId", balance_cents as "balanceCents"
            from ledger_accounts where kind = 'creator_owed' and balance_cents > 0
            limit ${LIMIT}`,
      ),
  },
  {
    name: 'referral_shares_within_fee',
    description:
      "A referrer's part of a sale is paid from its platform fee (never more), moved by its own " +
      'transaction, and what reversals took back matches the refunds of the sale',
    run: (db) =>
      rows(
        db,
        sql`select re.charge_transaction_id as "transactionId", re.amount_cents as "partCents",
              c.metadata->>'feeCents' as "feeCents", re.reversed_cents as "reversedCents"
            from referral_earnings re
            join ledger_transactions c on c.id = re.charge_transaction_id
            join ledger_transactions s on s.id = re.share_transaction_id
            where re.amount_cents > (c.metadata->>'feeCents')::bigint
              or s.kind <> 'referral_share'
              or re.amount_cents <> (select coalesce(sum(e.amount_cents), 0) from ledger_entries e
                                     where e.transaction_id = s.id and e.amount_cents > 0)
              or re.reversed_cents <> (
                   select coalesce(sum((r.metadata->>'referralCents')::bigint), 0)
                   from ledger_transactions r
                   where r.reverses_id = c.id and r.kind in ('refund', 'chargeback'))
            limit ${LIMIT}`,
      ),
  },
  {
    name: 'payouts_in_flight_match_requests',
    description: 'Money in payouts_in_flight equals the payouts requested and not yet settled',
    run: (db) =>
      rows(
        db,
        sql`select a.balance_cents as "inFlightCents", coalesce(p.total, 0)::bigint as "openCents"
            from ledger_accounts a
            left join (select sum(amount_cents) as total from payouts
                       where status in ('requested', 'processing')) p on true
            where a.kind = 'payouts_in_flight' and a.owner_id is null
              and a.balance_cents <> coalesce(p.total, 0)
            limit ${LIMIT}`,
      ),
  },
];

export async function verifyLedger(db: DbHandle): Promise<LedgerVerifyReport> {
  const invariants = [];
  for (const check of CHECKS) {
    const failures = await check.run(db);
    invariants.push({
      name: check.name,
      description: check.description,
      ok: failures.length === 0,
      failures,
    });
  }
  return {
    ok: invariants.every((i) => i.ok),
    checkedAt: new Date().toISOString(),
    invariants,
  };
}
