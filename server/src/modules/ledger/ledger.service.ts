import { ErrorCodes } from '@fanspace/contracts';
import { sql, type ExpressionBuilder } from 'kysely';
import {
  assertInTransaction,
  canRunBeforeCommit,
  writeBeforeCommit,
  type DbHandle,
  type Tx,
} from '../../platform/db/database.ts';
import { tailColumns, tailCtes, type StatementTail } from '../../platform/db/statement-tail.ts';
import type { Database, LedgerAccountKind } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { opaque } from '../../platform/db/array-parameter.ts';
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

/**
 * Hot system accounts come in shards (migration 2026-11-29T14-system-account-shards): every
 * charge credits platform_fees and every top-up debits processor_clearing, and one row each
 * made every payment of the platform wait for the one before it to commit. A movement picks a
 * shard at random; a reversal moves the shard its charge moved (`systemAccountOf`), so no shard
 * gives back more than it received. A kind's balance is the sum of its shards.
 */
export const SYSTEM_ACCOUNT_SHARDS: Partial<Record<LedgerAccountKind, number>> = {
  platform_fees: 16,
  processor_clearing: 16,
};

const randomShard = (kind: LedgerAccountKind) =>
  Math.floor(Math.random() * (SYSTEM_ACCOUNT_SHARDS[kind] ?? 1));

/**
 * The account of (kind, owner), created on first use; system accounts exist from the
 * migrations, one of a sharded kind's shards (random unless `shard` names one).
 */
export async function accountId(
  tx: DbHandle,
  kind: LedgerAccountKind,
  ownerId: string | null,
  shard?: number,
): Promise<string> {
  assertInTransaction(tx);
  if (OWNED.includes(kind) !== (ownerId !== null))
    throw new Error(`ledger account ${kind} ${ownerId ? 'has no' : 'needs an'} owner`);
  if (ownerId === null) {
    const n = shard ?? randomShard(kind);
    const system = await tx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', kind)
      .where('owner_id', 'is', null)
      .where('shard', '=', n)
      .executeTakeFirst();
    if (!system) throw new Error(`ledger system account ${kind} shard ${n} does not exist`);
    return system.id;
  }
  const find = () =>
    tx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', kind)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
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

/**
 * The system account of `kind` that a posted transaction moved: a reversal takes back from the
 * very shard its charge credited (a random one otherwise, when the charge did not move `kind`).
 */
export async function systemAccountOf(
  tx: DbHandle,
  transactionId: string,
  kind: LedgerAccountKind,
): Promise<string> {
  const moved = await tx
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select('a.id')
    .where('e.transaction_id', '=', transactionId)
    .where('a.kind', '=', kind)
    .where('a.owner_id', 'is', null)
    .executeTakeFirst();
  return moved?.id ?? accountId(tx, kind, null);
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
  /** the transaction's id, when the caller needs it before the write (a job keyed by it) */
  id?: string;
}

export interface PostedTransaction {
  id: string;
  createdAt: Date;
  /** the columns of the `also` tails (by their names) */
  also: Record<string, unknown>;
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

/** An account named by its kind and owner (null: a system account, of a random shard). */
export interface AccountRef {
  kind: LedgerAccountKind;
  ownerId: string | null;
}

/** A ledger account row as locked for a posting. */
export interface LockedAccount {
  id: string;
  kind: LedgerAccountKind;
  owner_id: string | null;
  shard: number;
  balance_cents: number;
  allow_negative: boolean;
}

const refMatches = (
  a: Pick<LockedAccount, 'kind' | 'owner_id' | 'shard'>,
  r: AccountRef & { shard: number },
) => a.kind === r.kind && a.owner_id === r.ownerId && a.shard === r.shard;

/*
 * Hot rows. The system accounts (platform_fees, processor_clearing, …: no owner) take part in
 * nearly every payment, so locking them at the start of a transaction serialised every payment
 * of the platform behind each other's whole transaction (the soak measured waits of 0.3–0.8 s
 * on that lock). Inside a `withTransaction`, system accounts are therefore read without a lock
 * and their balance moves in one statement just before commit (`writeBeforeCommit`), after every
 * owned account was locked, so the hot row is held only for that statement and the commit, and
 * always last (no lock cycle). Entries are written at once as before; the database's CHECK
 * still guards their balances. Elsewhere (a bare transaction) they are locked up front as before.
 */
const pendingSystemDeltas = new WeakMap<Tx, Map<string, number>>();

function deferSystemDeltas(tx: Tx, deltas: Array<[string, number]>) {
  let pending = pendingSystemDeltas.get(tx);
  if (!pending) {
    const created = new Map<string, number>();
    pending = created;
    pendingSystemDeltas.set(tx, created);
    // the transaction's last statement, shared with other writes (the idempotent response)
    writeBeforeCommit(tx, () => systemDeltasCtes(created));
  }
  for (const [id, delta] of deltas) pending.set(id, (pending.get(id) ?? 0) + delta);
}

function systemDeltasCtes(pending: Map<string, number>) {
  const moves = [...pending]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (moves.length === 0) return null;
  const ids = moves.map(([id]) => id);
  const values = sql.join(moves.map(([id, delta]) => sql`(${id}::uuid, ${delta}::bigint)`));
  // the rows are locked in id order first, so two commits never wait on each other in a cycle;
  // `no key update` (what an UPDATE of the balance takes anyway) does not conflict with the key
  // share lock that an open payment's ledger_entries foreign key holds on the same row
  return sql`system_locked as (
      select id from ledger_accounts where id in (${sql.join(ids)}) order by id for no key update
    ), system_moved as (
      update ledger_accounts a set balance_cents = a.balance_cents + d.delta
      from (values ${values}) as d(id, delta) join system_locked l on l.id = d.id
      where a.id = d.id
    )`;
}

/**
 * Resolves accounts by (kind, owner) and locks them in id order in one statement, together with
 * the platform fee setting (a charge needs both before it can split). System accounts are read
 * unlocked when their balance moves before commit (see "Hot rows"). Accounts are created on
 * first use: a missing one is inserted and the lookup runs again. The result is in the order of
 * `refs`.
 */
export async function lockAccountsWithFee(
  tx: DbHandle,
  refs: AccountRef[],
): Promise<{ accounts: LockedAccount[]; feePercent: number }> {
  assertInTransaction(tx);
  const deferSystem = canRunBeforeCommit(tx);
  // a system account of a sharded kind: one of its shards, at random
  const wanted = refs.map((r) => ({ ...r, shard: r.ownerId === null ? randomShard(r.kind) : 0 }));
  type Wanted = (typeof wanted)[number];
  const matching = (eb: ExpressionBuilder<Database, 'ledger_accounts'>, some: Wanted[]) =>
    eb.or(
      some.map((r) =>
        eb.and([
          eb('kind', '=', r.kind),
          r.ownerId === null
            ? eb.and([eb('owner_id', 'is', null), eb('shard', '=', r.shard)])
            : eb('owner_id', '=', r.ownerId),
        ]),
      ),
    );
  const accountsOf = (some: Wanted[]) =>
    tx
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'owner_id', 'shard', 'balance_cents', 'allow_negative'])
      .select(
        sql<unknown>`(select value from platform_settings where key = 'feePercent')`.as('fee'),
      )
      .where((eb) => matching(eb, some));
  const owned = wanted.filter((r) => r.ownerId !== null);
  const system = wanted.filter((r) => r.ownerId === null);
  const lookup = () =>
    !deferSystem || system.length === 0
      ? accountsOf(wanted).orderBy('id').forUpdate().execute()
      : owned.length === 0
        ? accountsOf(system).execute()
        : tx
            .with('locked', () => accountsOf(owned).orderBy('id').forUpdate())
            .selectFrom('locked')
            .selectAll()
            .unionAll(accountsOf(system))
            .execute();
  let rows = await lookup();
  const missing = wanted.filter((r) => !rows.some((a) => refMatches(a, r)));
  if (missing.length > 0) {
    for (const r of missing) await accountId(tx, r.kind, r.ownerId, r.shard);
    rows = await lookup();
  }
  const accounts = wanted.map((r) => {
    const found = rows.find((a) => refMatches(a, r));
    if (!found) throw new Error(`ledger account ${r.kind} could not be created`);
    return found;
  });
  // the fee rides on every row; with no row at all the setting is read on its own
  const fee = rows[0] ? rows[0].fee : await getPlatformSetting(tx, 'feePercent');
  return { accounts, feePercent: parseFeePercent(fee) };
}

/** A creator share held until `availableAt`, written with the charge that earned it. */
export interface PendingRelease {
  creatorId: string;
  amountCents: number;
  availableAt: Date;
}

/**
 * Posts one balanced transaction. Accounts are locked in id order (a stable order, so two
 * transfers between the same accounts cannot deadlock), checked, then the transaction, its
 * entries, the balance updates (and a held share, if any) are written by one statement.
 * `locked`: the accounts already locked by the caller in this transaction (lockAccountsWithFee),
 * which saves the lock round trip. `also`: more writes of the same request that ride in the
 * same statement (a charge's release job and sale notification, a purchase's link to the
 * transaction); their CTEs may read `t`, the new transaction row (id, created_at).
 */
export async function postTransaction(
  tx: DbHandle,
  input: PostInput & {
    pendingRelease?: PendingRelease;
    locked?: LockedAccount[];
    also?: StatementTail[];
  },
): Promise<PostedTransaction> {
  assertInTransaction(tx);
  const entries = input.entries.filter((e) => e.amountCents !== 0);
  assertBalanced(entries);
  const deltas = new Map<string, number>();
  for (const e of entries) deltas.set(e.accountId, (deltas.get(e.accountId) ?? 0) + e.amountCents);
  const ids = [...deltas.keys()].sort();
  const deferSystem = canRunBeforeCommit(tx);
  const accountsById = () =>
    tx
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'owner_id', 'balance_cents', 'allow_negative'])
      .where('id', 'in', ids);
  const accounts =
    input.locked && ids.every((id) => input.locked!.some((a) => a.id === id))
      ? input.locked.filter((a) => deltas.has(a.id))
      : deferSystem
        ? await tx
            .with('locked', () =>
              accountsById().where('owner_id', 'is not', null).orderBy('id').forUpdate(),
            )
            .selectFrom('locked')
            .selectAll()
            .unionAll(accountsById().where('owner_id', 'is', null))
            .execute()
        : await accountsById().orderBy('id').forUpdate().execute();
  if (accounts.length !== ids.length) throw new Error('unknown ledger account');
  const deferred = deferSystem
    ? new Set(accounts.filter((a) => a.owner_id === null).map((a) => a.id))
    : new Set<string>();
  for (const account of accounts) {
    // a system account's balance is checked by the database when it moves before commit
    if (deferred.has(account.id)) continue;
    const after = account.balance_cents + (deltas.get(account.id) ?? 0);
    if (after < 0 && !account.allow_negative) {
      if (account.kind === 'user_wallet') throw insufficientFunds();
      throw new Error(`ledger account ${account.kind} ${account.id} would go negative`);
    }
  }

  const release = input.pendingRelease;
  if (release && !(Number.isSafeInteger(release.amountCents) && release.amountCents > 0))
    throw new Error('a pending release needs positive integer cents');
  const entryRows = sql.join(
    entries.map((e) => sql`(${e.accountId}::uuid, ${e.amountCents}::bigint)`),
  );
  const movedNow = ids.filter((id) => !deferred.has(id));
  const deltaRows = sql.join(movedNow.map((id) => sql`(${id}::uuid, ${deltas.get(id)}::bigint)`));
  const moved =
    movedNow.length > 0
      ? sql`, moved as (
        update ledger_accounts a set balance_cents = a.balance_cents + d.delta
        from (values ${deltaRows}) as d(id, delta)
        where a.id = d.id
      )`
      : sql``;
  const held = release
    ? sql`, held as (
        insert into ledger_pending_releases (transaction_id, creator_id, amount_cents, available_at)
        select t.id, ${release.creatorId}::uuid, ${release.amountCents}::bigint,
          ${release.availableAt}::timestamptz
        from t
      )`
    : sql``;
  try {
    const also = input.also ?? [];
    const { rows } = await sql<{ id: string; created_at: Date } & Record<string, unknown>>`
      with t as (
        insert into ledger_transactions (id, kind, idempotency_ref, metadata, reverses_id)
        values (coalesce(${input.id ?? null}::uuid, uuid7()), ${input.kind},
          ${input.idempotencyRef ?? null}, ${JSON.stringify(input.metadata ?? {})}::jsonb,
          ${input.reversesId ?? null}::uuid)
        returning id, created_at
      ), lines as (
        insert into ledger_entries (transaction_id, account_id, amount_cents)
        select t.id, v.account_id, v.amount_cents
        from t, (values ${entryRows}) as v(account_id, amount_cents)
      )${moved}${held}${tailCtes(also)}
      select t.id, t.created_at${tailColumns(also)} from t`.execute(tx);
    const row = rows[0];
    if (!row) throw new Error('ledger transaction was not written');
    const { id, created_at, ...tailValues } = row;
    if (deferred.size > 0)
      deferSystemDeltas(
        tx,
        [...deferred].map((id) => [id, deltas.get(id) ?? 0]),
      );
    // one transaction's balances moved: the locked rows the caller holds are stale now
    if (input.locked)
      for (const a of input.locked) if (deltas.has(a.id)) a.balance_cents += deltas.get(a.id) ?? 0;
    return { id, createdAt: new Date(created_at), also: tailValues };
  } catch (error) {
    // the database's CHECK is the last line; a wallet hitting it is still the user's 402
    if (isNonNegativeViolation(error)) throw insufficientFunds();
    throw error;
  }
}

/** One of the transactions `postTransactions` writes: its id is chosen by the caller. */
export interface BatchPostInput extends PostInput {
  id: string;
  pendingRelease?: PendingRelease;
}

/**
 * Posts several balanced transactions in ONE statement – the group commit of money requests
 * (payments/money-batcher.ts): every transaction row, every entry, one balance update per
 * account however many transactions move it, the held shares and the callers' tails. Every
 * account moved must be in `locked` (locked by this transaction, `lockChargeAccounts`); the
 * system accounts' balances move just before commit as in `postTransaction` ("Hot rows"). The
 * caller has already refused what would overdraw an account, so an overdraft here is a bug and
 * throws (the whole statement is not sent): its batch then runs request by request.
 */
export async function postTransactions(
  tx: Tx,
  input: { transactions: BatchPostInput[]; locked: LockedAccount[]; also?: StatementTail[] },
): Promise<{ createdAt: Date; also: Record<string, unknown> }> {
  assertInTransaction(tx);
  if (!canRunBeforeCommit(tx)) throw new Error('postTransactions needs withTransaction');
  const byId = new Map(input.locked.map((a) => [a.id, a]));
  const deltas = new Map<string, number>();
  const entries: Array<{ transactionId: string } & EntryInput> = [];
  const held: Array<{ transactionId: string } & PendingRelease> = [];
  for (const t of input.transactions) {
    const own = t.entries.filter((e) => e.amountCents !== 0);
    assertBalanced(own);
    for (const e of own) {
      if (!byId.has(e.accountId)) throw new Error('postTransactions: an account is not locked');
      deltas.set(e.accountId, (deltas.get(e.accountId) ?? 0) + e.amountCents);
      entries.push({ transactionId: t.id, ...e });
    }
    const release = t.pendingRelease;
    if (release) {
      if (!(Number.isSafeInteger(release.amountCents) && release.amountCents > 0))
        throw new Error('a pending release needs positive integer cents');
      held.push({ transactionId: t.id, ...release });
    }
  }
  const owned = [...deltas].filter(([id]) => byId.get(id)!.owner_id !== null);
  const system = [...deltas].filter(([id]) => byId.get(id)!.owner_id === null);
  for (const [id, delta] of owned) {
    const account = byId.get(id)!;
    if (account.balance_cents + delta < 0 && !account.allow_negative)
      throw new Error(`ledger account ${account.kind} ${id} would go negative in a batch`);
  }
  const also = input.also ?? [];
  const ts = input.transactions;
  const { rows } = await sql<{ created_at: Date } & Record<string, unknown>>`
    with t as (
      insert into ledger_transactions (id, kind, idempotency_ref, metadata, reverses_id)
      select * from unnest(${opaque(
        ts.map((t) => t.id),
        'uuid',
      )}, ${opaque(
        ts.map((t) => t.kind),
        'text',
      )}, ${opaque(
        ts.map((t) => t.idempotencyRef ?? null),
        'text',
      )}, ${opaque(
        ts.map((t) => JSON.stringify(t.metadata ?? {})),
        'jsonb',
      )}, ${opaque(
        ts.map((t) => t.reversesId ?? null),
        'uuid',
      )})
      returning id
    ), lines as (
      insert into ledger_entries (transaction_id, account_id, amount_cents)
      select * from unnest(${opaque(
        entries.map((e) => e.transactionId),
        'uuid',
      )}, ${opaque(
        entries.map((e) => e.accountId),
        'uuid',
      )}, ${opaque(
        entries.map((e) => e.amountCents),
        'bigint',
      )})
    ), moved as (
      update ledger_accounts a set balance_cents = a.balance_cents + d.delta
      from unnest(${opaque(
        owned.map(([id]) => id),
        'uuid',
      )}, ${opaque(
        owned.map(([, delta]) => delta),
        'bigint',
      )}) as d(id, delta)
      where a.id = d.id
    ), held as (
      insert into ledger_pending_releases (transaction_id, creator_id, amount_cents, available_at)
      select * from unnest(${opaque(
        held.map((h) => h.transactionId),
        'uuid',
      )}, ${opaque(
        held.map((h) => h.creatorId),
        'uuid',
      )}, ${opaque(
        held.map((h) => h.amountCents),
        'bigint',
      )}, ${opaque(
        held.map((h) => h.availableAt),
        'timestamptz',
      )})
    )${tailCtes(also)}
    select now() as created_at${tailColumns(also)}`.execute(tx);
  const row = rows[0];
  if (!row) throw new Error('the ledger batch was not written');
  const { created_at, ...tailValues } = row;
  if (system.length > 0) deferSystemDeltas(tx, system);
  for (const [id, delta] of owned) byId.get(id)!.balance_cents += delta;
  return { createdAt: new Date(created_at), also: tailValues };
}

/** The accounts a batch of charges moves, locked: each payer's wallet, each creator's pending. */
export interface ChargeAccounts {
  wallets: Map<string, LockedAccount>;
  pendings: Map<string, LockedAccount>;
  /** the platform_fees shard every fee of the batch goes to (moved before commit) */
  fees: LockedAccount;
  feePercent: number;
  locked: LockedAccount[];
}

/**
 * `lockAccountsWithFee` for a batch of charges, in one statement whose text does not depend on
 * the batch's size: the payers' wallets and the creators' pending accounts locked in id order
 * (the one global order every money transaction locks in, so batches and single requests
 * cannot deadlock), one platform_fees shard read without a lock ("Hot rows") and the fee
 * setting. A creator's first sale creates their pending account (then the lookup runs again);
 * a payer with no wallet has nothing to pay with and is simply absent from `wallets`.
 */
export async function lockChargeAccounts(
  tx: Tx,
  payerIds: readonly string[],
  creatorIds: readonly string[],
): Promise<ChargeAccounts> {
  assertInTransaction(tx);
  const payers = [...new Set(payerIds)];
  const creators = [...new Set(creatorIds)];
  const shard = randomShard('platform_fees');
  const lookup = () =>
    sql<LockedAccount & { fee: unknown }>`
      with locked as (
        select a.id, a.kind, a.owner_id, a.shard, a.balance_cents, a.allow_negative
        from ledger_accounts a
        join unnest(${opaque(
          [...payers.map(() => 'user_wallet'), ...creators.map(() => 'creator_pending')],
          'text',
        )}, ${opaque([...payers, ...creators], 'uuid')}) as w(kind, owner_id)
          on a.kind = w.kind and a.owner_id = w.owner_id
        order by a.id
        for update of a
      )
      select locked.*, (select value from platform_settings where key = 'feePercent') as fee
      from locked
      union all
      select f.id, f.kind, f.owner_id, f.shard, f.balance_cents, f.allow_negative,
        (select value from platform_settings where key = 'feePercent') as fee
      from ledger_accounts f
      where f.kind = 'platform_fees' and f.owner_id is null and f.shard = ${shard}::int`.execute(
      tx,
    );
  let { rows } = await lookup();
  const has = (kind: LedgerAccountKind, owner: string) =>
    rows.some((a) => a.kind === kind && a.owner_id === owner);
  const missing = creators.filter((c) => !has('creator_pending', c));
  if (missing.length > 0) {
    for (const creatorId of missing) await accountId(tx, 'creator_pending', creatorId);
    ({ rows } = await lookup());
  }
  const wallets = new Map<string, LockedAccount>();
  const pendings = new Map<string, LockedAccount>();
  let fees: LockedAccount | undefined;
  const locked: LockedAccount[] = [];
  for (const { fee: _fee, ...account } of rows) {
    const a = { ...account, balance_cents: Number(account.balance_cents) };
    locked.push(a);
    if (a.kind === 'user_wallet' && a.owner_id) wallets.set(a.owner_id, a);
    else if (a.kind === 'creator_pending' && a.owner_id) pendings.set(a.owner_id, a);
    else if (a.kind === 'platform_fees') fees = a;
  }
  if (!fees) throw new Error(`ledger system account platform_fees shard ${shard} does not exist`);
  for (const c of creators)
    if (!pendings.has(c)) throw new Error('ledger account creator_pending could not be created');
  const fee = rows[0] ? rows[0].fee : await getPlatformSetting(tx, 'feePercent');
  return { wallets, pendings, fees, feePercent: parseFeePercent(fee), locked };
}
