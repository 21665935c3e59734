import { sql, type Kysely } from 'kysely';

/**
 * Stories (24-hour posts with text overlays, their viewers) and the creator scheduler (posts,
 * stories and mass messages published later by the job runner). docs/ARCHITECTURE.md "Stories
 * and the scheduler".
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table stories (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      media_id uuid references media_items(id) on delete set null,
      media_type text not null check (media_type in ('image', 'video', 'text')),
      -- the file was uploaded with the story, so it goes when the story goes
      owns_media boolean not null default false,
      caption text not null default '',
      text_overlay text not null default '',
      text_position jsonb not null default '{"x":0.5,"y":0.5}',
      text_size integer not null default 28 check (text_size between 12 and 96),
      background_color text,
      text_color text not null default '#ffffff',
      access_level text not null default 'public'
        check (access_level in ('public', 'followers', 'subscribers')),
      view_count integer not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  // the tray: live stories of a set of authors
  await sql`create index stories_user_live_idx on stories (user_id, expires_at, created_at)`.execute(
    db,
  );
  // the expiry sweep and the media access check
  await sql`create index stories_expires_idx on stories (expires_at)`.execute(db);
  await sql`create index stories_media_idx on stories (media_id) where media_id is not null`.execute(
    db,
  );

  await sql`
    create table story_views (
      story_id uuid not null references stories(id) on delete cascade,
      viewer_id uuid not null references users(id) on delete cascade,
      viewed_at timestamptz not null default now(),
      primary key (story_id, viewer_id)
    )`.execute(db);
  await sql`create index story_views_recent_idx on story_views (story_id, viewed_at desc, viewer_id desc)`.execute(
    db,
  );
  await sql`create index story_views_viewer_idx on story_views (viewer_id)`.execute(db);

  await sql`
    create table scheduled_items (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      type text not null check (type in ('post', 'story', 'mass_message')),
      payload jsonb not null,
      scheduled_for timestamptz not null,
      status text not null default 'pending'
        check (status in ('pending', 'published', 'failed', 'canceled')),
      -- bumped by every change: a publish job of an older revision does nothing
      revision integer not null default 1,
      attempts integer not null default 0,
      last_error text,
      result_id uuid,
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index scheduled_items_user_time_idx on scheduled_items (user_id, scheduled_for, id)`.execute(
    db,
  );
  await sql`create index scheduled_items_user_status_idx on scheduled_items (user_id, status, scheduled_for, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists scheduled_items`.execute(db);
  await sql`drop table if exists story_views`.execute(db);
  await sql`drop table if exists stories`.execute(db);
}
