import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageInfo, Uuid } from './common.ts';
import { MeUser, PublicUser } from './users.ts';

/**
 * The social graph (SPEC §3 User relations and User lists, §4 Restrict and Follow, §7 Users):
 * follows, blocks, restricts, the lists built on them, discovery, feedback and user groups.
 */

/** Every relation change answers with the caller's refreshed account (SPEC §4 Follow/unfollow). */
export const RelationChangeResponse = Type.Object({
  updatedCurrentUser: MeUser,
  /** the other account as the caller now sees it, when it is still visible to the caller */
  user: Type.Optional(PublicUser),
});
export type RelationChangeResponse = Static<typeof RelationChangeResponse>;

/** Page-style query of the user lists. `cursor` (from `nextCursor`) switches to keyset paging. */
export const UserListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const UserPage = Type.Composite([
  PageInfo,
  Type.Object({
    users: Type.Array(PublicUser),
    /** opaque keyset cursor for the next page; null on the last page */
    nextCursor: Nullable(Type.String()),
  }),
]);
export type UserPage = Static<typeof UserPage>;

export const BlockedIdsResponse = Type.Object({ blockedUserIds: Type.Array(Type.String()) });
export type BlockedIdsResponse = Static<typeof BlockedIdsResponse>;

export const RestrictedIdsResponse = Type.Object({
  restrictedUserIds: Type.Array(Type.String()),
});
export type RestrictedIdsResponse = Static<typeof RestrictedIdsResponse>;

/**
 * Kinds of recent activity. `follow`: the user followed `user`; `followed_by`: `user` followed
 * the user. Later modules (likes, comments, subscriptions) add kinds here.
 */
/**
 * follow / followed_by: the user followed someone / someone followed the user;
 * subscribe / subscribed_by: the same for paid subscriptions;
 * post_liked / post_commented: someone liked or commented on one of the user's posts (relatedId).
 */
export const RecentActivityType = Type.Union([
  Type.Literal('follow'),
  Type.Literal('followed_by'),
  Type.Literal('subscribe'),
  Type.Literal('subscribed_by'),
  Type.Literal('post_liked'),
  Type.Literal('post_commented'),
]);
export type RecentActivityType = Static<typeof RecentActivityType>;

export const RecentActivityItem = Type.Object({
  type: RecentActivityType,
  user: PublicUser,
  /** the post an entry is about (post_liked, post_commented) */
  relatedId: Type.Optional(Type.String()),
  createdAt: Type.String(),
});
export type RecentActivityItem = Static<typeof RecentActivityItem>;

export const RecentActivityQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
});
export type RecentActivityQuery = Static<typeof RecentActivityQuery>;

export const RecentActivityResponse = Type.Object({ activities: Type.Array(RecentActivityItem) });
export type RecentActivityResponse = Static<typeof RecentActivityResponse>;

/** SPEC §9 trending defaults: users 20, promoted creators 10, new 20; suggestions 10. */
export const DiscoveryDefaults = {
  trending: 20,
  promoted: 10,
  newest: 20,
  suggestions: 10,
} as const;

export const discoveryQuery = (defaultLimit: number) =>
  Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: defaultLimit }) });
export type DiscoveryQuery = Static<ReturnType<typeof discoveryQuery>>;

export const UserListResponse = Type.Object({ users: Type.Array(PublicUser) });
export type UserListResponse = Static<typeof UserListResponse>;

export const FeedbackType = Type.Union([
  Type.Literal('not_interested'),
  Type.Literal('show_more'),
  Type.Literal('report_spam'),
]);
export type FeedbackType = Static<typeof FeedbackType>;

export const FeedbackBody = Type.Object({ feedbackType: FeedbackType });
export type FeedbackBody = Static<typeof FeedbackBody>;

export const FeedbackResponse = Type.Object({ ok: Type.Literal(true), feedbackType: FeedbackType });
export type FeedbackResponse = Static<typeof FeedbackResponse>;

export const USER_GROUP_MAX_MEMBERS = 1000;

const GroupName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const GroupMemberIds = Type.Array(Uuid, { maxItems: USER_GROUP_MAX_MEMBERS });

export const UserGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  memberIds: Type.Array(Type.String()),
  memberCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type UserGroup = Static<typeof UserGroup>;

export const UserGroupListResponse = Type.Object({ groups: Type.Array(UserGroup) });
export type UserGroupListResponse = Static<typeof UserGroupListResponse>;

export const UserGroupResponse = Type.Object({ group: UserGroup });
export type UserGroupResponse = Static<typeof UserGroupResponse>;

export const CreateUserGroupBody = Type.Object({
  name: GroupName,
  memberIds: Type.Optional(GroupMemberIds),
});
export type CreateUserGroupBody = Static<typeof CreateUserGroupBody>;

export const UpdateUserGroupBody = Type.Object(
  { name: Type.Optional(GroupName), memberIds: Type.Optional(GroupMemberIds) },
  { minProperties: 1 },
);
export type UpdateUserGroupBody = Static<typeof UpdateUserGroupBody>;
