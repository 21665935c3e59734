import { sql, type Kysely } from 'kysely';

/**
 * Posts and what hangs off them: media links, likes, hourly views, comments and their likes,
 * hashtags. Also `content_purchases` and `subscriptions`, which the money issue fills but post
 * visibility reads from now on.
 */
export async function up(db: Kysely<unknown>) {
  const now = sql`now()`;
  const counter = (name: string) =>
    sql.raw(`${name} integer not null default 0 check (${name} >= 0)`);

  await sql`create table posts (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id) on delete cascade,
    caption text not null default '',
    type text not null default 'text' check (type in ('text', 'image', 'video', 'audio', 'mixed')),
    access_level text not null default 'public'
      check (access_level in ('public', 'followers', 'subscribers', 'paid', 'subscribers_or_paid')),
    price_cents integer check (price_cents between 300 and 20000),
    -- normalised tags separated by spaces: shown as is and part of the full-text document
    hashtags text not null default '',
    model_release_ids jsonb not null default '[]'::jsonb,
    ${counter('likes_count')},
    ${counter('comments_count')},
    ${counter('views_count')},
    created_at timestamptz not null default ${now},
    updated_at timestamptz not null default ${now},
    -- a post is visible from published_at on (scheduled posts set it in the future)
    published_at timestamptz not null default ${now},
    deleted_at timestamptz,
    constraint posts_price_iff_paid
      check ((access_level in ('paid', 'subscribers_or_paid')) = (price_cents is not null))
  )`.execute(db);
  // profile lists and the home feed (user_id = any(followed)), newest first
  await sql`create index posts_author_idx on posts (user_id, published_at desc, id desc) where deleted_at is null`.execute(
    db,
  );
  // discover: the recent window of public posts, scored in the query
  await sql`create index posts_public_recent_idx on posts (published_at desc, id desc) where deleted_at is null and access_level = 'public'`.execute(
    db,
  );
  // search: caption and hashtags, 'simple' config (no stemming: names and tags stay exact)
  await sql`create index posts_search_idx on posts using gin (to_tsvector('simple', caption || ' ' || hashtags)) where deleted_at is null`.execute(
    db,
  );

  await sql`create table post_media (
    post_id uuid not null references posts(id) on delete cascade,
    media_id uuid not null references media_items(id) on delete cascade,
    position integer not null,
    primary key (post_id, position),
    unique (post_id, media_id)
  )`.execute(db);
  // the media access resolver: which posts carry this item
  await sql`create index post_media_media_idx on post_media (media_id, post_id)`.execute(db);

  await sql`create table post_likes (
    post_id uuid not null references posts(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    created_at timestamptz not null default ${now},
    primary key (post_id, user_id)
  )`.execute(db);
  // the viewer's likes on a page of posts: (user_id, post_id) probes
  await sql`create index post_likes_user_idx on post_likes (user_id, post_id)`.execute(db);

  await sql`create table post_views (
    post_id uuid not null references posts(id) on delete cascade,
    viewer_id uuid not null references users(id) on delete cascade,
    hour_bucket timestamptz not null,
    primary key (post_id, viewer_id, hour_bucket)
  )`.execute(db);
  // pruning of past hours
  await sql`create index post_views_hour_idx on post_views (hour_bucket)`.execute(db);
  await sql`create index post_views_viewer_idx on post_views (viewer_id)`.execute(db);

  await sql`create table comments (
    id uuid primary key default gen_random_uuid(),
    post_id uuid not null references posts(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    text text not null,
    reply_to_comment_id uuid references comments(id) on delete set null,
    ${counter('likes_count')},
    mentions jsonb not null default '[]'::jsonb,
    created_at timestamptz not null default ${now},
    updated_at timestamptz not null default ${now},
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index comments_post_idx on comments (post_id, created_at, id)`.execute(db);
  await sql`create index comments_user_idx on comments (user_id)`.execute(db);
  await sql`create index comments_reply_idx on comments (reply_to_comment_id) where reply_to_comment_id is not null`.execute(
    db,
  );

  await sql`create table comment_likes (
    comment_id uuid not null references comments(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    created_at timestamptz not null default ${now},
    primary key (comment_id, user_id)
  )`.execute(db);
  await sql`create index comment_likes_user_idx on comment_likes (user_id)`.execute(db);

  await sql`create table hashtags (
    tag text primary key,
    ${counter('posts_count')},
    created_at timestamptz not null default ${now}
  )`.execute(db);
  // prefix search (tag like 'abc%') whatever the database collation
  await sql`create index hashtags_prefix_idx on hashtags (tag text_pattern_ops)`.execute(db);

  await sql`create table post_hashtags (
    post_id uuid not null references posts(id) on delete cascade,
    tag text not null references hashtags(tag) on delete cascade,
    primary key (post_id, tag)
  )`.execute(db);
  // posts of one tag (search for '#tag')
  await sql`create index post_hashtags_tag_idx on post_hashtags (tag, post_id)`.execute(db);

  await sql`create table content_purchases (
    id uuid primary key default gen_random_uuid(),
    buyer_id uuid not null references users(id) on delete cascade,
    post_id uuid not null references posts(id) on delete cascade,
    price_cents integer not null check (price_cents >= 0),
    ledger_transaction_id uuid,
    created_at timestamptz not null default ${now},
    constraint content_purchases_once unique (buyer_id, post_id)
  )`.execute(db);
  // the buyer's purchases, newest first (GET /purchased-content)
  await sql`create index content_purchases_buyer_idx on content_purchases (buyer_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index content_purchases_post_idx on content_purchases (post_id)`.execute(db);

  await sql`create table subscriptions (
    id uuid primary key default gen_random_uuid(),
    subscriber_id uuid not null references users(id) on delete cascade,
    creator_id uuid not null references users(id) on delete cascade,
    status text not null default 'active' check (status in ('active', 'canceled', 'expired')),
    current_period_end timestamptz not null,
    is_recurring boolean not null default true,
    created_at timestamptz not null default ${now},
    constraint subscriptions_not_self check (subscriber_id <> creator_id)
  )`.execute(db);
  await sql`create index subscriptions_subscriber_idx on subscriptions (subscriber_id, creator_id)`.execute(
    db,
  );
  await sql`create index subscriptions_creator_idx on subscriptions (creator_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'subscriptions',
    'content_purchases',
    'post_hashtags',
    'hashtags',
    'comment_likes',
    'comments',
    'post_views',
    'post_likes',
    'post_media',
    'posts',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
