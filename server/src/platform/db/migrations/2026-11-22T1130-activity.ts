import { sql, type Kysely } from 'kysely';

/**
 * Recent activity (GET /users/me/recent-activity) reads the newest subscriptions made and
 * received and the newest likes on the user's posts; each source walks one of these indexes.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index subscriptions_subscriber_recent_idx on subscriptions (subscriber_id, created_at desc)`.execute(
    db,
  );
  await sql`create index subscriptions_creator_recent_idx on subscriptions (creator_id, created_at desc)`.execute(
    db,
  );
  await sql`create index post_likes_post_recent_idx on post_likes (post_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists post_likes_post_recent_idx`.execute(db);
  await sql`drop index if exists subscriptions_creator_recent_idx`.execute(db);
  await sql`drop index if exists subscriptions_subscriber_recent_idx`.execute(db);
}
