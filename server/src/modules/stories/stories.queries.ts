import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { Database, StoryRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { activeSubscription } from '../posts/posts.queries.ts';

/** SQL of stories (Kysely only; the rules live in stories.service.ts and stories.policy.ts). */

type StoryQuery = SelectQueryBuilder<Database & { s: Database['stories'] }, 's', object>;

/** The author still has a visible account (as for posts: banned and deleted take theirs along). */
const authorActive = sql<SqlBool>`exists (select 1 from users story_au where story_au.id = s.user_id and story_au.status in ('active', 'suspended') and story_au.deleted_at is null)`;

/**
 * The access levels in SQL (stories.policy.ts `canSeeStory` says the same in words): the owner,
 * everyone for public, followers and active subscribers for followers, active subscribers for
 * subscribers.
 */
function accessibleTo(viewerId: string) {
  return sql<SqlBool>`(s.user_id = ${viewerId}
    or s.access_level = 'public'
    or (s.access_level = 'followers' and exists (select 1 from follows story_f where story_f.follower_id = ${viewerId} and story_f.followee_id = s.user_id))
    or (s.access_level in ('followers', 'subscribers') and exists (select 1 from subscriptions where subscriptions.subscriber_id = ${viewerId} and subscriptions.creator_id = s.user_id and ${activeSubscription})))`;
}

/**
 * Stories `viewerId` may see now: not expired (an expired story is never served, even before
 * the expiry job removed it), by a visible account, nobody blocked either way, and allowed by
 * the story's access level.
 */
export function visibleStories(db: DbHandle, viewerId: string): StoryQuery {
  return db
    .selectFrom('stories as s')
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where(authorActive)
    .where(notHiddenFrom(viewerId, 's.user_id'))
    .where(accessibleTo(viewerId));
}

/** The authors of the viewer's tray: themselves, whom they follow, whom they subscribe to. */
function trayAuthors(db: DbHandle, viewerId: string) {
  return db
    .selectFrom('follows')
    .select('followee_id as id')
    .where('follower_id', '=', viewerId)
    .union(
      db
        .selectFrom('subscriptions')
        .select('creator_id as id')
        .where('subscriber_id', '=', viewerId)
        .where(activeSubscription),
    )
    .union(db.selectFrom('users').select('id').where('id', '=', viewerId));
}

export interface GroupRow {
  user_id: string;
  latest_at: Date;
  has_unseen: boolean;
  /** how many groups there are in all (the window counts them before the page is cut) */
  group_count: number;
}

/**
 * One page of story groups: per author with live stories the viewer may see, the newest story
 * time and whether one is unseen; unseen groups first, then the most recent. `authorId` limits
 * it to one author (a profile), otherwise the tray's authors.
 */
export function groupPageQuery(
  db: DbHandle,
  viewerId: string,
  authorId: string | undefined,
  window: { limit: number; offset: number },
) {
  return visibleStories(db, viewerId)
    .leftJoin('story_views as sv', (join) =>
      join.onRef('sv.story_id', '=', 's.id').on('sv.viewer_id', '=', viewerId),
    )
    .$if(authorId !== undefined, (q) => q.where('s.user_id', '=', authorId!))
    .$if(authorId === undefined, (q) => q.where('s.user_id', 'in', trayAuthors(db, viewerId)))
    .select([
      's.user_id',
      sql<Date>`max(s.created_at)`.as('latest_at'),
      sql<boolean>`coalesce(bool_or(sv.story_id is null and s.user_id <> ${viewerId}), false)`.as(
        'has_unseen',
      ),
      sql<number>`(count(*) over ())::int`.as('group_count'),
    ])
    .groupBy('s.user_id')
    .orderBy('has_unseen', 'desc')
    .orderBy('latest_at', 'desc')
    .orderBy('s.user_id')
    .limit(window.limit)
    .offset(window.offset);
}

export async function groupPage(
  db: DbHandle,
  viewerId: string,
  authorId: string | undefined,
  window: { limit: number; offset: number },
): Promise<GroupRow[]> {
  const rows = await groupPageQuery(db, viewerId, authorId, window).execute();
  return rows.map((r) => ({ ...r, latest_at: new Date(r.latest_at) }));
}

export type SeenStoryRow = StoryRow & { seen: boolean };

/** The live stories of some authors the viewer may see, oldest first, with the seen flag. */
export function storiesOfAuthors(
  db: DbHandle,
  viewerId: string,
  authorIds: readonly string[],
): Promise<SeenStoryRow[]> {
  if (authorIds.length === 0) return Promise.resolve([]);
  return storiesOfAuthorsQuery(db, viewerId, authorIds).execute();
}

export function storiesOfAuthorsQuery(
  db: DbHandle,
  viewerId: string,
  authorIds: readonly string[],
) {
  return visibleStories(db, viewerId)
    .where('s.user_id', 'in', authorIds)
    .selectAll('s')
    .select(
      sql<boolean>`(s.user_id = ${viewerId} or exists (select 1 from story_views story_sv where story_sv.story_id = s.id and story_sv.viewer_id = ${viewerId}))`.as(
        'seen',
      ),
    )
    .orderBy('s.user_id')
    .orderBy('s.created_at')
    .orderBy('s.id');
}

export function findVisibleStory(
  db: DbHandle,
  viewerId: string,
  storyId: string,
): Promise<SeenStoryRow | undefined> {
  return visibleStories(db, viewerId)
    .where('s.id', '=', storyId)
    .selectAll('s')
    .select(
      sql<boolean>`(s.user_id = ${viewerId} or exists (select 1 from story_views story_sv where story_sv.story_id = s.id and story_sv.viewer_id = ${viewerId}))`.as(
        'seen',
      ),
    )
    .executeTakeFirst();
}

/** The owner's live story (expired ones are gone for everyone, the owner too). */
export function findOwnLiveStory(db: DbHandle, ownerId: string, storyId: string) {
  return db
    .selectFrom('stories')
    .selectAll()
    .where('id', '=', storyId)
    .where('user_id', '=', ownerId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Stories the author posted within the last `hours` (the expiry keeps this set small). */
export async function countRecentStories(db: DbHandle, authorId: string, hours: number) {
  const row = await db
    .selectFrom('stories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', authorId)
    .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${hours})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records a first view; true when this call recorded it (the counter moves only then). */
export async function recordStoryView(tx: DbHandle, storyId: string, viewerId: string) {
  const inserted = await tx
    .insertInto('story_views')
    .values({ story_id: storyId, viewer_id: viewerId })
    .onConflict((oc) => oc.columns(['story_id', 'viewer_id']).doNothing())
    .returning('story_id')
    .executeTakeFirst();
  if (!inserted) return false;
  await tx
    .updateTable('stories')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', storyId)
    .execute();
  return true;
}

export interface ViewerCursor {
  viewedAt: Date;
  viewerId: string;
}

/** Viewers of a story, newest view first (keyset on story_views_recent_idx). */
export function viewersOf(
  db: DbHandle,
  storyId: string,
  after: ViewerCursor | null,
  limit: number,
) {
  return db
    .selectFrom('story_views as v')
    .innerJoin('users as u', 'u.id', 'v.viewer_id')
    .selectAll('u')
    .select(['v.viewed_at'])
    .where('v.story_id', '=', storyId)
    .where('u.deleted_at', 'is', null)
    .$if(after !== null, (q) => {
      // the cursor view's own time (a Date of it lost the microseconds), while it exists
      const at = sql<Date>`coalesce((select k.viewed_at from story_views k
        where k.story_id = ${storyId}::uuid and k.viewer_id = ${after!.viewerId}::uuid),
        ${after!.viewedAt}::timestamptz)`;
      return q.where((eb) =>
        eb.or([
          eb('v.viewed_at', '<', at),
          eb.and([eb('v.viewed_at', '=', at), eb('v.viewer_id', '<', after!.viewerId)]),
        ]),
      );
    })
    .orderBy('v.viewed_at', 'desc')
    .orderBy('v.viewer_id', 'desc')
    .limit(limit)
    .execute();
}

/** Expired stories, locked so two workers sweeping at once take different ones. */
export function lockExpiredStories(tx: DbHandle, limit: number) {
  return tx
    .selectFrom('stories')
    .select(['id', 'user_id', 'media_id', 'owns_media'])
    .where('expires_at', '<=', sql<Date>`now()`)
    .orderBy('expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export function deleteStoriesByIds(tx: DbHandle, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .deleteFrom('stories')
    .where('id', 'in', ids)
    .returning(['id', 'user_id', 'media_id', 'owns_media'])
    .execute();
}

/** Whether a media item is still shown somewhere else: a post, a message or another story. */
export async function mediaInUse(tx: DbHandle, mediaId: string): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`select
      exists (select 1 from post_media where media_id = ${mediaId})
      or exists (select 1 from message_media where media_id = ${mediaId})
      or exists (select 1 from messages where image_media_id = ${mediaId})
      or exists (select 1 from messages where video_media_id = ${mediaId})
      or exists (select 1 from messages where teaser_media_id = ${mediaId})
      or exists (select 1 from stories where media_id = ${mediaId}) as used`.execute(tx);
  return rows[0]?.used ?? false;
}
