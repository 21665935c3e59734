import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';
import { Post } from './posts.ts';
import { HashtagResult } from './search.ts';
import { PublicUser } from './users.ts';

/**
 * Discover, social share metadata and the optimized (slim, cursor-paged) list variants
 * (SPEC §7 "Other families": discover, social, optimized list variants).
 */
export const DiscoverLimits = {
  creators: 12,
  posts: 20,
  hashtags: 15,
  optimizedDefault: 20,
  optimizedMax: 100,
} as const;

export const DiscoverResponse = Type.Object({
  /** trending creators (follows gained in the last 7 days, then followers) */
  creators: Type.Array(PublicUser),
  /** newest creators, for the "new on Fanspace" row */
  newCreators: Type.Array(PublicUser),
  /** public posts by trending score (SPEC §9: 2 x likes + comments, decayed by age) */
  posts: Type.Array(Post),
  /** hashtags carried by the most live posts */
  hashtags: Type.Array(HashtagResult),
});
export type DiscoverResponse = Static<typeof DiscoverResponse>;

export const OptimizedQuery = Type.Object({
  /** the nextCursor of the previous page */
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({
    minimum: 1,
    maximum: DiscoverLimits.optimizedMax,
    default: DiscoverLimits.optimizedDefault,
  }),
});
export type OptimizedQuery = Static<typeof OptimizedQuery>;

export const SlimPost = Type.Object({
  id: Type.String(),
  authorId: Type.String(),
  authorUsername: Type.String(),
  /** first 140 characters of the caption */
  excerpt: Type.String(),
  accessLevel: Type.String(),
  likesCount: Type.Integer(),
  commentsCount: Type.Integer(),
  publishedAt: Type.String(),
  // the SPEC §3 Post names of the same values, for clients that read a slim row as a Post
  /** the same 140-character excerpt (this list never carries a whole caption) */
  caption: Type.String(),
  userId: Type.String(),
  likeCount: Type.Integer(),
  /** publishedAt, as Post.createdAt is */
  createdAt: Type.String(),
});
export type SlimPost = Static<typeof SlimPost>;
export const SlimPostPage = Type.Object({
  posts: Type.Array(SlimPost),
  nextCursor: Nullable(Type.String()),
  /** nextCursor !== null */
  hasMore: Type.Boolean(),
});
export type SlimPostPage = Static<typeof SlimPostPage>;

export const SlimUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  isCreator: Type.Boolean(),
  isVerified: Type.Boolean(),
  /** null when the account hides it (privacy.showFollowerCount false), as on `PublicUser` */
  followersCount: Nullable(Type.Integer()),
});
export type SlimUser = Static<typeof SlimUser>;
export const SlimUserPage = Type.Object({
  users: Type.Array(SlimUser),
  nextCursor: Nullable(Type.String()),
  /** nextCursor !== null */
  hasMore: Type.Boolean(),
});
export type SlimUserPage = Static<typeof SlimUserPage>;

export const SharePostParams = Type.Object({ postId: Uuid });
export type SharePostParams = Static<typeof SharePostParams>;

export const ShareResponse = Type.Object({
  url: Type.String(),
  title: Type.String(),
  description: Type.String(),
  /** a public image for link previews, or null (locked media is never exposed) */
  image: Nullable(Type.String()),
  openGraph: Type.Record(Type.String(), Type.String()),
  links: Type.Object({
    x: Type.String(),
    facebook: Type.String(),
    reddit: Type.String(),
    telegram: Type.String(),
    whatsapp: Type.String(),
    email: Type.String(),
  }),
});
export type ShareResponse = Static<typeof ShareResponse>;
