import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { PostRow, UserRow } from '../../platform/db/schema.ts';
import { PRESENTED_MEDIA_COLUMNS } from '../media/media.presenter.ts';
import { PUBLIC_USER_COLUMNS, type PublicUserRow } from '../users/users.presenter.ts';
import { activeSubscription } from './posts.queries.ts';

/**
 * The batched reads behind every post response: three queries for a whole page (the viewer's
 * likes and purchases; the authors with the viewer's relations; the media), each made of index
 * probes (post_likes_user_idx, content_purchases_once, users pk, follows pk,
 * subscriptions_subscriber_idx, blocks pk, restricts pk, post_media pk), so a page of 50 posts
 * costs the same few queries as a page of one.
 */

export interface PostFacts {
  liked: Set<string>;
  purchased: Set<string>;
}

/** `= any($1::uuid[])`: one parameter whatever the list's length, so the SQL text stays the same
 * (a prepared statement, see platform/db/prepared-statements.ts). */
export const anyUuid = (ids: readonly string[]) => sql<string>`any(${[...ids]}::uuid[])`;

/**
 * The viewer's like and purchase of each post as two columns of a query over `posts` (two
 * index probes per row: post_likes pk, content_purchases_once), so a page and its viewer
 * state come back in one round trip; `splitPostFacts` takes them off the rows again.
 */
export const viewerFactColumns = (viewerId: string) => [
  sql<boolean>`exists (select 1 from post_likes vf_l where vf_l.post_id = posts.id and vf_l.user_id = ${viewerId})`.as(
    'viewer_liked',
  ),
  sql<boolean>`exists (select 1 from content_purchases vf_p where vf_p.post_id = posts.id and vf_p.buyer_id = ${viewerId})`.as(
    'viewer_purchased',
  ),
];

export function splitPostFacts<
  R extends { id: string; viewer_liked: boolean; viewer_purchased: boolean },
>(rows: R[]): { rows: Omit<R, 'viewer_liked' | 'viewer_purchased'>[]; facts: PostFacts } {
  const facts: PostFacts = { liked: new Set(), purchased: new Set() };
  const plain = rows.map(({ viewer_liked, viewer_purchased, ...row }) => {
    if (viewer_liked) facts.liked.add(row.id);
    if (viewer_purchased) facts.purchased.add(row.id);
    return row;
  });
  return { rows: plain, facts };
}

/** The viewer's likes and purchases among a page of posts: one round trip, two index probes. */
export async function postFacts(
  db: DbHandle,
  viewerId: string,
  postIds: readonly string[],
): Promise<PostFacts> {
  const liked = new Set<string>();
  const purchased = new Set<string>();
  if (postIds.length === 0) return { liked, purchased };
  const rows = await db
    .selectFrom('post_likes')
    .select(['post_id as id', sql<string>`'liked'`.as('fact')])
    .where('user_id', '=', viewerId)
    .where('post_id', '=', anyUuid(postIds))
    .unionAll(
      db
        .selectFrom('content_purchases')
        .select(['post_id as id', sql<string>`'purchased'`.as('fact')])
        .where('buyer_id', '=', viewerId)
        .where('post_id', '=', anyUuid(postIds)),
    )
    .execute();
  for (const row of rows) (row.fact === 'liked' ? liked : purchased).add(row.id);
  return { liked, purchased };
}

export interface AuthorFacts {
  /** the columns its presentation reads (`PUBLIC_USER_COLUMNS`), not the whole account */
  row: PublicUserRow;
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
    .select(PUBLIC_USER_COLUMNS.map((column) => `t.${column}` as const))
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
    .where('t.id', '=', anyUuid(authorIds))
    .execute();
  return new Map(
    rows.map(({ fact_following, fact_subscribed, fact_blocked, fact_restricted, ...row }) => [
      row.id,
      {
        row,
        isFollowing: fact_following,
        isSubscribed: fact_subscribed,
        isBlocked: fact_blocked,
        isRestricted: fact_restricted,
      },
    ]),
  );
}

/** No signed-in viewer: every relation probe compares against an id nobody has. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

const relationFacts = (viewer: string, authorRef: ReturnType<typeof sql.ref>) => sql`
  'fact_following', exists (select 1 from follows where follower_id = ${viewer} and followee_id = ${authorRef}),
  'fact_subscribed', exists (select 1 from subscriptions where subscriber_id = ${viewer} and creator_id = ${authorRef} and ${activeSubscription}),
  'fact_blocked', exists (select 1 from blocks where blocker_id = ${viewer} and blocked_id = ${authorRef}),
  'fact_restricted', exists (select 1 from restricts where restricter_id = ${viewer} and restricted_id = ${authorRef})`;

/**
 * The post's author with the viewer's relations (the same probes as `authorsWithFacts`), as a
 * jsonb column of a query over `posts`: the page, its authors and its media in one round trip.
 * Computed for the page's rows only (a correlated subquery of the select list).
 */
export const pageAuthorColumn = (viewerId: string | null, onlyAuthor?: string) =>
  sql<Record<string, unknown> | null>`(select to_jsonb(pa) || jsonb_build_object(${relationFacts(
    viewerId ?? NOBODY,
    sql.ref('pa.id'),
  )}) from (select ${sql.join(
    PUBLIC_USER_COLUMNS.map((column) => sql.ref(`u.${column}`)),
  )} from users u where u.id = ${
    // a page of one author's posts: uncorrelated, so PostgreSQL runs it once (an InitPlan)
    onlyAuthor ?? sql.ref('posts.user_id')
  }) pa)`.as('page_author');

/** The post's live media in position order (what `postMediaRows` reads), as a jsonb column. */
export const pageMediaColumn = () =>
  sql<
    Array<Record<string, unknown>>
  >`(select coalesce(jsonb_agg(to_jsonb(pm_i) order by pm_i.position), '[]'::jsonb) from (select ${sql.join(
    [
      ...PRESENTED_MEDIA_COLUMNS.map((column) => sql.ref(`m.${column}`)),
      sql.ref('pm.post_id'),
      sql.ref('pm.position'),
    ],
  )} from post_media pm join media_items m on m.id = pm.media_id where pm.post_id = posts.id and m.deleted_at is null) pm_i)`.as(
    'page_media',
  );

/** Both columns above: a page query reads its authors and media together (`splitPage`). */
export const pageExtraColumns = (viewerId: string | null, onlyAuthor?: string) =>
  [pageAuthorColumn(viewerId, onlyAuthor), pageMediaColumn()] as const;

// jsonb carries timestamps as ISO text; everywhere else the rows hold Dates. A timestamp column
// added to PUBLIC_USER_COLUMNS (or to PRESENTED_MEDIA_COLUMNS, which has none) must be listed
// here: viewer-state.test.ts compares both paths row for row.
const USER_DATES = [
  'creator_update_at',
  'pro_pack_active_until',
  'created_at',
] as const satisfies ReadonlyArray<(typeof PUBLIC_USER_COLUMNS)[number]>;

/** A row read as jsonb with its timestamp `fields` (ISO text there) Dates again. */
export function withDates<T>(json: Record<string, unknown>, fields: readonly string[]): T {
  const row: Record<string, unknown> = { ...json };
  for (const field of fields) {
    const value = row[field];
    if (typeof value === 'string') row[field] = new Date(value);
  }
  return row as T;
}

/** A `PUBLIC_USER_COLUMNS` row read as jsonb (`to_jsonb`), its timestamps Dates again. */
export const publicUserFromJson = (json: Record<string, unknown>) =>
  withDates<PublicUserRow>(json, USER_DATES);

export type PostMediaRow = Awaited<ReturnType<typeof postMediaRows>>[number];

/** What the page's own query read besides the posts: authors and media (see `presentPosts`). */
export interface PageExtras {
  authors: Map<string, AuthorFacts>;
  media: PostMediaRow[];
}

/** Takes `page_author` and `page_media` off the rows of a page query. */
export function splitPageExtras<R extends { page_author: unknown; page_media: unknown }>(
  rows: R[],
): { rows: Omit<R, 'page_author' | 'page_media'>[]; extras: PageExtras } {
  const extras: PageExtras = { authors: new Map(), media: [] };
  const plain = rows.map(({ page_author, page_media, ...row }) => {
    if (page_author && typeof page_author === 'object') {
      const { fact_following, fact_subscribed, fact_blocked, fact_restricted, ...user } =
        page_author as Record<string, unknown>;
      const author = publicUserFromJson(user);
      extras.authors.set(author.id, {
        row: author,
        isFollowing: fact_following === true,
        isSubscribed: fact_subscribed === true,
        isBlocked: fact_blocked === true,
        isRestricted: fact_restricted === true,
      });
    }
    if (Array.isArray(page_media)) {
      // no timestamps among the presented columns: the parsed objects are the rows
      for (const item of page_media as PostMediaRow[]) extras.media.push(item);
    }
    return row;
  });
  return { rows: plain, extras };
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
    .select(PRESENTED_MEDIA_COLUMNS.map((column) => `media_items.${column}` as const))
    .select(['post_media.post_id', 'post_media.position'])
    .where('post_media.post_id', '=', anyUuid(postIds))
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

/**
 * The rows of a page query with `viewerFactColumns` and `pageExtraColumns`, taken apart: the
 * plain rows, the viewer's facts, and the authors and media.
 */
export function splitPage<
  R extends {
    id: string;
    viewer_liked: boolean;
    viewer_purchased: boolean;
    page_author: unknown;
    page_media: unknown;
  },
>(rows: R[]) {
  const { rows: plain, extras } = splitPageExtras(rows);
  return { ...splitPostFacts(plain), extras };
}
