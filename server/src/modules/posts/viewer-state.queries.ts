import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { PostRow, UserRow } from '../../platform/db/schema.ts';
import { activeSubscription } from './posts.queries.ts';

/**
 * The batched reads behind every post response: three queries for a whole page (the viewer's
 * likes and purchases; the authors with the viewer's relations; the media), each made of index
 * probes (post_likes_user_idx, content_purchases_once, users pk, follows pk,
 * subscriptions_subscriber_idx, blocks pk, restricts pk, post_media pk), so a page of 50 posts
 * costs the same few queries as a page of one.
 */

/** The viewer's likes and purchases among a page of posts: one round trip, two index probes. */
export async function postFacts(db: DbHandle, viewerId: string, postIds: readonly string[]) {
  const liked = new Set<string>();
  const purchased = new Set<string>();
  if (postIds.length === 0) return { liked, purchased };
  const rows = await db
    .selectFrom('post_likes')
    .select(['post_id as id', sql<string>`'liked'`.as('fact')])
    .where('user_id', '=', viewerId)
    .where('post_id', 'in', postIds)
    .unionAll(
      db
        .selectFrom('content_purchases')
        .select(['post_id as id', sql<string>`'purchased'`.as('fact')])
        .where('buyer_id', '=', viewerId)
        .where('post_id', 'in', postIds),
    )
    .execute();
  for (const row of rows) (row.fact === 'liked' ? liked : purchased).add(row.id);
  return { liked, purchased };
}

export interface AuthorFacts {
  row: UserRow;
  isFollowing: boolean;
  isSubscribed: boolean;
  isBlocked: boolean;
  isRestricted: boolean;
}

/**
 * The authors of a page with the viewer's relation to each, in one query: a primary-key probe
 * per author and an indexed existence probe per fact (follows pk, active subscription,
 * blocks pk, restricts pk).
 */
export async function authorsWithFacts(
  db: DbHandle,
  viewerId: string | null,
  authorIds: readonly string[],
): Promise<Map<string, AuthorFacts>> {
  if (authorIds.length === 0) return new Map();
  const viewer = viewerId ?? '00000000-0000-0000-0000-000000000000';
  const rows = await db
    .selectFrom('users as t')
    .selectAll('t')
    .select([
      sql<boolean>`exists (select 1 from follows where follower_id = ${viewer} and followee_id = t.id)`.as(
        'fact_following',
      ),
      sql<boolean>`exists (select 1 from subscriptions where subscriber_id = ${viewer} and creator_id = t.id and ${activeSubscription})`.as(
        'fact_subscribed',
      ),
      sql<boolean>`exists (select 1 from blocks where blocker_id = ${viewer} and blocked_id = t.id)`.as(
        'fact_blocked',
      ),
      sql<boolean>`exists (select 1 from restricts where restricter_id = ${viewer} and restricted_id = t.id)`.as(
        'fact_restricted',
      ),
    ])
    .where('t.id', 'in', authorIds)
    .execute();
  return new Map(
    rows.map(({ fact_following, fact_subscribed, fact_blocked, fact_restricted, ...row }) => [
      row.id,
      {
        row: row as UserRow,
        isFollowing: fact_following,
        isSubscribed: fact_subscribed,
        isBlocked: fact_blocked,
        isRestricted: fact_restricted,
      },
    ]),
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
