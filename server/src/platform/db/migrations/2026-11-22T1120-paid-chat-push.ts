import { sql, type Kysely } from 'kysely';

/**
 * Paid chat parts (locked messages, chat tips, offers, content requests), their purchases,
 * creator mass messages, and web push subscriptions (modules/chats, modules/push).
 */
export async function up(db: Kysely<unknown>) {
  const now = sql`now()`;

  await sql`alter table messages
    add column locked_price_cents integer check (locked_price_cents > 0),
    add column teaser_media_id uuid references media_items(id) on delete set null,
    add column teaser_text text,
    add column tip_cents integer check (tip_cents > 0),
    add column tip_transaction_id uuid references ledger_transactions(id),
    add column offer jsonb,
    add column offer_status text check (offer_status in ('pending', 'accepted', 'declined', 'expired')),
    add column content_request jsonb,
    add column content_request_status text check (content_request_status in
      ('pending', 'accepted', 'delivered', 'declined', 'cancelled')),
    add column mass_message_id uuid`.execute(db);
  await sql`create index messages_teaser_media_idx on messages (teaser_media_id) where teaser_media_id is not null`.execute(
    db,
  );

  // one purchase per buyer and message: concurrent unlocks (or accepts) queue on this key
  await sql`create table message_purchases (
    id uuid primary key default gen_random_uuid(),
    message_id uuid not null references messages(id) on delete cascade,
    buyer_id uuid not null references users(id) on delete cascade,
    price_cents integer not null check (price_cents > 0),
    reason text not null check (reason in ('unlock', 'offer')),
    ledger_transaction_id uuid references ledger_transactions(id),
    created_at timestamptz not null default ${now},
    unique (message_id, buyer_id)
  )`.execute(db);
  await sql`create index message_purchases_buyer_idx on message_purchases (buyer_id)`.execute(db);

  await sql`create table mass_messages (
    id uuid primary key default gen_random_uuid(),
    sender_id uuid not null references users(id) on delete cascade,
    text text not null default '',
    segment text not null check (segment in ('subscribers', 'followers', 'group')),
    user_group_id uuid references user_groups(id) on delete set null,
    content jsonb not null default '{}'::jsonb,
    status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
    recipient_count integer not null default 0,
    sent_count integer not null default 0,
    skipped_count integer not null default 0,
    error text,
    created_at timestamptz not null default ${now},
    finished_at timestamptz
  )`.execute(db);
  await sql`create index mass_messages_sender_idx on mass_messages (sender_id, created_at desc)`.execute(
    db,
  );

  await sql`create table push_subscriptions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id) on delete cascade,
    endpoint text not null unique,
    p256dh text not null,
    auth text not null,
    user_agent text,
    created_at timestamptz not null default ${now},
    last_success_at timestamptz
  )`.execute(db);
  await sql`create index push_subscriptions_user_idx on push_subscriptions (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists push_subscriptions`.execute(db);
  await sql`drop table if exists mass_messages`.execute(db);
  await sql`drop table if exists message_purchases`.execute(db);
  await sql`drop index if exists messages_teaser_media_idx`.execute(db);
  await sql`alter table messages
    drop column if exists locked_price_cents, drop column if exists teaser_media_id, drop column if exists teaser_text,
    drop column if exists tip_cents, drop column if exists tip_transaction_id,
    drop column if exists offer, drop column if exists offer_status,
    drop column if exists content_request, drop column if exists content_request_status,
    drop column if exists mass_message_id`.execute(db);
}
