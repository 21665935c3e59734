import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * Communities (SPEC §2 community views, §3 Community, §6 "community member roles can be updated
 * by an authorized member", §7 Communities). A community has members with a role (owner,
 * moderator, member) and posts (content, optional image). Private communities are seen and
 * joined only by members and invited users.
 */

export const COMMUNITY_ROLES = ['owner', 'moderator', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];

/** Our categories (the spec names the filter, not its values); `all` is the filter default. */
export const COMMUNITY_CATEGORIES = [
  'general',
  'art',
  'music',
  'fitness',
  'gaming',
  'lifestyle',
  'fashion',
  'photography',
  'education',
  'other',
] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];

/** SPEC §2: sortBy defaults to activity. */
export const COMMUNITY_SORTS = ['activity', 'members', 'likes', 'newest'] as const;
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];

export const CommunityLimits = {
  nameMin: 3,
  nameMax: 60,
  descriptionMax: 1000,
  postMax: 2000,
  pageSize: 24,
  maxPageSize: 100,
  postsPageSize: 20,
  membersPageSize: 50,
  /** communities one user may own */
  ownedMax: 50,
  /** the trending window */
  trendingDays: 7,
  listMax: 20,
} as const;

export const COMMUNITY_MESSAGES = {
  notFound: 'Community not found',
  postNotFound: 'Community post not found',
  inviteRequired: 'This community is private. You need an invite to join.',
  notMember: 'Join this community first',
  onlyManagers: 'Only the owner and moderators can do this',
  onlyOwner: 'Only the owner can do this',
  ownerStays: 'The owner cannot be demoted or removed',
  ownerLeaves: 'The owner cannot leave; transfer ownership or delete the community',
  alreadyMember: 'Already a member of this community',
  memberNotFound: 'Member not found',
  userNotFound: 'User not found',
  emptyPost: 'A community post needs some text or an image.',
  nameTaken: 'A community with this name already exists',
  tooMany: `You can own up to ${CommunityLimits.ownedMax} communities`,
  deleted: 'Community deleted',
  postDeleted: 'Post deleted',
  left: 'You left the community',
  removed: 'Member removed',
  invited: 'Invitation sent',
} as const;

export const CommunityRoleSchema = Type.Union([
  Type.Literal('owner'),
  Type.Literal('moderator'),
  Type.Literal('member'),
]);
export const CommunityCategorySchema = Type.Union([
  Type.Literal('general'),
  Type.Literal('art'),
  Type.Literal('music'),
  Type.Literal('fitness'),
  Type.Literal('gaming'),
  Type.Literal('lifestyle'),
  Type.Literal('fashion'),
  Type.Literal('photography'),
  Type.Literal('education'),
  Type.Literal('other'),
]);
export const CommunitySortSchema = Type.Union([
  Type.Literal('activity'),
  Type.Literal('members'),
  Type.Literal('likes'),
  Type.Literal('newest'),
]);

export const CommunityUser = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  isCreator: Type.Boolean(),
  isVerified: Type.Boolean(),
});
export type CommunityUser = Static<typeof CommunityUser>;

export const CommunityMember = Type.Object({
  userId: Type.String(),
  role: CommunityRoleSchema,
  joinedAt: Type.String(),
  user: CommunityUser,
});
export type CommunityMember = Static<typeof CommunityMember>;

export const Community = Type.Object({
  id: Type.String(),
  communityId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  category: CommunityCategorySchema,
  isPrivate: Type.Boolean(),
  ownerId: Type.String(),
  owner: Nullable(CommunityUser),
  memberCount: Type.Integer(),
  likeCount: Type.Integer(),
  postCount: Type.Integer(),
  lastActivityAt: Type.String(),
  createdAt: Type.String(),
  /** the viewer's membership */
  isMember: Type.Boolean(),
  role: Nullable(CommunityRoleSchema),
  /** the viewer holds an invite (private communities) */
  isInvited: Type.Boolean(),
  /** what the viewer may do (the UI shows the matching controls) */
  canManage: Type.Boolean(),
  canPost: Type.Boolean(),
  /** the first members (owner and moderators first); full list at /communities/{id}/members */
  members: Type.Optional(
    Type.Array(Type.Object({ userId: Type.String(), role: CommunityRoleSchema })),
  ),
});
export type Community = Static<typeof Community>;

export const CreateCommunityBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CommunityLimits.nameMax }),
    description: Type.Optional(Type.String({ maxLength: CommunityLimits.descriptionMax })),
    category: Type.Optional(CommunityCategorySchema),
    isPrivate: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateCommunityBody = Static<typeof CreateCommunityBody>;

export const UpdateCommunityBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: CommunityLimits.nameMax })),
    description: Type.Optional(Type.String({ maxLength: CommunityLimits.descriptionMax })),
    category: Type.Optional(CommunityCategorySchema),
    isPrivate: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateCommunityBody = Static<typeof UpdateCommunityBody>;

export const CommunitiesQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100 })),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  category: Type.Union([Type.Literal('all'), CommunityCategorySchema], { default: 'all' }),
  sortBy: Type.Union(
    [
      Type.Literal('activity'),
      Type.Literal('members'),
      Type.Literal('likes'),
      Type.Literal('newest'),
    ],
    { default: 'activity' },
  ),
  /** only communities the viewer belongs to */
  joined: Type.Optional(Type.Boolean()),
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({
    minimum: 1,
    maximum: CommunityLimits.maxPageSize,
    default: CommunityLimits.pageSize,
  }),
});
export type CommunitiesQuery = Static<typeof CommunitiesQuery>;

export const CommunitySearchQuery = Type.Object({
  q: Type.String({ maxLength: 100, default: '' }),
  limit: Type.Integer({
    minimum: 1,
    maximum: CommunityLimits.maxPageSize,
    default: CommunityLimits.listMax,
  }),
});
export type CommunitySearchQuery = Static<typeof CommunitySearchQuery>;

export const CommunityListQuery = Type.Object({
  limit: Type.Integer({
    minimum: 1,
    maximum: CommunityLimits.maxPageSize,
    default: CommunityLimits.listMax,
  }),
});
export type CommunityListQuery = Static<typeof CommunityListQuery>;

export const CommunitiesResponse = Type.Object({
  communities: Type.Array(Community),
  total: Type.Integer(),
  page: Type.Integer(),
  /** SPEC §3 Pagination: the same page as `page`, and the page count */
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type CommunitiesResponse = Static<typeof CommunitiesResponse>;

export const CommunityListResponse = Type.Object({ communities: Type.Array(Community) });
export type CommunityListResponse = Static<typeof CommunityListResponse>;

export const CommunityIdParams = Type.Object({ id: Uuid });
export type CommunityIdParams = Static<typeof CommunityIdParams>;
export const CommunityMemberParams = Type.Object({ id: Uuid, userId: Uuid });
export type CommunityMemberParams = Static<typeof CommunityMemberParams>;

export const InviteBody = Type.Object({ userId: Uuid }, { additionalProperties: false });
export type InviteBody = Static<typeof InviteBody>;
export const InviteResponse = Type.Object({
  ok: Type.Literal(true),
  communityId: Type.String(),
  userId: Type.String(),
  message: Type.String(),
});
export type InviteResponse = Static<typeof InviteResponse>;

export const UpdateMemberBody = Type.Object(
  { role: CommunityRoleSchema },
  { additionalProperties: false },
);
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

export const MembersQuery = Type.Object({
  role: Type.Optional(CommunityRoleSchema),
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({
    minimum: 1,
    maximum: CommunityLimits.maxPageSize,
    default: CommunityLimits.membersPageSize,
  }),
});
export type MembersQuery = Static<typeof MembersQuery>;

export const MembersResponse = Type.Object({
  communityId: Type.String(),
  members: Type.Array(CommunityMember),
  total: Type.Integer(),
  page: Type.Integer(),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type MembersResponse = Static<typeof MembersResponse>;

export const CommunityActionResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  community: Type.Optional(Community),
});
export type CommunityActionResponse = Static<typeof CommunityActionResponse>;

export const CommunityPostImage = Type.Object({
  mediaId: Type.String(),
  url: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
});

export const CommunityPost = Type.Object({
  id: Type.String(),
  communityId: Type.String(),
  authorId: Type.String(),
  author: Nullable(CommunityUser),
  content: Type.String(),
  image: Nullable(CommunityPostImage),
  imageUrl: Nullable(Type.String()),
  likeCount: Type.Integer(),
  isLiked: Type.Boolean(),
  canDelete: Type.Boolean(),
  createdAt: Type.String(),
});
export type CommunityPost = Static<typeof CommunityPost>;

/** POST /communities/{id}/posts as JSON (multipart carries the image under `image`). */
export const CreateCommunityPostBody = Type.Object(
  { content: Type.Optional(Type.String({ maxLength: CommunityLimits.postMax })) },
  { additionalProperties: false },
);
export type CreateCommunityPostBody = Static<typeof CreateCommunityPostBody>;

export const CommunityPostsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({
    minimum: 1,
    maximum: CommunityLimits.maxPageSize,
    default: CommunityLimits.postsPageSize,
  }),
});
export type CommunityPostsQuery = Static<typeof CommunityPostsQuery>;

export const CommunityPostsResponse = Type.Object({
  communityId: Type.String(),
  posts: Type.Array(CommunityPost),
  /** the same as currentPage (kept for clients that read it) */
  page: Type.Integer(),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type CommunityPostsResponse = Static<typeof CommunityPostsResponse>;

export const CommunityPostIdParams = Type.Object({ id: Uuid });
export type CommunityPostIdParams = Static<typeof CommunityPostIdParams>;

export const CommunityPostLikeResponse = Type.Object({
  postId: Type.String(),
  liked: Type.Boolean(),
  isLiked: Type.Boolean(),
  likeCount: Type.Integer(),
  communityLikeCount: Type.Integer(),
});
export type CommunityPostLikeResponse = Static<typeof CommunityPostLikeResponse>;
