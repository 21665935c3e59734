import {
  DiscoverLimits,
  ErrorCodes,
  type DiscoverResponse,
  type OptimizedQuery,
  type ShareResponse,
  type SlimPostPage,
  type SlimUserPage,
} from '@fanspace/contracts';
import { publicBaseUrl } from '../auth/auth.mails.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { newestCreators, trendingCreators } from '../graph/discovery.service.ts';
import { presentPosts, type PostsCtx, type Viewer } from '../posts/post-views.ts';
import { discoverRows, findVisiblePost } from '../posts/posts.queries.ts';
import { visibleFollowersCount } from '../users/users.presenter.ts';
import { findUserById } from '../users/users.queries.ts';
import * as q from './discover.queries.ts';
import { isUuid } from '../../platform/ids.ts';

/**
 * GET /discover gathers the existing discovery lists in one call; the optimized variants are
 * slim projections paged by a keyset cursor (stable under inserts, no OFFSET scans); share
 * metadata is given for public posts only.
 */

export async function discover(ctx: PostsCtx, viewer: Viewer | null): Promise<DiscoverResponse> {
  const viewerId = viewer?.id ?? null;
  const [trending, newest, rows, tags] = await Promise.all([
    trendingCreators(ctx.db, viewerId, DiscoverLimits.creators),
    newestCreators(ctx.db, viewerId, DiscoverLimits.creators),
    discoverRows(ctx.db, viewerId, { limit: DiscoverLimits.posts, offset: 0 }).execute(),
    q.popularHashtags(ctx.db, DiscoverLimits.hashtags),
  ]);
  return {
    creators: trending.users,
    newCreators: newest.users,
    posts: await presentPosts(ctx, viewer, rows),
    hashtags: tags.map((t) => ({ tag: t.tag, name: `#${t.tag}`, postsCount: t.posts_count })),
  };
}

// ---- cursors: base64url of "<iso time>|<uuid>" ----

export function encodeCursor(at: Date, id: string) {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(raw: string | undefined): q.Cursor | null {
  if (!raw) return null;
  const [time, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const at = new Date(time ?? '');
  if (!id || !isUuid(id) || Number.isNaN(at.getTime()))
    throw new BadRequestError('Invalid cursor', ErrorCodes.VALIDATION_FAILED, { field: 'cursor' });
  return { at, id };
}

/** One more row than asked tells whether a next page exists. */
function paged<T>(rows: T[], limit: number, cursorOf: (row: T) => string) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last ? cursorOf(last) : null;
  return { items, nextCursor, hasMore: nextCursor !== null };
}

export async function optimizedPosts(
  ctx: PostsCtx,
  viewerId: string | null,
  query: OptimizedQuery,
): Promise<SlimPostPage> {
  const rows = await q.slimPosts(ctx.db, viewerId, decodeCursor(query.cursor), query.limit + 1);
  const { items, nextCursor, hasMore } = paged(rows, query.limit, (r) =>
    encodeCursor(r.published_at, r.id),
  );
  return {
    posts: items.map((r) => {
      const publishedAt = r.published_at.toISOString();
      return {
        id: r.id,
        authorId: r.user_id,
        authorUsername: r.username,
        excerpt: r.excerpt,
        accessLevel: r.access_level,
        likesCount: r.likes_count,
        commentsCount: r.comments_count,
        publishedAt,
        caption: r.excerpt,
        userId: r.user_id,
        likeCount: r.likes_count,
        createdAt: publishedAt,
      };
    }),
    nextCursor,
    hasMore,
  };
}

export async function optimizedUsers(
  ctx: PostsCtx,
  viewerId: string | null,
  query: OptimizedQuery,
): Promise<SlimUserPage> {
  const rows = await q.slimCreators(ctx.db, viewerId, decodeCursor(query.cursor), query.limit + 1);
  const { items, nextCursor, hasMore } = paged(rows, query.limit, (r) =>
    encodeCursor(r.created_at, r.id),
  );
  return {
    users: items.map((r) => ({
      id: r.id,
      username: r.username,
      displayName: r.display_name,
      avatarUrl: r.avatar_url,
      isCreator: true,
      isVerified: r.identity_status === 'verified',
      followersCount: visibleFollowersCount(r, viewerId),
    })),
    nextCursor,
    hasMore,
  };
}

/** GET /social/share/{postId}: link-preview metadata and share links of a public post. */
export async function shareInfo(
  ctx: PostsCtx,
  viewerId: string | null,
  postId: string,
): Promise<ShareResponse> {
  const post = await findVisiblePost(ctx.db, viewerId, postId);
  // only what a visitor could open is shareable: locked or follower-only posts are not found
  if (!post || post.access_level !== 'public' || post.published_at > new Date())
    throw new NotFoundError('Post not found', ErrorCodes.NOT_FOUND);
  const author = await findUserById(ctx.db, post.user_id);
  const name = author?.display_name || `@${author?.username ?? 'creator'}`;
  const url = `${publicBaseUrl(ctx.config)}/p/${post.id}`;
  const caption = post.caption.replace(/\s+/g, ' ').trim();
  const description = caption ? caption.slice(0, 200) : `A post by ${name} on Fanspace`;
  const title = `${name} on Fanspace`;
  const image = author?.avatar_url ?? null;
  const enc = encodeURIComponent;
  return {
    url,
    title,
    description,
    image,
    openGraph: {
      'og:type': 'article',
      'og:site_name': 'Fanspace',
      'og:title': title,
      'og:description': description,
      'og:url': url,
      ...(image ? { 'og:image': image } : {}),
      'twitter:card': image ? 'summary' : 'summary_large_image',
      'twitter:title': title,
      'twitter:description': description,
    },
    links: {
      x: `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(title)}`,
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`,
      reddit: `https://www.reddit.com/submit?url=${enc(url)}&title=${enc(title)}`,
      telegram: `https://t.me/share/url?url=${enc(url)}&text=${enc(title)}`,
      whatsapp: `https://wa.me/?text=${enc(`${title} ${url}`)}`,
      email: `mailto:?subject=${enc(title)}&body=${enc(url)}`,
    },
  };
}
