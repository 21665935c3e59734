import { sql, type Kysely } from 'kysely';

/**
 * Back-office polish: automatic flags in the moderation queue, and indexes for the admin
 * tables' server-side sorting.
 *
 * Reports gain a `source`: 'user' (a user reported it) or 'auto' (a flagged term matched;
 * no reporter). At most one automatic flag is open per target, so an edit that matches again
 * updates it instead of adding another.
 *
 * Sort indexes: each is `(column, id)` in the direction the list reads, so a page in either
 * direction is an index walk, not a sort of the whole table. Nullable columns put nulls last
 * when descending (the admin lists' null ordering). The post counters that change on every
 * like or comment are not indexed (that would cost the hot write path its HOT updates); those
 * two sorts read every live post.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table reports alter column reporter_id drop not null`.execute(db);
  await sql`alter table reports add column source text not null default 'user'
    check (source in ('user', 'auto'))`.execute(db);
  await sql`alter table reports add constraint reports_source_reporter_ck
    check ((source = 'user') = (reporter_id is not null))`.execute(db);
  await sql`create unique index reports_auto_open_uq on reports (type, target_id)
    where status = 'pending' and source = 'auto'`.execute(db);

  await sql`create index users_last_login_idx on users (last_login_at desc nulls last, id desc)`.execute(
    db,
  );
  await sql`create index users_followers_idx on users (followers_count desc, id desc)`.execute(db);
  await sql`create index users_posts_count_idx on users (posts_count desc, id desc)`.execute(db);
  await sql`create index posts_admin_recent_idx on posts (created_at desc, id desc)
    where deleted_at is null`.execute(db);
  await sql`create index admin_audit_log_action_idx on admin_audit_log (action, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index waitlist_entries_created_idx on waitlist_entries (created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  for (const index of [
    'waitlist_entries_created_idx',
    'admin_audit_log_action_idx',
    'posts_admin_recent_idx',
    'users_posts_count_idx',
    'users_followers_idx',
    'users_last_login_idx',
    'reports_auto_open_uq',
  ])
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  await sql`delete from reports where source = 'auto'`.execute(db);
  await sql`alter table reports drop constraint if exists reports_source_reporter_ck`.execute(db);
  await sql`alter table reports drop column if exists source`.execute(db);
  await sql`alter table reports alter column reporter_id set not null`.execute(db);
}
