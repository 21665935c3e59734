import type { DbHandle } from '../../platform/db/database.ts';
import { olderThanCursor } from '../../platform/db/exact-time.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';

/** SQL of the reels module. */

/** Reels the viewer may see: authors active (or suspended), no block either way. */
export function visibleReels(db: DbHandle, viewerId: string) {
  return db
    .selectFrom('reels as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('u.status', 'in', ['active', 'suspended'])
    .where(notHiddenFrom(viewerId, 'r.user_id'));
}

export interface ReelCursor {
  createdAt: Date;
  id: string;
}

export function reelsPage(
  db: DbHandle,
  viewerId: string,
  options: { userId?: string | undefined; cursor: ReelCursor | null; limit: number },
) {
  let q = visibleReels(db, viewerId).selectAll('r');
  if (options.userId) q = q.where('r.user_id', '=', options.userId);
  const cursor = options.cursor;
  if (cursor)
    q = q.where(
      olderThanCursor(
        'reels',
        'created_at',
        { time: 'r.created_at', id: 'r.id' },
        {
          at: cursor.createdAt,
          id: cursor.id,
        },
      ),
    );
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(options.limit).execute();
}

export function findVisibleReel(db: DbHandle, viewerId: string, id: string) {
  return visibleReels(db, viewerId).selectAll('r').where('r.id', '=', id).executeTakeFirst();
}

export async function likedReelIds(db: DbHandle, viewerId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('reel_likes')
    .select('reel_id')
    .where('user_id', '=', viewerId)
    .where('reel_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.reel_id));
}

export async function countRecentReels(db: DbHandle, userId: string, since: Date) {
  const row = await db
    .selectFrom('reels')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
