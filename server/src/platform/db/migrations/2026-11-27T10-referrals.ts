import { sql, type Kysely } from 'kysely';

/**
 * Referrals: every user's code (made on first use, stable after), who referred whom (a user is
 * referred at most once: the referred id is the key; nobody refers themselves) and the
 * referrer's share of each sale of a referred creator (one row per charge, the ledger
 * transaction that paid it, and how much of it refunds took back).
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table referral_codes (
    user_id uuid primary key references users(id) on delete cascade,
    code text not null unique,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table referrals (
    referred_id uuid primary key references users(id) on delete cascade,
    referrer_id uuid not null references users(id) on delete cascade,
    code text not null,
    created_at timestamptz not null default now(),
    constraint referrals_not_self check (referrer_id <> referred_id)
  )`.execute(db);
  // the referrer's list, newest first, keyset on (created_at, referred_id)
  await sql`create index referrals_referrer_idx
    on referrals (referrer_id, created_at desc, referred_id desc)`.execute(db);
  await sql`create table referral_earnings (
    charge_transaction_id uuid primary key references ledger_transactions(id),
    share_transaction_id uuid not null unique references ledger_transactions(id),
    referrer_id uuid not null references users(id),
    referred_id uuid not null references users(id),
    gross_cents bigint not null check (gross_cents > 0),
    amount_cents bigint not null check (amount_cents > 0),
    reversed_cents bigint not null default 0
      check (reversed_cents >= 0 and reversed_cents <= amount_cents),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index referral_earnings_referrer_idx
    on referral_earnings (referrer_id, referred_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists referral_earnings`.execute(db);
  await sql`drop table if exists referrals`.execute(db);
  await sql`drop table if exists referral_codes`.execute(db);
}
