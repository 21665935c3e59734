import { ErrorCodes } from '@fanspace/contracts';
import { sql } from 'kysely';
import { assertInTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { LedgerAccountKind } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { getPlatformSetting } from '../auth/auth.queries.ts';
import { parseFeePercent } from './money.ts';

/**
 * The only code that writes the ledger. Every movement is one transaction whose entries sum to
 * zero; balances move in the same database transaction. The database enforces the same rules
 * (see the ledger migration), so a bug here fails loudly instead of corrupting money.
 */

export const SYSTEM_ACCOUNTS = [
  'platform_fees',
  'processor_clearing',
  'payouts_clearing',
  'payouts_in_flight',
  'refunds',
];
const OWNED: LedgerAccountKind[] = [
  'user_wallet',
  'creator_pending',
  'creator_available',
  'creator_owed',
];
/** creator_owed holds a debt: negative by design (a CHECK keeps it ≤ 0). */
const MAY_BE_NEGATIVE: LedgerAccountKind[] = ['creator_owed'];

export const insufficientFunds = () =>
  new AppError(402, ErrorCodes.INSUFFICIENT_FUNDS, 'Insufficient funds');

/** The account of (kind, owner), created on first use; system accounts exist from the migration. */
export async function accountId(
  tx: DbHandle,
  kind: LedgerAccountKind,
  ownerId: string | null,
): Promise<string> {
  assertInTransaction(tx);
  if (OWNED.includes(kind) !== (ownerId !== null))
    throw new Error(`ledger account ${kind} ${ownerId ? 'has no' : 'needs an'} owner`);
  const find = () => {
    const q = tx.selectFrom('ledger_accounts').select('id').where('kind', '=', kind);
    return (
      ownerId ? q.where('owner_id', '=', ownerId) : q.where('owner_id', 'is', null)
    ).executeTakeFirst();
  };
  const existing = await find();
  if (existing) return existing.id;
  const created = await tx
    .insertInto('ledger_accounts')
    .values({ kind, owner_id: ownerId, allow_negative: MAY_BE_NEGATIVE.includes(kind) })
    .onConflict((oc) => oc.columns(['kind', 'owner_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) return created.id;
  const raced = await find();
  if (!raced) throw new Error(`ledger account ${kind} could not be created`);
  return raced.id;
}

export async function balanceOf(db: DbHandle, kind: LedgerAccountKind, ownerId: string) {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('kind', '=', kind)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row?.balance_cents ?? 0;
}

/** Serialises one user's money operations (checks that read-then-charge need it). */
export async function lockWallet(tx: DbHandle, userId: string) {
  const id = await accountId(tx, 'user_wallet', userId);
  await tx.selectFrom('ledger_accounts').select('id').where('id', '=', id).forUpdate().execute();
  return id;
}

export async function feePercent(db: DbHandle): Promise<number> {
  return parseFeePercent(await getPlatformSetting(db, 'feePercent'));
}

export interface EntryInput {
  accountId: string;
  amountCents: number;
}

export interface PostInput {
  kind: string;
  entries: EntryInput[];
  metadata?: Record<string, unknown>;
  /** unique across the ledger: a second post with the same ref is refused by the database */
  idempotencyRef?: string;
  reversesId?: string;
}

export interface PostedTransaction {
  id: string;
  createdAt: Date;
}

function assertBalanced(entries: EntryInput[]) {
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
  let total = 0;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountCents) || e.amountCents === 0)
      throw new Error(`ledger entry amount must be non-zero integer cents, got ${e.amountCents}`);
    total += e.amountCents;
  }
  if (total !== 0) throw new Error(`ledger transaction unbalanced by ${total}`);
}

const isNonNegativeViolation = (error: unknown) => {
  const e = error as { code?: unknown; constraint?: unknown } | undefined;
  return e?.code === '23514' && e.constraint === 'ledger_accounts_non_negative';
};

/**
 * Posts one balanced transaction. Accounts are locked in id order (a stable order, so two
 * transfers between the same accounts cannot deadlock), checked, then the transaction, its
 * entries and the balance updates are written.
 */
export async function postTransaction(tx: DbHandle, input: PostInput): Promise<PostedTransaction> {
  assertInTransaction(tx);
  const entries = input.entries.filter((e) => e.amountCents !== 0);
  assertBalanced(entries);
  const deltas = new Map<string, number>();
  for (const e of entries) deltas.set(e.accountId, (deltas.get(e.accountId) ?? 0) + e.amountCents);
  const ids = [...deltas.keys()].sort();
  const accounts = await tx
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance_cents', 'allow_negative'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (accounts.length !== ids.length) throw new Error('unknown ledger account');
  for (const account of accounts) {
    const after = account.balance_cents + (deltas.get(account.id) ?? 0);
    if (after < 0 && !account.allow_negative) {
      if (account.kind === 'user_wallet') throw insufficientFunds();
      throw new Error(`ledger account ${account.kind} ${account.id} would go negative`);
    }
  }

  const row = await tx
    .insertInto('ledger_transactions')
    .values({
      kind: input.kind,
      idempotency_ref: input.idempotencyRef ?? null,
      metadata: JSON.stringify(input.metadata ?? {}),
      reverses_id: input.reversesId ?? null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('ledger_entries')
    .values(
      entries.map((e) => ({
        transaction_id: row.id,
        account_id: e.accountId,
        amount_cents: e.amountCents,
      })),
    )
    .execute();
  try {
    for (const id of ids) {
      await tx
        .updateTable('ledger_accounts')
        .set({ balance_cents: sql`balance_cents + ${deltas.get(id)}` })
        .where('id', '=', id)
        .execute();
    }
  } catch (error) {
    // the database's CHECK is the last line; a wallet hitting it is still the user's 402
    if (isNonNegativeViolation(error)) throw insufficientFunds();
    throw error;
  }
  return { id: row.id, createdAt: row.created_at };
}
