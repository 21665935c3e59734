import { sql, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { PostRow, UserRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { visiblePosts, type PageWindow } from '../posts/posts.queries.ts';
import { escapeLike } from '../users/profile-rules.ts';

/** SQL of search: post full text, posts of a tag, and name suggestions. */

/** Must stay the expression of posts_search_idx, or the planner cannot use the index. */
const POST_DOCUMENT = sql`to_tsvector('simple', posts.caption || ' ' || posts.hashtags)`;

/** Posts matching a prefix tsquery (posts_search_idx), best match first, then newest. */
export function postsByText(
  db: DbHandle,
  viewerId: string | null,
  tsQuery: string,
  window: PageWindow,
): Promise<PostRow[]> {
  const query = sql`to_tsquery('simple', ${tsQuery})`;
  return visiblePosts(db, viewerId)
    .where(sql<SqlBool>`${POST_DOCUMENT} @@ ${query}`)
    .where(sql<SqlBool>`posts.published_at <= now()`)
    .selectAll('posts')
    .orderBy(sql`ts_rank(${POST_DOCUMENT}, ${query})`, 'desc')
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
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
