import { sql, type Kysely } from 'kysely';

/** GET /discover lists the hashtags carried by the most live posts. */
export async function up(db: Kysely<unknown>) {
  await sql`create index if not exists hashtags_popular_idx on hashtags (posts_count desc, tag)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists hashtags_popular_idx`.execute(db);
}
