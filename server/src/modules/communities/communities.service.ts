import {
  COMMUNITY_MESSAGES,
  CommunityLimits,
  ErrorCodes,
  type CommunitiesQuery,
  type CommunitiesResponse,
  type Community,
  type CommunityActionResponse,
  type CommunityListResponse,
  type CreateCommunityBody,
  type InviteResponse,
  type MembersQuery,
  type MembersResponse,
  type UpdateCommunityBody,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../platform/errors.ts';
import { blockedEitherWay } from '../graph/graph.relations.ts';
import { notify } from '../notifications/notify.ts';
import { usersByIds } from '../posts/viewer-state.queries.ts';
import {
  assertManager,
  assertMayInvite,
  assertOwner,
  communityNotFound,
} from './communities.policy.ts';
import {
  presentCommunities,
  presentCommunity,
  presentCommunityUser,
} from './communities.presenter.ts';
import * as q from './communities.queries.ts';

/** Communities: the grid and its lists, create/edit/delete, join, leave and invite. */

type Ctx = Pick<AppContext, 'db'>;
const DAY_MS = 86_400_000;

function cleanName(name: string) {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length < CommunityLimits.nameMin)
    throw new BadRequestError(
      `The name needs at least ${CommunityLimits.nameMin} characters`,
      ErrorCodes.VALIDATION_FAILED,
      { field: 'name' },
    );
  return trimmed;
}

/** The community as the viewer sees it, or 404 (a private one the viewer is not in). */
export async function visibleCommunity(db: DbHandle, viewerId: string, id: string) {
  const row = await q.findVisibleCommunity(db, viewerId, id);
  if (!row) throw communityNotFound();
  return row;
}

export async function presentOne(db: DbHandle, viewerId: string, id: string): Promise<Community> {
  const row = await visibleCommunity(db, viewerId, id);
  const [owners, members] = await Promise.all([
    usersByIds(db, [row.owner_id]),
    q.membersPage(db, id, { limit: 20, offset: 0 }),
  ]);
  return presentCommunity(row, owners.get(row.owner_id), members.rows);
}

export async function listCommunities(
  ctx: Ctx,
  viewerId: string,
  query: CommunitiesQuery,
): Promise<CommunitiesResponse> {
  const { rows, total } = await q.listCommunities(
    ctx.db,
    viewerId,
    {
      category: query.category,
      joined: query.joined,
      sortBy: query.sortBy,
      search: query.search ?? query.q ?? '',
    },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return {
    communities: await presentCommunities(ctx.db, rows),
    total,
    page: query.page,
    currentPage: query.page,
    totalPages: Math.ceil(total / query.limit),
    hasMore: query.page * query.limit < total,
  };
}

export async function searchCommunities(
  ctx: Ctx,
  viewerId: string,
  text: string,
  limit: number,
): Promise<CommunityListResponse> {
  if (!text.trim()) return { communities: [] };
  const { rows } = await q.listCommunities(
    ctx.db,
    viewerId,
    { category: 'all', sortBy: 'members', search: text },
    { limit, offset: 0 },
  );
  return { communities: await presentCommunities(ctx.db, rows) };
}

export async function recommended(
  ctx: Ctx,
  viewerId: string,
  limit: number,
): Promise<CommunityListResponse> {
  const rows = await q.recommendedCommunities(ctx.db, viewerId, limit);
  return { communities: await presentCommunities(ctx.db, rows) };
}

export async function trending(
  ctx: Ctx,
  viewerId: string,
  limit: number,
): Promise<CommunityListResponse> {
  const since = new Date(Date.now() - CommunityLimits.trendingDays * DAY_MS);
  const rows = await q.trendingCommunities(ctx.db, viewerId, since, limit);
  return { communities: await presentCommunities(ctx.db, rows) };
}

export async function createCommunity(ctx: Ctx, ownerId: string, body: CreateCommunityBody) {
  const name = cleanName(body.name);
  const id = await withTransaction(ctx.db, async (tx) => {
    if ((await q.countOwned(tx, ownerId)) >= CommunityLimits.ownedMax)
      throw new AppError(429, ErrorCodes.LIMIT_REACHED, COMMUNITY_MESSAGES.tooMany);
    if (await q.nameTaken(tx, name))
      throw new ConflictError(ErrorCodes.CONFLICT, COMMUNITY_MESSAGES.nameTaken, { field: 'name' });
    const row = await tx
      .insertInto('communities')
      .values({
        owner_id: ownerId,
        name,
        description: (body.description ?? '').trim(),
        category: body.category ?? 'general',
        is_private: body.isPrivate ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await q.addMember(tx, row.id, ownerId, 'owner');
    return row.id;
  });
  return presentOne(ctx.db, ownerId, id);
}

export async function updateCommunity(
  ctx: Ctx,
  viewerId: string,
  id: string,
  body: UpdateCommunityBody,
) {
  await withTransaction(ctx.db, async (tx) => {
    const row = await visibleCommunity(tx, viewerId, id);
    assertManager(row.viewer_role);
    const name = body.name !== undefined ? cleanName(body.name) : undefined;
    if (name && (await q.nameTaken(tx, name, id)))
      throw new ConflictError(ErrorCodes.CONFLICT, COMMUNITY_MESSAGES.nameTaken, { field: 'name' });
    await tx
      .updateTable('communities')
      .set({
        ...(name ? { name } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.category ? { category: body.category } : {}),
        ...(body.isPrivate !== undefined ? { is_private: body.isPrivate } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  });
  return presentOne(ctx.db, viewerId, id);
}

export async function deleteCommunity(
  ctx: Ctx,
  viewerId: string,
  id: string,
): Promise<CommunityActionResponse> {
  await withTransaction(ctx.db, async (tx) => {
    const row = await visibleCommunity(tx, viewerId, id);
    assertOwner(row.viewer_role);
    await tx.deleteFrom('communities').where('id', '=', id).execute();
  });
  return { ok: true, message: COMMUNITY_MESSAGES.deleted };
}

/** Public communities are open; private ones need an invite (the invite is used up). */
export async function joinCommunity(
  ctx: Ctx,
  userId: string,
  id: string,
): Promise<CommunityActionResponse> {
  await withTransaction(ctx.db, async (tx) => {
    const row = await q.findCommunityForViewer(tx, userId, id);
    if (!row) throw communityNotFound();
    if (row.viewer_role) return;
    if (row.is_private && !row.viewer_invited)
      throw new ForbiddenError(
        ErrorCodes.COMMUNITY_INVITE_REQUIRED,
        COMMUNITY_MESSAGES.inviteRequired,
      );
    if (await blockedEitherWay(tx, userId, row.owner_id)) throw communityNotFound();
    await q.lockCommunity(tx, id);
    await q.addMember(tx, id, userId, 'member');
  });
  return { ok: true, message: 'Joined', community: await presentOne(ctx.db, userId, id) };
}

export async function leaveCommunity(
  ctx: Ctx,
  userId: string,
  id: string,
): Promise<CommunityActionResponse> {
  await withTransaction(ctx.db, async (tx) => {
    const row = await visibleCommunity(tx, userId, id);
    if (row.viewer_role === 'owner')
      throw new ForbiddenError(ErrorCodes.COMMUNITY_OWNER_FIXED, COMMUNITY_MESSAGES.ownerLeaves);
    if (!row.viewer_role)
      throw new NotFoundError(
        'You are not a member of this community',
        ErrorCodes.COMMUNITY_MEMBER_NOT_FOUND,
      );
    await q.lockCommunity(tx, id);
    await q.removeMember(tx, id, userId);
  });
  const after = await q.findVisibleCommunity(ctx.db, userId, id);
  return {
    ok: true,
    message: COMMUNITY_MESSAGES.left,
    ...(after ? { community: await presentOne(ctx.db, userId, id) } : {}),
  };
}

export async function inviteToCommunity(
  ctx: Ctx,
  inviterId: string,
  id: string,
  targetId: string,
): Promise<InviteResponse> {
  await withTransaction(ctx.db, async (tx) => {
    const row = await visibleCommunity(tx, inviterId, id);
    assertMayInvite(row, row.viewer_role);
    const target = await tx
      .selectFrom('users')
      .select(['id', 'status'])
      .where('id', '=', targetId)
      .executeTakeFirst();
    if (!target || target.status !== 'active' || (await blockedEitherWay(tx, inviterId, targetId)))
      throw new NotFoundError(COMMUNITY_MESSAGES.userNotFound, ErrorCodes.NOT_FOUND, {
        field: 'userId',
      });
    if (await q.findMember(tx, id, targetId))
      throw new ConflictError(ErrorCodes.ALREADY_MEMBER, COMMUNITY_MESSAGES.alreadyMember);
    const inserted = await tx
      .insertInto('community_invites')
      .values({ community_id: id, user_id: targetId, invited_by: inviterId })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (inserted)
      await notify(tx, {
        userId: targetId,
        type: 'system',
        actorId: inviterId,
        relatedId: id,
        relatedType: 'community',
        data: {
          event: 'community_invite',
          communityId: id,
          communityName: row.name,
          message: `You were invited to join ${row.name}`,
          url: `/communities/${id}`,
        },
      });
  });
  return { ok: true, communityId: id, userId: targetId, message: COMMUNITY_MESSAGES.invited };
}

export async function listMembers(
  ctx: Ctx,
  viewerId: string,
  id: string,
  query: MembersQuery,
): Promise<MembersResponse> {
  await visibleCommunity(ctx.db, viewerId, id);
  const { rows, total } = await q.membersPage(ctx.db, id, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    role: query.role,
  });
  const users = await usersByIds(
    ctx.db,
    rows.map((r) => r.user_id),
  );
  const members: MembersResponse['members'] = [];
  for (const row of rows) {
    const user = users.get(row.user_id);
    if (!user) continue;
    members.push({
      userId: row.user_id,
      role: row.role,
      joinedAt: row.joined_at.toISOString(),
      user: presentCommunityUser(user),
    });
  }
  return {
    communityId: id,
    members,
    total,
    page: query.page,
    currentPage: query.page,
    totalPages: Math.ceil(total / query.limit),
    hasMore: query.page * query.limit < total,
  };
}
