import { sql, type Kysely } from 'kysely';

/**
 * The double-entry ledger (docs/ARCHITECTURE.md "Money"). The rules that must never break are
 * enforced here, in the database, not only in code:
 * - a non-negative account can never go below zero (CHECK on ledger_accounts);
 * - every transaction's entries sum to zero (deferred constraint trigger, checked at commit);
 * - transactions and entries are append-only (triggers refuse UPDATE and DELETE);
 * - a stored balance moves only together with an entry (same statement sequence, same tx).
 * Also: idempotency keys of money POSTs, pending creator shares awaiting release, and one
 * subscription row per (fan, creator) pair.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table ledger_accounts (
    id uuid primary key default gen_random_uuid(),
    kind text not null check (kind in ('user_wallet', 'creator_pending', 'creator_available',
      'platform_fees', 'processor_clearing', 'payouts_clearing', 'refunds')),
    owner_id uuid references users(id) on delete restrict,
    balance_cents bigint not null default 0,
    allow_negative boolean not null default false,
    created_at timestamptz not null default now(),
    constraint ledger_accounts_non_negative check (allow_negative or balance_cents >= 0),
    constraint ledger_accounts_kind_owner unique (kind, owner_id)
  )`.execute(db);
  // UNIQUE treats NULLs as distinct, so system accounts (no owner) get their own index
  await sql`create unique index ledger_accounts_system_uq on ledger_accounts (kind)
    where owner_id is null`.execute(db);
  // processor clearing mirrors money that came in from outside, so it is the one that goes
  // negative; the others must stay covered
  await sql`insert into ledger_accounts (kind, owner_id, allow_negative) values
    ('processor_clearing', null, true),
    ('platform_fees', null, false),
    ('payouts_clearing', null, true),
    ('refunds', null, true)`.execute(db);

  await sql`create table ledger_transactions (
    id uuid primary key default gen_random_uuid(),
    kind text not null,
    idempotency_ref text unique,
    metadata jsonb not null default '{}'::jsonb,
    reverses_id uuid references ledger_transactions(id),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ledger_transactions_created_idx on ledger_transactions (created_at)`.execute(
    db,
  );
  // a creator's earnings (charges carry creatorId in metadata)
  await sql`create index ledger_transactions_creator_idx
    on ledger_transactions ((metadata->>'creatorId'), created_at)`.execute(db);

  await sql`create table ledger_entries (
    id bigserial primary key,
    transaction_id uuid not null references ledger_transactions(id),
    account_id uuid not null references ledger_accounts(id),
    amount_cents bigint not null check (amount_cents <> 0),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ledger_entries_tx_idx on ledger_entries (transaction_id)`.execute(db);
  // an account's history (statements, verify), newest first
  await sql`create index ledger_entries_account_idx on ledger_entries (account_id, id desc)`.execute(
    db,
  );

  // checked at commit, so a transaction's entries may be inserted one by one
  await sql`create function ledger_check_balanced() returns trigger language plpgsql as $$
    declare total bigint;
    begin
      select coalesce(sum(amount_cents), 0) into total
        from ledger_entries where transaction_id = new.transaction_id;
      if total <> 0 then
        raise exception 'ledger transaction % is unbalanced by %', new.transaction_id, total
          using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger ledger_entries_balanced
    after insert on ledger_entries deferrable initially deferred
    for each row execute function ledger_check_balanced()`.execute(db);

  await sql`create function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'the ledger is append-only: % on % refused', tg_op, tg_table_name
        using errcode = '55000';
    end $$`.execute(db);
  for (const table of ['ledger_entries', 'ledger_transactions'])
    await sql`create trigger ${sql.raw(`${table}_append_only`)}
      before update or delete on ${sql.table(table)}
      for each row execute function ledger_refuse_change()`.execute(db);

  // creator shares waiting out the hold; the release job moves due rows to available
  await sql`create table ledger_pending_releases (
    id uuid primary key default gen_random_uuid(),
    transaction_id uuid not null references ledger_transactions(id),
    creator_id uuid not null references users(id),
    amount_cents bigint not null check (amount_cents > 0),
    available_at timestamptz not null,
    released_transaction_id uuid references ledger_transactions(id),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ledger_pending_due_idx on ledger_pending_releases (available_at)
    where released_transaction_id is null`.execute(db);
  await sql`create index ledger_pending_creator_idx on ledger_pending_releases (creator_id, available_at)
    where released_transaction_id is null`.execute(db);

  // the first response of each money POST, per user and key; inserted in the same
  // transaction as the work, so a concurrent duplicate waits on the unique key
  await sql`create table idempotency_keys (
    user_id uuid not null references users(id) on delete cascade,
    key text not null,
    request_hash text not null,
    status_code integer,
    response jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`.execute(db);

  // cancel = no renewal, access until the period end (status stays 'active' so post access,
  // which reads status = 'active' and the period end, keeps working until then)
  await sql`alter table subscriptions add column canceled_at timestamptz`.execute(db);
  await sql`create unique index subscriptions_pair_uq on subscriptions (subscriber_id, creator_id)`.execute(
    db,
  );
  // the renewal job's scan
  await sql`create index subscriptions_renewal_idx on subscriptions (current_period_end)
    where status = 'active' and is_recurring`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists subscriptions_renewal_idx`.execute(db);
  await sql`drop index if exists subscriptions_pair_uq`.execute(db);
  await sql`alter table subscriptions drop column if exists canceled_at`.execute(db);
  for (const table of [
    'idempotency_keys',
    'ledger_pending_releases',
    'ledger_entries',
    'ledger_transactions',
    'ledger_accounts',
  ])
    await db.schema.dropTable(table).ifExists().execute();
  await sql`drop function if exists ledger_check_balanced()`.execute(db);
  await sql`drop function if exists ledger_refuse_change()`.execute(db);
}
