import { sql, type Kysely } from 'kysely';

/**
 * Payouts, refunds and chargebacks (docs/ARCHITECTURE.md "Money"):
 * - two more ledger account kinds: `creator_owed` (per creator; may only be ≤ 0: what a creator
 *   owes after a reversal took back more than their available balance) and `payouts_in_flight`
 *   (system; requested payouts not yet paid or failed; never negative);
 * - a held share can shrink to zero when a refund takes it back from pending;
 * - `payouts` (one row per request, its state machine and the ledger transactions that moved
 *   it) and `payout_schedules` (manual / weekly / monthly per creator).
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table ledger_accounts drop constraint if exists ledger_accounts_kind_check`.execute(
    db,
  );
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (
    'user_wallet', 'creator_pending', 'creator_available', 'creator_owed', 'platform_fees',
    'processor_clearing', 'payouts_clearing', 'payouts_in_flight', 'refunds'))`.execute(db);
  // owed is a debt: it may be negative (allow_negative), never positive
  await sql`alter table ledger_accounts add constraint ledger_accounts_owed_not_positive
    check (kind <> 'creator_owed' or balance_cents <= 0)`.execute(db);
  await sql`insert into ledger_accounts (kind, owner_id, allow_negative)
    values ('payouts_in_flight', null, false)`.execute(db);

  await sql`alter table ledger_pending_releases
    drop constraint if exists ledger_pending_releases_amount_cents_check`.execute(db);
  await sql`alter table ledger_pending_releases add constraint ledger_pending_releases_amount_check
    check (amount_cents >= 0)`.execute(db);

  // reversals of one charge (refund total per original), and the financials' scans by kind
  await sql`create index ledger_transactions_reverses_idx on ledger_transactions (reverses_id)
    where reverses_id is not null`.execute(db);
  await sql`create index ledger_transactions_kind_created_idx
    on ledger_transactions (kind, created_at)`.execute(db);

  await sql`create table payouts (
    id uuid primary key default gen_random_uuid(),
    creator_id uuid not null references users(id) on delete restrict,
    amount_cents bigint not null check (amount_cents > 0),
    status text not null default 'requested'
      check (status in ('requested', 'processing', 'paid', 'failed')),
    source text not null default 'manual' check (source in ('manual', 'weekly', 'monthly')),
    method text,
    destination_last4 text,
    note text,
    request_transaction_id uuid not null references ledger_transactions(id),
    settle_transaction_id uuid references ledger_transactions(id),
    requested_at timestamptz not null default now(),
    processed_at timestamptz,
    processed_by uuid references users(id) on delete set null,
    constraint payouts_settled check ((status in ('paid', 'failed')) = (settle_transaction_id is not null))
  )`.execute(db);
  await sql`create index payouts_creator_idx on payouts (creator_id, requested_at desc, id desc)`.execute(
    db,
  );
  await sql`create index payouts_status_idx on payouts (status, requested_at)`.execute(db);

  await sql`create table payout_schedules (
    creator_id uuid primary key references users(id) on delete cascade,
    schedule text not null default 'manual' check (schedule in ('manual', 'weekly', 'monthly')),
    last_run_at timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index payout_schedules_due_idx on payout_schedules (schedule)
    where schedule <> 'manual'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('payout_schedules').ifExists().execute();
  await db.schema.dropTable('payouts').ifExists().execute();
  await sql`drop index if exists ledger_transactions_kind_created_idx`.execute(db);
  await sql`drop index if exists ledger_transactions_reverses_idx`.execute(db);
  await sql`alter table ledger_pending_releases
    drop constraint if exists ledger_pending_releases_amount_check`.execute(db);
  await sql`alter table ledger_accounts drop constraint if exists ledger_accounts_owed_not_positive`.execute(
    db,
  );
}
