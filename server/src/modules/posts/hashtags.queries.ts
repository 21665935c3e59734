import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { escapeLike } from '../users/profile-rules.ts';

/**
 * Hashtags: one row per tag with the number of live posts carrying it, and the post→tag links.
 * Called inside the post's transaction. Tags are handled in sorted order, so two posts changing
 * overlapping tags lock the counter rows in the same order and cannot deadlock.
 */
export async function syncPostHashtags(
  tx: DbHandle,
  postId: string,
  before: readonly string[],
  after: readonly string[],
) {
  const added = [...new Set(after)].filter((t) => !before.includes(t)).sort();
  const removed = [...new Set(before)].filter((t) => !after.includes(t)).sort();
  if (added.length > 0) {
    await tx
      .insertInto('hashtags')
      .values(added.map((tag) => ({ tag })))
      .onConflict((oc) => oc.column('tag').doNothing())
      .execute();
    await tx
      .insertInto('post_hashtags')
      .values(added.map((tag) => ({ post_id: postId, tag })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx
      .updateTable('hashtags')
      .set((eb) => ({ posts_count: eb('posts_count', '+', 1) }))
      .where('tag', 'in', added)
      .execute();
  }
  if (removed.length > 0) {
    await tx
      .deleteFrom('post_hashtags')
      .where('post_id', '=', postId)
      .where('tag', 'in', removed)
      .execute();
    await tx
      .updateTable('hashtags')
      .set({ posts_count: sql`greatest(posts_count - 1, 0)` })
      .where('tag', 'in', removed)
      .execute();
  }
}

/** Tags starting with `prefix` (hashtags_prefix_idx), the most used first. */
export function hashtagsByPrefix(db: DbHandle, prefix: string, limit: number, offset = 0) {
  return (
    db
      .selectFrom('hashtags')
      .select(['tag', 'posts_count'])
      // every tag of the prefix is read to sort them anyway: counting them costs nothing more
      .select(sql<number>`(count(*) over ())::integer`.as('total'))
      .where('tag', 'like', `${escapeLike(prefix)}%`)
      .where('posts_count', '>', 0)
      .orderBy('posts_count', 'desc')
      .orderBy('tag')
      .limit(limit)
      .offset(offset)
      .execute()
  );
}
