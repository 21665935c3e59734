import { sql, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { PostRow, UserRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { visiblePosts, type PageWindow } from '../posts/posts.queries.ts';
import { escapeLike } from '../users/profile-rules.ts';

/** SQL of search: post full text, posts of a tag, and name suggestions. */

/**
 * How many of the newest matches a text search ranks. A common prefix matches a large share of
 * all posts (`tag5:*` is 11% of them at 1M posts); ranking every match made a search's cost
 * grow with the table. Ranking only the newest SEARCH_CANDIDATES keeps it bounded: past them,
 * matches follow newest first (see `postsByText`).
 */
export const SEARCH_CANDIDATES = 1000;

/**
 * Posts matching a prefix tsquery through the stored `posts.search_document` (GIN index
 * posts_search_document_idx). The newest SEARCH_CANDIDATES matches (or as many as the page
 * reaches, if that is further) are found first, by the index; those are ranked (best match
 * first, then newest) and come before any older match, which follows newest first. Up to
 * SEARCH_CANDIDATES matches this is exactly "best match first, then newest" over all of them.
 * One order for every page, so limit/offset paging stays consistent.
 */
export function postsByTextQuery(
  db: DbHandle,
  viewerId: string | null,
  tsQuery: string,
  window: PageWindow,
) {
  const query = sql`to_tsquery('simple', ${tsQuery})`;
  const depth = Math.max(SEARCH_CANDIDATES, window.offset + window.limit);
  const candidates = sql<{ id: string; score: number | null }>`(
    select newest.id,
      case when row_number() over (order by newest.published_at desc, newest.id desc)
        <= ${SEARCH_CANDIDATES} then ts_rank(newest.search_document, ${query}) end as score
    from (
      select id, published_at, search_document from posts
      where search_document @@ ${query} and deleted_at is null and published_at <= now()
      order by published_at desc, id desc
      limit ${depth}
    ) newest
  )`;
  return visiblePosts(db, viewerId)
    .innerJoin(candidates.as('candidates'), 'candidates.id', 'posts.id')
    .selectAll('posts')
    .orderBy(sql`candidates.score desc nulls last`)
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(window.limit)
    .offset(window.offset);
}

/** Runs `postsByTextQuery` (the builder is separate so bench/src/explain.ts can plan it). */
export function postsByText(
  db: DbHandle,
  viewerId: string | null,
  tsQuery: string,
  window: PageWindow,
): Promise<PostRow[]> {
  return postsByTextQuery(db, viewerId, tsQuery, window).execute();
}

/** Posts carrying exactly this tag (post_hashtags_tag_idx), newest first. */
export function postsByTag(
  db: DbHandle,
  viewerId: string | null,
  tag: string,
  window: PageWindow,
): Promise<PostRow[]> {
  return visiblePosts(db, viewerId)
    .where(
      'posts.id',
      'in',
      db.selectFrom('post_hashtags').select('post_id').where('tag', '=', tag),
    )
    .where(sql<SqlBool>`posts.published_at <= now()`)
    .selectAll('posts')
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/**
 * Mention suggestions: username or display name starting with `q`, or a username close to it
 * (trigram similarity). All three predicates are served by the trigram GIN indexes on
 * username::text and display_name. Prefix matches first, then the closest, then the popular.
 */
export function suggestUsers(
  db: DbHandle,
  viewerId: string | null,
  q: string,
  limit: number,
): Promise<UserRow[]> {
  const prefix = `${escapeLike(q)}%`;
  return db
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['active', 'suspended'])
    .where(notHiddenFrom(viewerId, 'users.id'))
    .where((eb) =>
      eb.or([
        eb(sql`username::text`, 'ilike', prefix),
        eb('display_name', 'ilike', prefix),
        sql<SqlBool>`username::text % ${q}`,
      ]),
    )
    .orderBy(sql`(username::text ilike ${prefix} or display_name ilike ${prefix})`, 'desc')
    .orderBy(sql`similarity(username::text, ${q})`, 'desc')
    .orderBy('followers_count', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
