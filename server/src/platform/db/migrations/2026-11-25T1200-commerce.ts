import { sql, type Kysely } from 'kysely';

/**
 * Commerce extras: wishlist items and their fundings, Q and A items, promotions (free-trial and
 * discounted subscription campaigns with a public claim link), promo codes and their
 * redemptions, tax documents. docs/ARCHITECTURE.md "Commerce extras".
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table wishlist_items (
      id uuid primary key default gen_random_uuid(),
      creator_id uuid not null references users(id) on delete cascade,
      title text not null,
      description text not null default '',
      goal_cents integer not null check (goal_cents > 0),
      funded_cents integer not null default 0 check (funded_cents >= 0),
      image_url text,
      completed_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index wishlist_items_creator_idx on wishlist_items (creator_id, created_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`
    create table wishlist_fundings (
      id uuid primary key default gen_random_uuid(),
      item_id uuid not null references wishlist_items(id) on delete cascade,
      funder_id uuid references users(id) on delete set null,
      amount_cents integer not null check (amount_cents > 0),
      transaction_id uuid not null unique references ledger_transactions(id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index wishlist_fundings_item_idx on wishlist_fundings (item_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table qanda_items (
      id uuid primary key default gen_random_uuid(),
      creator_id uuid not null references users(id) on delete cascade,
      question text not null,
      answer text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index qanda_items_creator_idx on qanda_items (creator_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table promotions (
      id uuid primary key default gen_random_uuid(),
      creator_id uuid not null references users(id) on delete cascade,
      kind text not null check (kind in ('free_trial', 'discount')),
      title text not null,
      discount_percent integer check (discount_percent between 1 and 100),
      trial_days integer check (trial_days between 1 and 90),
      max_uses integer check (max_uses > 0),
      uses_count integer not null default 0 check (uses_count >= 0),
      expires_at timestamptz,
      claim_token text not null unique,
      ended_at timestamptz,
      created_at timestamptz not null default now(),
      check ((kind = 'free_trial' and trial_days is not null and discount_percent is null)
          or (kind = 'discount' and discount_percent is not null and trial_days is null)),
      check (max_uses is null or uses_count <= max_uses)
    )`.execute(db);
  await sql`create index promotions_creator_idx on promotions (creator_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table promo_codes (
      id uuid primary key default gen_random_uuid(),
      creator_id uuid not null references users(id) on delete cascade,
      code text not null,
      percent_off integer not null check (percent_off between 1 and 100),
      applies_to text not null default 'all' check (applies_to in ('all', 'subscription', 'unlock')),
      max_uses integer check (max_uses > 0),
      uses_count integer not null default 0 check (uses_count >= 0),
      expires_at timestamptz,
      ended_at timestamptz,
      created_at timestamptz not null default now(),
      check (max_uses is null or uses_count <= max_uses)
    )`.execute(db);
  // codes are looked up per creator at checkout; an ended code frees its name
  await sql`create unique index promo_codes_live_code_idx on promo_codes (creator_id, code) where ended_at is null`.execute(
    db,
  );
  await sql`create index promo_codes_creator_idx on promo_codes (creator_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table promo_redemptions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      promotion_id uuid references promotions(id) on delete cascade,
      promo_code_id uuid references promo_codes(id) on delete cascade,
      purpose text not null check (purpose in ('subscription', 'unlock')),
      target_id uuid not null,
      original_cents integer not null,
      charged_cents integer not null,
      transaction_id uuid references ledger_transactions(id),
      created_at timestamptz not null default now(),
      check ((promotion_id is null) <> (promo_code_id is null))
    )`.execute(db);
  // once per user per promotion or code: the unique index is what makes it hold under races
  await sql`create unique index promo_redemptions_promotion_user_idx on promo_redemptions (promotion_id, user_id) where promotion_id is not null`.execute(
    db,
  );
  await sql`create unique index promo_redemptions_code_user_idx on promo_redemptions (promo_code_id, user_id) where promo_code_id is not null`.execute(
    db,
  );
  await sql`create index promo_redemptions_user_idx on promo_redemptions (user_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table tax_documents (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      year integer not null check (year between 2000 and 2100),
      title text not null,
      filename text not null,
      content_type text not null,
      size_bytes integer not null,
      storage_key text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index tax_documents_user_idx on tax_documents (user_id, year desc, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists tax_documents`.execute(db);
  await sql`drop table if exists promo_redemptions`.execute(db);
  await sql`drop table if exists promo_codes`.execute(db);
  await sql`drop table if exists promotions`.execute(db);
  await sql`drop table if exists qanda_items`.execute(db);
  await sql`drop table if exists wishlist_fundings`.execute(db);
  await sql`drop table if exists wishlist_items`.execute(db);
}
