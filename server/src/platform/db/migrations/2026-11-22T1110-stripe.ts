import { sql, type Kysely } from 'kysely';

/**
 * The card provider (docs/ARCHITECTURE.md "Card provider and pro pack"): the provider-side ids
 * of each user (customer, connect account, identity session, pro pack subscription), saved
 * payment methods, card payments (payment intents), processed webhook events (UNIQUE event id,
 * written in the same transaction as the ledger posting) and the pro pack history.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table provider_accounts (
    user_id uuid primary key references users(id) on delete cascade,
    customer_id text unique,
    connect_account_id text unique,
    connect_details_submitted boolean not null default false,
    connect_charges_enabled boolean not null default false,
    connect_payouts_enabled boolean not null default false,
    connect_verified_at timestamptz,
    identity_session_id text,
    identity_status text,
    pro_pack_subscription_id text unique,
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table payment_methods (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id) on delete cascade,
    provider text not null,
    provider_ref text not null,
    brand text not null,
    last4 text not null check (last4 ~ '^[0-9]{4}$'),
    exp_month integer not null check (exp_month between 1 and 12),
    exp_year integer not null,
    is_default boolean not null default false,
    created_at timestamptz not null default now(),
    constraint payment_methods_ref_uq unique (user_id, provider, provider_ref)
  )`.execute(db);
  // at most one default per user, enforced by the database
  await sql`create unique index payment_methods_default_uq on payment_methods (user_id)
    where is_default`.execute(db);

  await sql`create table card_payments (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    provider text not null,
    provider_ref text not null unique,
    amount_cents bigint not null check (amount_cents > 0),
    currency text not null,
    payment_type text not null,
    recipient_user_id uuid references users(id),
    details jsonb not null default '{}'::jsonb,
    status text not null,
    outcome text,
    failure_reason text,
    top_up_transaction_id uuid references ledger_transactions(id),
    charge_transaction_id uuid references ledger_transactions(id),
    refunded_cents bigint not null default 0 check (refunded_cents >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index card_payments_user_idx on card_payments (user_id, created_at desc)`.execute(
    db,
  );

  await sql`create table provider_webhook_events (
    event_id text primary key,
    provider text not null,
    type text not null,
    outcome text not null,
    received_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table pro_pack_events (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id) on delete cascade,
    kind text not null check (kind in ('purchase', 'renewal', 'grant', 'cancel', 'resume', 'expire')),
    amount_cents bigint not null default 0 check (amount_cents >= 0),
    period_end timestamptz,
    ledger_transaction_id uuid references ledger_transactions(id),
    provider text,
    provider_ref text unique,
    admin_id uuid references users(id),
    reason text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index pro_pack_events_user_idx on pro_pack_events (user_id, created_at desc)`.execute(
    db,
  );
  // the pro pack renewal scan
  await sql`create index users_pro_pack_due_idx on users (pro_pack_active_until)
    where pro_pack_status = 'active'`.execute(db);

  // fan subscriptions paid by a provider subscription renew there (invoice.paid), not here
  await sql`alter table subscriptions add column provider_subscription_id text unique`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table subscriptions drop column if exists provider_subscription_id`.execute(db);
  await sql`drop index if exists users_pro_pack_due_idx`.execute(db);
  for (const table of [
    'pro_pack_events',
    'provider_webhook_events',
    'card_payments',
    'payment_methods',
    'provider_accounts',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
