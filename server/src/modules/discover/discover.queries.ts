import { sql, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { olderThanCursor } from '../../platform/db/exact-time.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { visiblePosts } from '../posts/posts.queries.ts';

/** SQL of discover's hashtag row and the slim, keyset-paged list variants. */

/** Hashtags carried by the most live posts (hashtags_popular_idx). */
export const popularHashtags = (db: DbHandle, limit: number) =>
  db
    .selectFrom('hashtags')
    .select(['tag', 'posts_count'])
    .where('posts_count', '>', 0)
    .orderBy('posts_count', 'desc')
    .orderBy('tag')
    .limit(limit)
    .execute();

export interface Cursor {
  at: Date;
  id: string;
}

/** Public posts, newest first, after the cursor (posts_public_recent_idx). */
export function slimPosts(
  db: DbHandle,
  viewerId: string | null,
  cursor: Cursor | null,
  limit: number,
) {
  let query = visiblePosts(db, viewerId)
    .innerJoin('users as author', 'author.id', 'posts.user_id')
    .where(sql<SqlBool>`posts.access_level = 'public'`)
    .where(sql<SqlBool>`posts.published_at <= now()`);
  if (cursor)
    query = query.where(
      olderThanCursor(
        'posts',
        'published_at',
        { time: 'posts.published_at', id: 'posts.id' },
        cursor,
      ),
    );
  return query
    .select([
      'posts.id',
      'posts.user_id',
      'author.username',
      sql<string>`left(posts.caption, 140)`.as('excerpt'),
      'posts.access_level',
      'posts.likes_count',
      'posts.comments_count',
      'posts.published_at',
    ])
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
}

/** Active creators, newest first, after the cursor (users_creators_new_idx). */
export function slimCreators(
  db: DbHandle,
  viewerId: string | null,
  cursor: Cursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('users')
    .where('account_type', '=', 'creator')
    .where('status', '=', 'active')
    .where(notHiddenFrom(viewerId, 'users.id'));
  if (cursor)
    query = query.where(
      olderThanCursor('users', 'created_at', { time: 'users.created_at', id: 'users.id' }, cursor),
    );
  return query
    .select([
      'id',
      'username',
      'display_name',
      'avatar_url',
      'identity_status',
      'followers_count',
      'created_at',
      // privacy.showFollowerCount, read by `visibleFollowersCount`
      'privacy',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
