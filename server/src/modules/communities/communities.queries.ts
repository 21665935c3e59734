import type { CommunitiesQuery, CommunityRole } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { CommunityRow } from '../../platform/db/schema.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';

/** SQL of the communities module (Kysely only). */

export type CommunityWithViewer = CommunityRow & {
  viewer_role: CommunityRole | null;
  viewer_invited: boolean;
};

/**
 * Communities the viewer may see, with the viewer's role and invite: public ones, and private
 * ones the viewer belongs to or was invited to.
 */
export function visibleCommunities(db: DbHandle, viewerId: string) {
  return db
    .selectFrom('communities as c')
    .leftJoin('community_members as vm', (join) =>
      join.onRef('vm.community_id', '=', 'c.id').on('vm.user_id', '=', viewerId),
    )
    .leftJoin('community_invites as vi', (join) =>
      join.onRef('vi.community_id', '=', 'c.id').on('vi.user_id', '=', viewerId),
    )
    .where((eb) =>
      eb.or([
        eb('c.is_private', '=', false),
        eb('vm.user_id', 'is not', null),
        eb('vi.user_id', 'is not', null),
      ]),
    );
}

const withViewer = (q: ReturnType<typeof visibleCommunities>) =>
  q
    .selectAll('c')
    .select((eb) => [
      'vm.role as viewer_role',
      eb('vi.user_id', 'is not', null).as('viewer_invited'),
    ]);

type ListFilter = Pick<CommunitiesQuery, 'category' | 'joined'> & { search: string };

function filtered(db: DbHandle, viewerId: string, filter: ListFilter) {
  let q = visibleCommunities(db, viewerId);
  if (filter.category !== 'all') q = q.where('c.category', '=', filter.category);
  if (filter.joined) q = q.where('vm.user_id', 'is not', null);
  const search = filter.search.trim();
  if (search) {
    const pattern = likePattern(search);
    q = q.where((eb) =>
      eb.or([eb('c.name', 'ilike', pattern), eb('c.description', 'ilike', pattern)]),
    );
  }
  return q;
}

export async function listCommunities(
  db: DbHandle,
  viewerId: string,
  filter: ListFilter & Pick<CommunitiesQuery, 'sortBy'>,
  page: { limit: number; offset: number },
): Promise<{ rows: CommunityWithViewer[]; total: number }> {
  let q = withViewer(filtered(db, viewerId, filter));
  if (filter.sortBy === 'members') q = q.orderBy('c.member_count', 'desc');
  else if (filter.sortBy === 'likes') q = q.orderBy('c.like_count', 'desc');
  else if (filter.sortBy === 'newest') q = q.orderBy('c.created_at', 'desc');
  else q = q.orderBy('c.last_activity_at', 'desc');
  const [rows, count] = await Promise.all([
    q.orderBy('c.id').limit(page.limit).offset(page.offset).execute(),
    filtered(db, viewerId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CommunityWithViewer[], total: Number(count.n) };
}

export async function findVisibleCommunity(db: DbHandle, viewerId: string, id: string) {
  const row = await withViewer(visibleCommunities(db, viewerId))
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row as CommunityWithViewer | undefined;
}

/** Any community by id with the viewer's role (for join, which also sees private ones). */
export async function findCommunityForViewer(db: DbHandle, viewerId: string, id: string) {
  const row = await db
    .selectFrom('communities as c')
    .leftJoin('community_members as vm', (join) =>
      join.onRef('vm.community_id', '=', 'c.id').on('vm.user_id', '=', viewerId),
    )
    .leftJoin('community_invites as vi', (join) =>
      join.onRef('vi.community_id', '=', 'c.id').on('vi.user_id', '=', viewerId),
    )
    .selectAll('c')
    .select((eb) => [
      'vm.role as viewer_role',
      eb('vi.user_id', 'is not', null).as('viewer_invited'),
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row as CommunityWithViewer | undefined;
}

/** Public communities the viewer has not joined, those their followees are in first. */
export async function recommendedCommunities(db: DbHandle, viewerId: string, limit: number) {
  const rows = await withViewer(visibleCommunities(db, viewerId))
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('community_members as fm')
          .innerJoin('follows as f', (join) =>
            join.onRef('f.followee_id', '=', 'fm.user_id').on('f.follower_id', '=', viewerId),
          )
          .select(['fm.community_id', (e) => e.fn.countAll<number>().as('friends')])
          .groupBy('fm.community_id')
          .as('fr'),
      (join) => join.onRef('fr.community_id', '=', 'c.id'),
    )
    .where('vm.user_id', 'is', null)
    .where('c.is_private', '=', false)
    .orderBy(sql`coalesce(fr.friends, 0)`, 'desc')
    .orderBy('c.member_count', 'desc')
    .orderBy('c.last_activity_at', 'desc')
    .limit(limit)
    .execute();
  return rows as CommunityWithViewer[];
}

/**
 * Trending: score over the last days' posts, 2 × likes + posts (SPEC §9 trending post score
 * applied to a community's recent posts), then members.
 */
export async function trendingCommunities(
  db: DbHandle,
  viewerId: string,
  since: Date,
  limit: number,
) {
  const rows = await withViewer(visibleCommunities(db, viewerId))
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('community_posts as p')
          .where('p.created_at', '>=', since)
          .select(['p.community_id', sql<number>`sum(2 * p.like_count + 1)`.as('score')])
          .groupBy('p.community_id')
          .as('t'),
      (join) => join.onRef('t.community_id', '=', 'c.id'),
    )
    .where('c.is_private', '=', false)
    .orderBy(sql`coalesce(t.score, 0)`, 'desc')
    .orderBy('c.member_count', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows as CommunityWithViewer[];
}

export async function countOwned(db: DbHandle, ownerId: string) {
  const row = await db
    .selectFrom('communities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The community's posts, counted from its list index (exact, unlike a stored counter). */
export async function countCommunityPosts(db: DbHandle, communityId: string) {
  const row = await db
    .selectFrom('community_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('community_id', '=', communityId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nameTaken(db: DbHandle, name: string, exceptId?: string) {
  let q = db
    .selectFrom('communities')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

const ROLE_RANK = sql<number>`case m.role when 'owner' then 0 when 'moderator' then 1 else 2 end`;

export async function membersPage(
  db: DbHandle,
  communityId: string,
  page: { limit: number; offset: number; role?: CommunityRole | undefined },
) {
  let q = db.selectFrom('community_members as m').where('m.community_id', '=', communityId);
  if (page.role) q = q.where('m.role', '=', page.role);
  const [rows, count] = await Promise.all([
    q
      .selectAll('m')
      .orderBy(ROLE_RANK)
      .orderBy('m.joined_at')
      .orderBy('m.user_id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findMember(db: DbHandle, communityId: string, userId: string) {
  return db
    .selectFrom('community_members')
    .selectAll()
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function addMember(
  db: DbHandle,
  communityId: string,
  userId: string,
  role: CommunityRole,
): Promise<boolean> {
  const inserted = await db
    .insertInto('community_members')
    .values({ community_id: communityId, user_id: userId, role })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .updateTable('communities')
    .set((eb) => ({ member_count: eb('member_count', '+', 1) }))
    .where('id', '=', communityId)
    .execute();
  await db
    .deleteFrom('community_invites')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .execute();
  return true;
}

export async function removeMember(db: DbHandle, communityId: string, userId: string) {
  const deleted = await db
    .deleteFrom('community_members')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  if (!deleted) return false;
  await db
    .updateTable('communities')
    .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
    .where('id', '=', communityId)
    .execute();
  return true;
}

export function setRole(db: DbHandle, communityId: string, userId: string, role: CommunityRole) {
  return db
    .updateTable('community_members')
    .set({ role })
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .execute();
}

/** Locks the community row: membership and counter changes of one community queue up. */
export function lockCommunity(db: DbHandle, id: string) {
  return db
    .selectFrom('communities')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
