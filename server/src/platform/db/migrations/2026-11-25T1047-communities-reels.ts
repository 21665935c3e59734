import { sql, type Kysely } from 'kysely';

/**
 * Communities (members with roles, invites, posts with an optional image, post likes), reels
 * (short vertical videos, their likes and views) and productions (a creator's production
 * projects). docs/ARCHITECTURE.md "Communities, reels and productions".
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table communities (
      id uuid primary key default gen_random_uuid(),
      owner_id uuid not null references users(id) on delete cascade,
      name text not null,
      description text not null default '',
      category text not null default 'general',
      is_private boolean not null default false,
      member_count integer not null default 0,
      like_count integer not null default 0,
      post_count integer not null default 0,
      last_activity_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index communities_name_idx on communities (lower(name))`.execute(db);
  await sql`create index communities_name_trgm_idx on communities using gin (name gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index communities_description_trgm_idx on communities using gin (description gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index communities_owner_idx on communities (owner_id)`.execute(db);
  // the grid's sorts, optionally within a category
  await sql`create index communities_activity_idx on communities (last_activity_at desc, id)`.execute(
    db,
  );
  await sql`create index communities_members_idx on communities (member_count desc, id)`.execute(
    db,
  );
  await sql`create index communities_likes_idx on communities (like_count desc, id)`.execute(db);
  await sql`create index communities_created_idx on communities (created_at desc, id)`.execute(db);
  await sql`create index communities_category_idx on communities (category, last_activity_at desc)`.execute(
    db,
  );

  await sql`
    create table community_members (
      community_id uuid not null references communities(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      role text not null default 'member' check (role in ('owner', 'moderator', 'member')),
      joined_at timestamptz not null default now(),
      primary key (community_id, user_id)
    )`.execute(db);
  await sql`create index community_members_user_idx on community_members (user_id, community_id)`.execute(
    db,
  );

  await sql`
    create table community_invites (
      community_id uuid not null references communities(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      invited_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (community_id, user_id)
    )`.execute(db);
  await sql`create index community_invites_user_idx on community_invites (user_id)`.execute(db);

  await sql`
    create table community_posts (
      id uuid primary key default gen_random_uuid(),
      community_id uuid not null references communities(id) on delete cascade,
      author_id uuid not null references users(id) on delete cascade,
      content text not null default '',
      media_id uuid references media_items(id) on delete set null,
      like_count integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index community_posts_list_idx on community_posts (community_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index community_posts_author_idx on community_posts (author_id)`.execute(db);
  await sql`create index community_posts_media_idx on community_posts (media_id) where media_id is not null`.execute(
    db,
  );
  await sql`create index community_posts_recent_idx on community_posts (created_at, community_id)`.execute(
    db,
  );

  await sql`
    create table community_post_likes (
      post_id uuid not null references community_posts(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (post_id, user_id)
    )`.execute(db);
  await sql`create index community_post_likes_user_idx on community_post_likes (user_id, post_id)`.execute(
    db,
  );

  await sql`
    create table reels (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      media_id uuid references media_items(id) on delete set null,
      owns_media boolean not null default false,
      caption text not null default '',
      like_count integer not null default 0,
      view_count integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index reels_feed_idx on reels (created_at desc, id desc)`.execute(db);
  await sql`create index reels_user_idx on reels (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index reels_media_idx on reels (media_id) where media_id is not null`.execute(
    db,
  );

  await sql`
    create table reel_likes (
      reel_id uuid not null references reels(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (reel_id, user_id)
    )`.execute(db);
  await sql`create index reel_likes_user_idx on reel_likes (user_id, reel_id)`.execute(db);
  await sql`
    create table reel_views (
      reel_id uuid not null references reels(id) on delete cascade,
      viewer_id uuid not null references users(id) on delete cascade,
      viewed_at timestamptz not null default now(),
      primary key (reel_id, viewer_id)
    )`.execute(db);
  await sql`create index reel_views_viewer_idx on reel_views (viewer_id)`.execute(db);

  await sql`
    create table productions (
      id uuid primary key default gen_random_uuid(),
      creator_id uuid not null references users(id) on delete cascade,
      title text not null,
      description text not null default '',
      status text not null default 'planned'
        check (status in ('planned', 'shooting', 'editing', 'published')),
      -- 'YYYY-MM-DD', as model releases keep dates (no driver date parsing)
      shoot_date text check (shoot_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      release_ids jsonb not null default '[]',
      collaborators jsonb not null default '[]',
      post_ids jsonb not null default '[]',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index productions_creator_idx on productions (creator_id, status, updated_at desc)`.execute(
    db,
  );
  await sql`create index productions_creator_updated_idx on productions (creator_id, updated_at desc, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'productions',
    'reel_views',
    'reel_likes',
    'reels',
    'community_post_likes',
    'community_posts',
    'community_invites',
    'community_members',
    'communities',
  ])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
}
