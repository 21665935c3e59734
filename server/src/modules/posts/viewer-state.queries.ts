import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { PostRow, UserRow } from '../../platform/db/schema.ts';
import { activeSubscription } from './posts.queries.ts';

/**
 * The batched reads behind every post response: one query per fact for a whole page, each an
 * index probe (post_likes_user_idx, content_purchases_once, subscriptions_subscriber_idx,
 * post_media pk), so a page of 50 posts costs the same few queries as a page of one.
 */

const ids = (rows: Array<{ id: string }>) => new Set(rows.map((r) => r.id));

export async function likedPostIds(db: DbHandle, viewerId: string, postIds: readonly string[]) {
  if (postIds.length === 0) return new Set<string>();
  return ids(
    await db
      .selectFrom('post_likes')
      .select('post_id as id')
      .where('user_id', '=', viewerId)
      .where('post_id', 'in', postIds)
      .execute(),
  );
}

export async function purchasedPostIds(db: DbHandle, viewerId: string, postIds: readonly string[]) {
  if (postIds.length === 0) return new Set<string>();
  return ids(
    await db
      .selectFrom('content_purchases')
      .select('post_id as id')
      .where('buyer_id', '=', viewerId)
      .where('post_id', 'in', postIds)
      .execute(),
  );
}

/** Creators among `creatorIds` the viewer has an active subscription to. */
export async function subscribedCreatorIds(
  db: DbHandle,
  viewerId: string,
  creatorIds: readonly string[],
) {
  if (creatorIds.length === 0) return new Set<string>();
  return ids(
    await db
      .selectFrom('subscriptions')
      .select('creator_id as id')
      .where('subscriber_id', '=', viewerId)
      .where('creator_id', 'in', creatorIds)
      .where(activeSubscription)
      .execute(),
  );
}

export async function usersByIds(db: DbHandle, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, UserRow>();
  const rows = await db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
  return new Map(rows.map((u) => [u.id, u]));
}

/** The live media items of some posts, in post order. */
export function postMediaRows(db: DbHandle, postIds: readonly string[]) {
  return db
    .selectFrom('post_media')
    .innerJoin('media_items', 'media_items.id', 'post_media.media_id')
    .selectAll('media_items')
    .select(['post_media.post_id', 'post_media.position'])
    .where('post_media.post_id', 'in', postIds)
    .where('media_items.deleted_at', 'is', null)
    .orderBy('post_media.post_id')
    .orderBy('post_media.position')
    .execute();
}

/** The access facts of one post in one round trip (three indexed existence probes). */
export async function accessFacts(
  db: DbHandle,
  viewerId: string,
  post: Pick<PostRow, 'id' | 'user_id'>,
): Promise<{ isFollower: boolean; isSubscriber: boolean; hasPurchased: boolean }> {
  const { rows } = await sql<{ f: boolean; s: boolean; p: boolean }>`select
      exists (select 1 from follows where follower_id = ${viewerId} and followee_id = ${post.user_id}) as f,
      exists (select 1 from subscriptions where subscriber_id = ${viewerId} and creator_id = ${post.user_id} and ${activeSubscription}) as s,
      exists (select 1 from content_purchases where buyer_id = ${viewerId} and post_id = ${post.id}) as p`.execute(
    db,
  );
  const row = rows[0];
  return {
    isFollower: row?.f ?? false,
    isSubscriber: row?.s ?? false,
    hasPurchased: row?.p ?? false,
  };
}
