import type { DbHandle } from '../../platform/db/database.ts';
import type { PostRow } from '../../platform/db/schema.ts';
import { visiblePosts, type PageWindow } from '../posts/posts.queries.ts';

/** SQL of the purchases read side; the payments module writes content_purchases. */

/** Posts the viewer bought, most recent purchase first (content_purchases_buyer_idx). */
export async function purchasedPosts(
  db: DbHandle,
  viewerId: string,
  creatorId: string | null,
  window: PageWindow,
): Promise<{ rows: PostRow[]; total: number }> {
  // one creator's: that account's checks run once for the query, not per post
  const base = visiblePosts(db, viewerId, creatorId ?? undefined)
    .innerJoin('content_purchases as cp', 'cp.post_id', 'posts.id')
    .where('cp.buyer_id', '=', viewerId);
  const [rows, count] = await Promise.all([
    base
      .selectAll('posts')
      .orderBy('cp.created_at', 'desc')
      .orderBy('cp.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
