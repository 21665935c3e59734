import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { planLiteral } from '../../platform/db/plan-literals.ts';
import type { Database, PostRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import {
  anyUuid,
  pageExtraColumns,
  splitPage,
  splitPostFacts,
  viewerFactColumns,
  type PageExtras,
  type PostFacts,
} from './viewer-state.queries.ts';

/** No signed-in viewer: the fact columns are false for every row. */
const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

/** SQL of posts: visibility, lookups and the lists (SQL only; rules live in the services). */

type PostQuery = SelectQueryBuilder<Database, 'posts', object>;
type PageColumns = { page_author: unknown; page_media: unknown };

/** The author still has a visible account (banned and deleted accounts take their posts along). */
const authorActive = (author: Expression<string>) =>
  sql<SqlBool>`exists (select 1 from users post_au where post_au.id = ${author} and post_au.status in ('active', 'suspended') and post_au.deleted_at is null)`;

/** An active subscription: the only state that unlocks subscriber posts. */
export const activeSubscription = sql<SqlBool>`subscriptions.status = 'active' and subscriptions.current_period_end > now()`;

/**
 * Posts `viewerId` may see at all, locked or not: live, published (the owner also sees their
 * scheduled ones), by a visible account, and nobody blocked either way. `deleted_at is null`
 * stays a plain predicate so the planner can use the partial indexes.
 */
export function visiblePosts(
  db: DbHandle,
  /** an id, or an expression (a batch's column: each row's own viewer) */
  viewerId: string | Expression<string> | null,
  /**
   * every post wanted is this account's: the author's checks then name the id, not the row's
   * column, so PostgreSQL runs them once for the query (InitPlans) instead of once per post
   */
  onlyAuthor?: string,
): PostQuery {
  const published: Expression<SqlBool> = viewerId
    ? sql<SqlBool>`(posts.published_at <= now() or posts.user_id = ${viewerId})`
    : sql<SqlBool>`posts.published_at <= now()`;
  const author = onlyAuthor ? sql<string>`${onlyAuthor}::uuid` : sql.ref<string>('posts.user_id');
  const query = db
    .selectFrom('posts')
    .where('posts.deleted_at', 'is', null)
    .where(published)
    .where(authorActive(author))
    .where(notHiddenFrom(viewerId, author));
  return onlyAuthor ? query.where('posts.user_id', '=', onlyAuthor) : query;
}

export function findVisiblePost(
  db: DbHandle,
  viewerId: string | null,
  postId: string,
): Promise<PostRow | undefined> {
  return visiblePosts(db, viewerId)
    .selectAll('posts')
    .where('posts.id', '=', postId)
    .executeTakeFirst();
}

/** Visible posts with the columns a page shows: the viewer's facts, the author, the media. */
const visiblePageRows = (db: DbHandle, viewerId: string | null) =>
  visiblePosts(db, viewerId)
    .selectAll('posts')
    .select(viewerFactColumns(viewerId ?? NO_VIEWER))
    .select(pageExtraColumns(viewerId));

/**
 * One visible post with what its page shows, in one round trip: the row, the viewer's like and
 * purchase, its author with the viewer's relations and its media (`page`'s columns, for a page
 * of one). GET /posts/{id} (was four statements: the post, the facts, the author, the media).
 */
export async function findVisiblePostPage(
  db: DbHandle,
  viewerId: string | null,
  postId: string,
): Promise<{ row: PostRow; facts: PostFacts; extras: PageExtras } | undefined> {
  const rows = await visiblePageRows(db, viewerId).where('posts.id', '=', postId).execute();
  if (rows.length === 0) return undefined;
  const { rows: plain, facts, extras } = splitPage(rows);
  return { row: plain[0] as PostRow, facts, extras };
}

/**
 * The visible ones of `postIds`, in that order, with what a page shows – one round trip for a
 * page whose ids were chosen elsewhere (discover's cached ranking). Ids of posts deleted or
 * hidden since are left out.
 */
export async function findVisiblePostsPage(
  db: DbHandle,
  viewerId: string | null,
  postIds: readonly string[],
): Promise<{ rows: PostRow[]; facts: PostFacts; extras: PageExtras }> {
  const found =
    postIds.length === 0
      ? []
      : await visiblePageRows(db, viewerId).where('posts.id', '=', anyUuid(postIds)).execute();
  const { rows, facts, extras } = splitPage(found);
  const byId = new Map(rows.map((row) => [row.id, row as PostRow]));
  return { rows: postIds.flatMap((id) => byId.get(id) ?? []), facts, extras };
}

/** The row whatever its state (owner operations decide on deleted_at themselves). */
export function findPost(db: DbHandle, postId: string, lock = false) {
  const query = db.selectFrom('posts').selectAll().where('id', '=', postId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export interface PageWindow {
  limit: number;
  offset: number;
}

const newestFirst = (query: PostQuery) =>
  query.orderBy('posts.published_at', 'desc').orderBy('posts.id', 'desc');

/**
 * A page of `base` and its total in one round trip (the count is an uncorrelated subquery, run
 * once); the rows also carry their authors and media and, with a viewer, the viewer's like and
 * purchase of each post.
 */
async function page(
  base: PostQuery,
  order: (query: PostQuery) => PostQuery,
  window: PageWindow,
  viewerId: string | null = null,
  /**
   * read authors and media in the same statement; only for orders an index serves (a sort
   * would evaluate the correlated columns for every candidate row, not just the page's);
   * `{ author }` when every row is that author's: the author is then read once, not per row
   */
  withExtras: boolean | { author: string } = false,
): Promise<{ rows: PostRow[]; total: number; facts?: PostFacts; extras?: PageExtras }> {
  const counted = base.select((eb) => eb.fn.countAll<number>().as('total'));
  const rows = await order(base)
    .selectAll('posts')
    .select(viewerFactColumns(viewerId ?? NO_VIEWER))
    .$if(withExtras !== false, (q) =>
      q.select(
        pageExtraColumns(viewerId, typeof withExtras === 'object' ? withExtras.author : undefined),
      ),
    )
    .select(counted.as('page_total'))
    .limit(planLiteral(window.limit))
    .offset(planLiteral(window.offset))
    .execute();
  if (rows.length === 0) {
    // past the last page: the count alone
    return { rows: [], total: Number((await counted.executeTakeFirstOrThrow()).total) };
  }
  const total = Number(rows[0]?.page_total ?? 0);
  const plain = rows.map(({ page_total: _, ...row }) => row);
  const split = withExtras
    ? splitPage(plain as Array<(typeof plain)[number] & PageColumns>)
    : { ...splitPostFacts(plain), extras: undefined };
  return {
    rows: split.rows as PostRow[],
    total,
    ...(split.extras ? { extras: split.extras } : {}),
    ...(viewerId ? { facts: split.facts } : {}),
  };
}

/** Discover ranks the public posts of this window; older ones drop out of it. */
export const DISCOVER_WINDOW = sql<Date>`now() - interval '30 days'`;

/**
 * SPEC §9 trending score, exactly: 2 x likes + comments (no age decay; ties newest first, see
 * `trendingFirst`). Age counts only through the window, which posts_public_recent_idx serves as
 * a range scan; the counters change with every like, so no index orders by the score itself.
 */
export const TRENDING_SCORE = sql<number>`2 * posts.likes_count + posts.comments_count`;

function discoverBase(db: DbHandle, viewerId: string | null): PostQuery {
  return visiblePosts(db, viewerId)
    .where(sql<SqlBool>`posts.access_level = 'public'`)
    .where(sql<SqlBool>`posts.published_at > ${DISCOVER_WINDOW}`)
    .where(sql<SqlBool>`posts.published_at <= now()`);
}

const trendingFirst = (query: PostQuery) => newestFirst(query.orderBy(TRENDING_SCORE, 'desc'));

export function discoverRows(db: DbHandle, viewerId: string | null, window: PageWindow) {
  return trendingFirst(discoverBase(db, viewerId))
    .selectAll('posts')
    .limit(planLiteral(window.limit))
    .offset(planLiteral(window.offset));
}

/** The head of the ranking as a visitor sees it (ids and authors only) and the window's size. */
export async function discoverRanking(db: DbHandle, take: number) {
  const base = discoverBase(db, null);
  const [entries, count] = await Promise.all([
    trendingFirst(base).select(['posts.id', 'posts.user_id']).limit(take).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { entries, total: Number(count.total) };
}

export const discoverFeed = (db: DbHandle, viewerId: string | null, window: PageWindow) =>
  page(discoverBase(db, viewerId), trendingFirst, window, viewerId);

/** One author's posts as the viewer may see them (GET /posts/user/{id}). */
export function authorPosts(
  db: DbHandle,
  viewerId: string | null,
  authorId: string,
  window: PageWindow,
  /** only posts with live media (a profile's Media tab) */
  mediaOnly = false,
) {
  const base = visiblePosts(db, viewerId, authorId).$if(mediaOnly, (q) =>
    q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('post_media as pm_any')
          .innerJoin('media_items as m_any', 'm_any.id', 'pm_any.media_id')
          .select(sql.lit(1).as('one'))
          .whereRef('pm_any.post_id', '=', 'posts.id')
          .where('m_any.deleted_at', 'is', null),
      ),
    ),
  );
  return page(base, newestFirst, window, viewerId, { author: authorId });
}

/** Applies a counter change and returns the new value (row lock: exact under concurrency). */
export async function bumpPostCounter(
  db: DbHandle,
  postId: string,
  column: 'likes_count' | 'comments_count' | 'views_count',
  delta: 1 | -1,
): Promise<number> {
  const row = await db
    .updateTable('posts')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('id', '=', postId)
    .returning(column)
    .executeTakeFirstOrThrow();
  return (row as Record<typeof column, number>)[column];
}

export async function bumpAuthorPostsCount(db: DbHandle, userId: string, delta: 1 | -1) {
  await db
    .updateTable('users')
    .set((eb) => ({ posts_count: eb('posts_count', '+', delta) }))
    .where('id', '=', userId)
    .execute();
}
