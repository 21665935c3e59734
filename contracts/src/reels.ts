import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * Reels (SPEC §7 "Other families": reels, CRUD-style): short vertical videos from creators,
 * shown in a swipeable full-screen feed to every signed-in user, with likes and a view count
 * (one view per viewer; the creator's own views are not counted).
 */

export const ReelLimits = {
  captionMax: 500,
  /** reels longer than this are refused (when the length is known) */
  maxSeconds: 180,
  pageSize: 10,
  maxPageSize: 50,
  perDay: 20,
} as const;

export const REEL_MESSAGES = {
  onlyCreators: 'Only creators can post reels',
  identityPending: 'Only creators can post reels: your identity verification is still pending',
  needsVideo: 'A reel needs a video',
  videoOnly: 'Reels take videos',
  tooLong: `Reels can be up to ${ReelLimits.maxSeconds} seconds long`,
  notFound: 'Reel not found',
  deleted: 'Reel deleted',
  tooMany: `You can post up to ${ReelLimits.perDay} reels a day`,
  commentNotFound: 'Comment not found',
  emptyComment: 'A comment needs some text',
} as const;

export const ReelAuthor = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  isVerified: Type.Boolean(),
});
export type ReelAuthor = Static<typeof ReelAuthor>;

export const Reel = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  user: ReelAuthor,
  caption: Type.String(),
  mediaId: Nullable(Type.String()),
  /** the video, signed for this session; null when its file was deleted */
  videoUrl: Nullable(Type.String()),
  posterUrl: Nullable(Type.String()),
  durationSeconds: Nullable(Type.Number()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  likeCount: Type.Integer(),
  viewCount: Type.Integer(),
  commentCount: Type.Integer(),
  isLiked: Type.Boolean(),
  isOwn: Type.Boolean(),
  createdAt: Type.String(),
});
export type Reel = Static<typeof Reel>;

/** POST /reels as JSON (a vault video); multipart carries the file under `video`. */
export const CreateReelBody = Type.Object(
  {
    caption: Type.Optional(Type.String({ maxLength: ReelLimits.captionMax })),
    mediaId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type CreateReelBody = Static<typeof CreateReelBody>;

export const ReelsQuery = Type.Object({
  /** one creator's reels; default: everyone's, newest first */
  userId: Type.Optional(Uuid),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({
    minimum: 1,
    maximum: ReelLimits.maxPageSize,
    default: ReelLimits.pageSize,
  }),
});
export type ReelsQuery = Static<typeof ReelsQuery>;

export const ReelsResponse = Type.Object({
  reels: Type.Array(Reel),
  nextCursor: Nullable(Type.String()),
  hasMore: Type.Boolean(),
});
export type ReelsResponse = Static<typeof ReelsResponse>;

export const ReelIdParams = Type.Object({ id: Uuid });
export type ReelIdParams = Static<typeof ReelIdParams>;

export const ReelLikeResponse = Type.Object({
  reelId: Type.String(),
  liked: Type.Boolean(),
  isLiked: Type.Boolean(),
  likeCount: Type.Integer(),
});
export type ReelLikeResponse = Static<typeof ReelLikeResponse>;

export const ReelViewResponse = Type.Object({
  reelId: Type.String(),
  counted: Type.Boolean(),
  viewCount: Type.Integer(),
});
export type ReelViewResponse = Static<typeof ReelViewResponse>;

export const DeleteReelResponse = Type.Object({
  ok: Type.Literal(true),
  reelId: Type.String(),
  message: Type.String(),
});
export type DeleteReelResponse = Static<typeof DeleteReelResponse>;

export const ReelComment = Type.Object({
  id: Type.String(),
  reelId: Type.String(),
  userId: Type.String(),
  user: Nullable(ReelAuthor),
  content: Type.String(),
  createdAt: Type.String(),
  canDelete: Type.Boolean(),
});
export type ReelComment = Static<typeof ReelComment>;

export const CreateReelCommentBody = Type.Object(
  { content: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false },
);
export type CreateReelCommentBody = Static<typeof CreateReelCommentBody>;

export const ReelCommentsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 30 }),
});
export type ReelCommentsQuery = Static<typeof ReelCommentsQuery>;

/** GET /reels/{id}/comments: oldest first, as a conversation reads. */
export const ReelCommentsResponse = Type.Object({
  reelId: Type.String(),
  comments: Type.Array(ReelComment),
  commentCount: Type.Integer(),
  page: Type.Integer(),
  /** SPEC §3 pagination: the same page, and the pages of the comments this viewer may see */
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type ReelCommentsResponse = Static<typeof ReelCommentsResponse>;

export const DeleteReelCommentResponse = Type.Object({
  ok: Type.Literal(true),
  commentId: Type.String(),
  commentCount: Type.Integer(),
});
export type DeleteReelCommentResponse = Static<typeof DeleteReelCommentResponse>;
