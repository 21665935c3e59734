import { sql, type Kysely } from 'kysely';

/**
 * Post search reads a term → posts side table (docs/PERFORMANCE.md "Search: a term → posts
 * table"). The GIN index on `posts.search_document` finds matches in no useful order, so the
 * newest matches of a prefix cost either every match (bitmap) or a walk of the newest posts
 * (rare terms: most of the table). `post_search_terms` holds one row per distinct lexeme of
 * each live post's stored document, keyed (term, published_at, post_id): a term's posts come
 * newest first from one index range, and a prefix's few terms merge in that order.
 *
 * A trigger keeps it in the transaction of every write to `posts` that can change it (insert,
 * delete, and updates of caption, hashtags, published_at or deleted_at; counter updates do not
 * fire it). Terms are the document's own lexemes (`tsvector_to_array`), so they are exactly
 * what `@@` compares against. `collate "C"`: byte order, the order tsvector prefix matching
 * uses, so a prefix's terms are one contiguous range. The bench seed loads posts with triggers
 * off and fills this table itself (bench/src/seed/steps.ts).
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table post_search_terms (
    term text collate "C" not null,
    published_at timestamptz not null,
    post_id uuid not null,
    primary key (term, published_at, post_id)
  )`.execute(db);
  await sql`create function post_search_terms_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.search_document is not distinct from new.search_document
        and old.published_at = new.published_at
        and old.deleted_at is not distinct from new.deleted_at then
        return null;
      end if;
      if tg_op <> 'INSERT' and old.deleted_at is null then
        delete from post_search_terms
          where term = any (tsvector_to_array(old.search_document))
            and published_at = old.published_at and post_id = old.id;
      end if;
      if tg_op <> 'DELETE' and new.deleted_at is null then
        insert into post_search_terms (term, published_at, post_id)
          select lexeme, new.published_at, new.id
          from unnest(tsvector_to_array(new.search_document)) lexeme;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger posts_search_terms
    after insert or delete or update of caption, hashtags, published_at, deleted_at on posts
    for each row execute function post_search_terms_sync()`.execute(db);
  await sql`insert into post_search_terms (term, published_at, post_id)
    select lexeme, published_at, id
    from posts, unnest(tsvector_to_array(search_document)) lexeme
    where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop trigger if exists posts_search_terms on posts`.execute(db);
  await sql`drop function if exists post_search_terms_sync()`.execute(db);
  await sql`drop table if exists post_search_terms`.execute(db);
}
