import { sql, type Kysely } from 'kysely';

/**
 * Post search reads a stored document instead of recomputing it (docs/PERFORMANCE.md "Search"):
 * the GIN index on the `to_tsvector(...)` expression found the matches, but every recheck and
 * every `ts_rank` recomputed the vector from the heap's caption and hashtags. The generated
 * column is maintained by PostgreSQL itself (also on PGlite and under the bench seed's
 * `session_replication_role = replica`, where triggers would not fire). Same 'simple' config
 * and the same text as the old index, so matches are unchanged. Adding it rewrites `posts`
 * once. The plain recency index serves "the newest N matches" when a term is common.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table posts add column search_document tsvector
    generated always as (to_tsvector('simple', caption || ' ' || hashtags)) stored`.execute(db);
  await sql`create index posts_search_document_idx on posts using gin (search_document)
    where deleted_at is null`.execute(db);
  await sql`drop index if exists posts_search_idx`.execute(db);
  await sql`create index if not exists posts_recent_idx on posts (published_at desc, id desc)
    where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists posts_recent_idx`.execute(db);
  await sql`create index if not exists posts_search_idx on posts
    using gin (to_tsvector('simple', caption || ' ' || hashtags)) where deleted_at is null`.execute(
    db,
  );
  await sql`drop index if exists posts_search_document_idx`.execute(db);
  await sql`alter table posts drop column if exists search_document`.execute(db);
}
