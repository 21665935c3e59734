import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageInfo, Uuid } from './common.ts';
import { PresentedMedia } from './media.ts';
import { PublicUser } from './users.ts';

/**
 * Posts, comments, likes, views and feeds (SPEC §3 Post, Comment, Pagination; §5; §7 Posts and
 * purchased-content; §9 paging). Amounts are currency units on the wire, cents in storage.
 */

export const POST_ACCESS_LEVELS = [
  'public',
  'followers',
  'subscribers',
  'paid',
  'subscribers_or_paid',
] as const;
export type PostAccessLevel = (typeof POST_ACCESS_LEVELS)[number];
/** The levels a price belongs to; requiresUnlock is true exactly for these. */
export const PAID_ACCESS_LEVELS: readonly PostAccessLevel[] = ['paid', 'subscribers_or_paid'];
/** Pay-to-unlock price bounds: 3.00–200.00. */
export const POST_PRICE_CENTS = { min: 300, max: 20_000 } as const;
/** SPEC §5, word for word. */
export const EMPTY_POST_MESSAGE = 'Cannot create an empty post. Please provide a caption or media.';
export const POST_CAPTION_MAX = 5000;
export const POST_HASHTAGS_MAX = 30;
export const POST_MEDIA_MAX = 20;
export const COMMENT_TEXT_MAX = 2000;
/** SPEC §9: feed page 20 (offset = 20 x (page-1)), user posts 50, mention search 10. */
export const PostPaging = { feed: 20, userPosts: 50, comments: 20, mentionSearch: 10 } as const;
/** Text shown instead of a deleted comment (SPEC §3 Comment). */
export const DELETED_COMMENT_TEXT = '[message deleted]';

export const PostAccessLevel = Type.Union([
  Type.Literal('public'),
  Type.Literal('followers'),
  Type.Literal('subscribers'),
  Type.Literal('paid'),
  Type.Literal('subscribers_or_paid'),
]);

/**
 * What the client sends (SPEC §3 names only requiresUnlock). Without accessLevel the level is
 * 'paid' when requiresUnlock is true, else 'public'; with it, requiresUnlock is ignored (the
 * server derives it from the level).
 */
export const AccessDetailsInput = Type.Object({
  accessLevel: Type.Optional(PostAccessLevel),
  /** currency units, 3.00–200.00 with at most two decimals; only for the paid levels */
  price: Type.Optional(Nullable(Type.Number())),
  requiresUnlock: Type.Optional(Type.Boolean()),
});
export type AccessDetailsInput = Static<typeof AccessDetailsInput>;

export const AccessDetails = Type.Object({
  accessLevel: PostAccessLevel,
  price: Nullable(Type.Number()),
  priceCents: Nullable(Type.Integer()),
  requiresUnlock: Type.Boolean(),
});
export type AccessDetails = Static<typeof AccessDetails>;

/**
 * POST /posts as JSON, and the canonical form a multipart request is converted to (its
 * accessDetails, selectedMediaItems and modelReleaseIds arrive as JSON text, hashtags as JSON
 * text or a space/comma separated list).
 */
export const CreatePostBody = Type.Object(
  {
    caption: Type.Optional(Type.String({ maxLength: POST_CAPTION_MAX })),
    /** one of our own media URLs (an item of the caller's vault); external URLs are refused */
    imageUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
    videoUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
    mediaUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
    mediaType: Type.Optional(Type.Union([Type.Literal('image'), Type.Literal('video')])),
    accessDetails: Type.Optional(AccessDetailsInput),
    hashtags: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), { maxItems: POST_HASHTAGS_MAX }),
    ),
    /** model release ids, stored as given; checked against releases in a later issue */
    modelReleaseIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    /** vault media ids (or `{id}` objects) of the caller */
    selectedMediaItems: Type.Optional(
      Type.Array(Type.Union([Uuid, Type.Object({ id: Uuid })]), { maxItems: POST_MEDIA_MAX }),
    ),
  },
  { additionalProperties: false },
);
export type CreatePostBody = Static<typeof CreatePostBody>;

export const UpdatePostBody = Type.Object(
  {
    caption: Type.Optional(Type.String({ maxLength: POST_CAPTION_MAX })),
    accessDetails: Type.Optional(AccessDetailsInput),
    hashtags: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), { maxItems: POST_HASHTAGS_MAX }),
    ),
  },
  { additionalProperties: false },
);
export type UpdatePostBody = Static<typeof UpdatePostBody>;

export const Comment = Type.Object({
  id: Type.String(),
  commentId: Type.String(),
  postId: Type.String(),
  userId: Type.String(),
  user: PublicUser,
  /** DELETED_COMMENT_TEXT when isDeleted */
  text: Type.String(),
  replyToCommentId: Nullable(Type.String()),
  likeCount: Type.Integer(),
  likedBy: Type.Array(Type.String()),
  isLikedByCurrentUser: Type.Boolean(),
  /** ids of the existing users @mentioned in the text */
  mentions: Type.Array(Type.String()),
  isDeleted: Type.Boolean(),
  isEdited: Type.Boolean(),
  timestamp: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Comment = Static<typeof Comment>;

/** SPEC §3 Post: every response containing a post uses this one shape. */
export const Post = Type.Object({
  id: Type.String(),
  postId: Type.String(),
  userId: Type.String(),
  user: PublicUser,
  caption: Type.String(),
  type: Type.String({ description: 'text, image, video, audio or mixed' }),
  hashtags: Type.Array(Type.String()),
  timestamp: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  accessDetails: AccessDetails,
  isUnlockedForUser: Type.Boolean(),
  /** the viewer bought this post */
  isPaidBy: Type.Boolean(),
  isOwner: Type.Boolean(),
  likeCount: Type.Integer(),
  likes: Type.Integer(),
  isLikedByCurrentUser: Type.Boolean(),
  commentsCount: Type.Integer(),
  viewCount: Type.Integer(),
  /** teasers only when locked: no original URL of a locked post appears anywhere */
  media: Type.Array(PresentedMedia),
  mediaCount: Type.Integer(),
  mediaTypes: Type.Array(Type.String()),
  image: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  video: Nullable(Type.String()),
  videoUrl: Nullable(Type.String()),
  /** the owner's own view only */
  modelReleaseIds: Type.Optional(Type.Array(Type.String())),
  /** GET /posts/{id}: the first page of comments */
  commentsList: Type.Optional(Type.Array(Comment)),
});
export type Post = Static<typeof Post>;

/**
 * Any string up to 64 characters: a malformed id names no post or comment, so it is the 404 of
 * a missing one (the services check the shape before the id reaches a uuid column).
 */
const LookupId = Type.String({ minLength: 1, maxLength: 64 });
export const PostIdParams = Type.Object({ id: LookupId });
export type PostIdParams = Static<typeof PostIdParams>;
export const CommentParams = Type.Object({ id: LookupId, commentId: LookupId });
export type CommentParams = Static<typeof CommentParams>;

export const FeedQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 50, default: PostPaging.feed }),
  offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  /** true: ranked public posts (also what a visitor gets); false: the home feed */
  discoverMode: Type.Boolean({ default: false }),
});
export type FeedQuery = Static<typeof FeedQuery>;

export const OffsetQuery = (defaultLimit: number, maxLimit: number) =>
  Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit }),
    offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  });
export const UserPostsQuery = Type.Composite([
  OffsetQuery(PostPaging.userPosts, PostPaging.userPosts),
  Type.Object({
    /** true: only posts with a photo, video or audio file (a profile's Media tab) */
    media: Type.Boolean({ default: false }),
  }),
]);
export type UserPostsQuery = Static<typeof UserPostsQuery>;

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: PostPaging.comments }),
});
export type PageQuery = Static<typeof PageQuery>;

export const PostPage = Type.Composite([PageInfo, Type.Object({ posts: Type.Array(Post) })]);
export type PostPage = Static<typeof PostPage>;

export const DeletePostResponse = Type.Object({
  ok: Type.Literal(true),
  postId: Type.String(),
  message: Type.String(),
});
export type DeletePostResponse = Static<typeof DeletePostResponse>;

export const LikeResponse = Type.Object({
  postId: Type.String(),
  liked: Type.Boolean(),
  isLikedByCurrentUser: Type.Boolean(),
  likeCount: Type.Integer(),
  likes: Type.Integer(),
});
export type LikeResponse = Static<typeof LikeResponse>;

export const ViewResponse = Type.Object({
  postId: Type.String(),
  /** false when this viewer was already counted this hour (or is the owner or a visitor) */
  counted: Type.Boolean(),
  viewCount: Type.Integer(),
});
export type ViewResponse = Static<typeof ViewResponse>;

export const CreateCommentBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: COMMENT_TEXT_MAX }),
    replyToCommentId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type CreateCommentBody = Static<typeof CreateCommentBody>;

export const UpdateCommentBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: COMMENT_TEXT_MAX }) },
  { additionalProperties: false },
);
export type UpdateCommentBody = Static<typeof UpdateCommentBody>;

export const CommentPage = Type.Composite([
  PageInfo,
  Type.Object({ comments: Type.Array(Comment), commentsCount: Type.Integer() }),
]);
export type CommentPage = Static<typeof CommentPage>;

export const CommentLikeResponse = Type.Object({
  commentId: Type.String(),
  liked: Type.Boolean(),
  isLikedByCurrentUser: Type.Boolean(),
  likeCount: Type.Integer(),
  likedBy: Type.Array(Type.String()),
});
export type CommentLikeResponse = Static<typeof CommentLikeResponse>;

export const PurchasedContentQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: PostPaging.feed }),
});
export type PurchasedContentQuery = Static<typeof PurchasedContentQuery>;
