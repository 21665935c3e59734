import { sql, type Kysely } from 'kysely';

/**
 * Analytics and insights (modules/analytics) and the assistant chat (modules/assistant).
 * Events are counted in rollups, never a row per view: per creator by minute (realtime, kept
 * two days) and by hour, per post by day, plus one row per (creator, profile viewer).
 * Money is never stored here: it is read from the ledger.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table analytics_creator_counts (
      creator_id uuid not null references users(id) on delete cascade,
      grain text not null check (grain in ('minute', 'hour')),
      bucket timestamptz not null,
      metric text not null,
      count integer not null default 0,
      primary key (creator_id, grain, bucket, metric)
    )`.execute(db);
  await sql`create index analytics_creator_counts_prune_idx on analytics_creator_counts (grain, bucket)`.execute(
    db,
  );

  await sql`
    create table analytics_post_counts (
      post_id uuid not null references posts(id) on delete cascade,
      day date not null,
      metric text not null,
      creator_id uuid not null references users(id) on delete cascade,
      count integer not null default 0,
      primary key (post_id, day, metric)
    )`.execute(db);
  await sql`create index analytics_post_counts_creator_idx on analytics_post_counts (creator_id, day)`.execute(
    db,
  );

  await sql`
    create table analytics_profile_viewers (
      creator_id uuid not null references users(id) on delete cascade,
      viewer_id uuid not null references users(id) on delete cascade,
      first_viewed_at timestamptz not null default now(),
      last_viewed_at timestamptz not null default now(),
      views integer not null default 0,
      primary key (creator_id, viewer_id)
    )`.execute(db);
  await sql`create index analytics_profile_viewers_recent_idx
    on analytics_profile_viewers (creator_id, last_viewed_at desc, viewer_id)`.execute(db);
  await sql`create index analytics_profile_viewers_viewer_idx on analytics_profile_viewers (viewer_id)`.execute(
    db,
  );

  await sql`
    create table analytics_access_log (
      id bigserial primary key,
      user_id uuid not null references users(id) on delete cascade,
      kind text not null check (kind in ('authorized', 'unauthorized')),
      resource text not null,
      reason text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index analytics_access_log_user_idx on analytics_access_log (user_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table ai_insights (
      id uuid primary key default gen_random_uuid(),
      creator_id uuid not null references users(id) on delete cascade,
      kind text not null check (kind in ('generated', 'monthly')),
      period text not null,
      month text,
      source text not null check (source in ('statistical', 'ai', 'fallback')),
      summary text not null,
      insights jsonb not null default '[]',
      recommendations jsonb not null default '[]',
      metrics jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ai_insights_creator_idx on ai_insights (creator_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create unique index ai_insights_monthly_idx on ai_insights (creator_id, month)
    where kind = 'monthly'`.execute(db);

  await sql`
    create table assistant_messages (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      role text not null check (role in ('user', 'assistant')),
      content text not null,
      sources jsonb not null default '[]',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index assistant_messages_user_idx on assistant_messages (user_id, created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'assistant_messages',
    'ai_insights',
    'analytics_access_log',
    'analytics_profile_viewers',
    'analytics_post_counts',
    'analytics_creator_counts',
  ])
    await sql`drop table if exists ${sql.raw(table)}`.execute(db);
}
