import type { Community, CommunityUser } from '@fanspace/contracts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import { usersByIds } from '../posts/viewer-state.queries.ts';
import { canReadPosts, isManager } from './communities.policy.ts';
import type { CommunityWithViewer } from './communities.queries.ts';

export function presentCommunityUser(user: UserRow): CommunityUser {
  return {
    id: user.id,
    userId: user.id,
    username: user.username,
    displayName: user.display_name,
    avatarUrl: user.avatar_url,
    isCreator: user.account_type === 'creator',
    isVerified: user.identity_status === 'verified',
  };
}

export function presentCommunity(
  row: CommunityWithViewer,
  owner: UserRow | undefined,
  members?: Array<{ user_id: string; role: CommunityWithViewer['viewer_role'] & string }>,
): Community {
  const role = row.viewer_role ?? null;
  return {
    id: row.id,
    communityId: row.id,
    name: row.name,
    description: row.description,
    category: row.category as Community['category'],
    isPrivate: row.is_private,
    ownerId: row.owner_id,
    owner: owner ? presentCommunityUser(owner) : null,
    memberCount: row.member_count,
    likeCount: row.like_count,
    postCount: row.post_count,
    lastActivityAt: row.last_activity_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    isMember: role !== null,
    role,
    isInvited: row.viewer_invited && role === null,
    canManage: isManager(role),
    canPost: role !== null && canReadPosts(row, role),
    ...(members ? { members: members.map((m) => ({ userId: m.user_id, role: m.role })) } : {}),
  };
}

/** A page of communities: one query for all their owners. */
export async function presentCommunities(db: DbHandle, rows: CommunityWithViewer[]) {
  const owners = await usersByIds(db, [...new Set(rows.map((r) => r.owner_id))]);
  return rows.map((row) => presentCommunity(row, owners.get(row.owner_id)));
}
