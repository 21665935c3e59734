import { sql, type Kysely } from 'kysely';

/**
 * Notifications, 1:1 chats and their messages, and user reports (type 'message' for now; the
 * admin issue reads the same table). Paid message parts (locked content, tips, offers, content
 * requests) get their own tables with the ledger; nothing here needs to change for them.
 */
export async function up(db: Kysely<unknown>) {
  const now = sql`now()`;

  await sql`create table notifications (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id) on delete cascade,
    type text not null check (type in ('follow', 'like', 'comment', 'mention', 'subscription',
      'tip', 'purchase', 'message', 'payout', 'admin', 'system')),
    -- null is the system actor (shown as SYSTEM_ACTOR_ID); a deleted actor also becomes null
    actor_id uuid references users(id) on delete set null,
    related_id text,
    related_type text,
    data jsonb not null default '{}'::jsonb,
    is_read boolean not null default false,
    created_at timestamptz not null default ${now}
  )`.execute(db);
  // the list (keyset on created_at, id) and /check, /new
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc, id desc)`.execute(
    db,
  );
  // unread-count is polled every 60 s by every open tab: a partial index keeps it tiny
  await sql`create index notifications_unread_idx on notifications (user_id, type, related_id) where not is_read`.execute(
    db,
  );
  await sql`create index notifications_actor_idx on notifications (actor_id) where actor_id is not null`.execute(
    db,
  );

  // when the user last fetched the list: GET /notifications/check answers "anything newer?"
  await sql`create table notification_cursors (
    user_id uuid primary key references users(id) on delete cascade,
    fetched_at timestamptz not null
  )`.execute(db);

  await sql`create table chats (
    id uuid primary key default gen_random_uuid(),
    -- 'smaller-id:larger-id' of a 1:1 chat: concurrent opens of the same pair meet on it
    pair_key text not null unique,
    last_message_id uuid,
    last_activity_at timestamptz not null default ${now},
    created_at timestamptz not null default ${now}
  )`.execute(db);

  await sql`create table chat_participants (
    chat_id uuid not null references chats(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    unread_count integer not null default 0 check (unread_count >= 0),
    hidden_at timestamptz,
    last_read_at timestamptz,
    folder text not null default 'inbox' check (folder in ('inbox', 'requests')),
    created_at timestamptz not null default ${now},
    primary key (chat_id, user_id)
  )`.execute(db);
  await sql`create index chat_participants_user_idx on chat_participants (user_id, chat_id)`.execute(
    db,
  );

  await sql`create table messages (
    id uuid primary key default gen_random_uuid(),
    chat_id uuid not null references chats(id) on delete cascade,
    sender_id uuid not null references users(id) on delete cascade,
    text text not null default '',
    quoted_message_id uuid references messages(id) on delete set null,
    image_media_id uuid references media_items(id) on delete set null,
    video_media_id uuid references media_items(id) on delete set null,
    voice_media_id uuid references media_items(id) on delete set null,
    voice_duration double precision check (voice_duration >= 0),
    status text not null default 'sent' check (status in ('sent', 'deleted')),
    deleted_at timestamptz,
    created_at timestamptz not null default ${now},
    -- bumped by every change a client must see (likes, favorites, reads, delete): /messages/updates
    updated_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create index messages_chat_idx on messages (chat_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index messages_chat_updated_idx on messages (chat_id, updated_at)`.execute(db);
  await sql`create index messages_sender_idx on messages (sender_id)`.execute(db);
  // the media access resolver: which live messages carry an item
  for (const column of ['image_media_id', 'video_media_id', 'voice_media_id'])
    await sql`create index ${sql.raw(`messages_${column}_idx`)} on messages (${sql.raw(column)}) where ${sql.raw(column)} is not null`.execute(
      db,
    );
  await sql`alter table chats add constraint chats_last_message_fk foreign key (last_message_id) references messages(id) on delete set null`.execute(
    db,
  );

  // vault items attached to a message (mediaItemId, selectedMediaItems)
  await sql`create table message_media (
    message_id uuid not null references messages(id) on delete cascade,
    media_id uuid not null references media_items(id) on delete cascade,
    position integer not null,
    primary key (message_id, position),
    unique (message_id, media_id)
  )`.execute(db);
  await sql`create index message_media_media_idx on message_media (media_id, message_id)`.execute(
    db,
  );

  for (const table of ['message_likes', 'message_favorites', 'message_reads', 'message_hidden']) {
    await sql`create table ${sql.raw(table)} (
      message_id uuid not null references messages(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default ${now},
      primary key (message_id, user_id)
    )`.execute(db);
    await sql`create index ${sql.raw(`${table}_user_idx`)} on ${sql.raw(table)} (user_id)`.execute(
      db,
    );
  }

  await sql`create table reports (
    id uuid primary key default gen_random_uuid(),
    type text not null check (type in ('message', 'post', 'comment', 'user')),
    target_id uuid not null,
    reporter_id uuid not null references users(id) on delete cascade,
    reason text not null,
    details text,
    chat_id uuid references chats(id) on delete set null,
    post_id uuid,
    status text not null default 'pending' check (status in ('pending', 'resolved', 'dismissed')),
    created_at timestamptz not null default ${now},
    resolved_at timestamptz
  )`.execute(db);
  // one open report per reporter and target: a double click files one report
  await sql`create unique index reports_open_uq on reports (type, target_id, reporter_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index reports_status_idx on reports (status, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'reports',
    'message_hidden',
    'message_reads',
    'message_favorites',
    'message_likes',
    'message_media',
  ])
    await sql`drop table if exists ${sql.raw(table)}`.execute(db);
  await sql`alter table chats drop constraint if exists chats_last_message_fk`.execute(db);
  for (const table of [
    'messages',
    'chat_participants',
    'chats',
    'notification_cursors',
    'notifications',
  ])
    await sql`drop table if exists ${sql.raw(table)}`.execute(db);
}
