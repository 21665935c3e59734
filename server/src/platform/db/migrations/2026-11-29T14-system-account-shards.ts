import { sql, type Kysely } from 'kysely';

/**
 * System accounts in shards. Every charge credits platform_fees and every wallet top-up debits
 * processor_clearing; with one row each, payments queued on that row's lock, held from the
 * balance update to the end of the commit (its WAL flush), so the whole platform could not
 * take more payments per second than one row could commit. Each of the two is now
 * `SYSTEM_ACCOUNT_SHARDS` rows of the same kind (shard 0 is the existing row, so its balance
 * and entries stay where they are): a payment moves one shard, chosen at random, and a
 * reversal moves the shard its charge moved (ledger.service.ts). The kind's balance is the sum
 * of its shards; each shard still obeys its own CHECK.
 */
const SHARDS = 16;

export async function up(db: Kysely<unknown>) {
  await sql`alter table ledger_accounts
    add column shard smallint not null default 0 check (shard >= 0)`.execute(db);
  // an owned account has one row per (kind, owner) as before; a system account one per shard
  await sql`drop index ledger_accounts_system_uq`.execute(db);
  await sql`create unique index ledger_accounts_system_uq on ledger_accounts (kind, shard)
    where owner_id is null`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_owned_unsharded
    check (owner_id is null or shard = 0)`.execute(db);
  await sql`insert into ledger_accounts (kind, owner_id, allow_negative, shard)
    select a.kind, null, a.allow_negative, s.shard
    from ledger_accounts a, generate_series(1, ${sql.lit(SHARDS - 1)}) as s(shard)
    where a.owner_id is null and a.kind in ('platform_fees', 'processor_clearing')`.execute(db);
}
