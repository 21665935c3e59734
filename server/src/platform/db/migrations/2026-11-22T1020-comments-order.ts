import { sql, type Kysely } from 'kysely';

/**
 * Comments list in insertion order: on PGlite timestamps tie within a millisecond, so ordering
 * by created_at could show a reply before its parent. An identity column is exact.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table comments add column seq bigint generated always as identity`.execute(db);
  await sql`drop index if exists comments_post_idx`.execute(db);
  await sql`create index comments_post_seq_idx on comments (post_id, seq)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists comments_post_seq_idx`.execute(db);
  await sql`create index comments_post_idx on comments (post_id, created_at, id)`.execute(db);
  await sql`alter table comments drop column seq`.execute(db);
}
