import type { Post, PresentedMedia } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { PostRow } from '../../platform/db/schema.ts';
import { UnauthorizedError } from '../../platform/errors.ts';
import { presentMedia } from '../media/media.service.ts';
import { presentPublicUser } from '../users/users.presenter.ts';
import { canUnlock } from './posts.policy.ts';
import { presentPost } from './posts.presenter.ts';
import {
  accessFacts,
  authorsWithFacts,
  postFacts,
  postMediaRows,
  type PageExtras,
  type PostFacts,
} from './viewer-state.queries.ts';

/** Who is looking: signed media URLs are bound to the session, so it travels along. */
export interface Viewer {
  id: string;
  sessionId: string;
}

export function viewerOf(request: FastifyRequest): Viewer | null {
  return request.auth ? { id: request.auth.user.id, sessionId: request.auth.session.id } : null;
}

/** The viewer of a route that is not public (the auth hook guarantees one). */
export function signedInViewer(request: FastifyRequest): Viewer {
  const viewer = viewerOf(request);
  if (!viewer) throw new UnauthorizedError();
  return viewer;
}

/** `db` may be the read replica (platform/db/read-routing.ts `readContext`) */
export type PostsCtx = Pick<AppContext, 'db' | 'config'>;

const EMPTY = { liked: new Set<string>(), purchased: new Set<string>() };

/**
 * Every post response goes through here (feeds, profile lists, single posts, search,
 * purchased content): a fixed number of batched queries for the page, then the pure
 * presenter. Media of a locked post are presented locked (teaser only, no clear URL).
 */
export async function presentPosts(
  ctx: PostsCtx,
  viewer: Viewer | null,
  rows: PostRow[],
  db: DbHandle = ctx.db,
  /** the viewer's likes and purchases, when the page's query already read them */
  known?: PostFacts,
  /** the authors and media, when the page's query already read them */
  extras?: PageExtras,
): Promise<Post[]> {
  if (rows.length === 0) return [];
  const viewerId = viewer?.id ?? null;
  const postIds = rows.map((p) => p.id);
  const [facts, authors, mediaRows] = await Promise.all([
    known ?? (viewerId ? postFacts(db, viewerId, postIds) : EMPTY),
    extras?.authors ?? authorsWithFacts(db, viewerId, [...new Set(rows.map((p) => p.user_id))]),
    extras?.media ?? postMediaRows(db, postIds),
  ]);
  const mediaByPost = new Map<string, typeof mediaRows>();
  for (const item of mediaRows) {
    const list = mediaByPost.get(item.post_id) ?? [];
    list.push(item);
    mediaByPost.set(item.post_id, list);
  }
  const mediaViewer = viewer ? { userId: viewer.id, sessionId: viewer.sessionId } : null;

  const posts: Post[] = [];
  for (const post of rows) {
    const author = authors.get(post.user_id);
    if (!author) continue;
    const isOwner = viewerId === post.user_id;
    const hasPurchased = facts.purchased.has(post.id);
    const unlocked = canUnlock(post, {
      isOwner,
      isFollower: author.isFollowing,
      isSubscriber: author.isSubscribed,
      hasPurchased,
    });
    const media: PresentedMedia[] = (mediaByPost.get(post.id) ?? []).map((item) =>
      presentMedia(ctx, item, { unlocked, viewer: mediaViewer }),
    );
    posts.push(
      presentPost(post, {
        author: presentPublicUser(
          author.row,
          viewerId && !isOwner
            ? {
                isFollowing: author.isFollowing,
                isBlocked: author.isBlocked,
                isRestricted: author.isRestricted,
                isSubscribed: author.isSubscribed,
              }
            : undefined,
          viewerId,
        ),
        isOwner,
        unlocked,
        isPaidBy: hasPurchased,
        liked: facts.liked.has(post.id),
        media,
      }),
    );
  }
  return posts;
}

export async function presentOnePost(
  ctx: PostsCtx,
  viewer: Viewer | null,
  row: PostRow,
  db: DbHandle = ctx.db,
  /** what the post's own query already read (`findVisiblePostPage`) */
  read?: { facts: PostFacts; extras: PageExtras },
): Promise<Post> {
  const [post] = await presentPosts(ctx, viewer, [row], db, read?.facts, read?.extras);
  if (!post) throw new Error(`post ${row.id} has no visible author`);
  return post;
}

/** Whether the viewer may see this one post's content (comments, media originals). */
export async function isUnlockedFor(
  db: DbHandle,
  viewerId: string | null,
  post: PostRow,
): Promise<boolean> {
  if (viewerId === post.user_id || post.access_level === 'public') return true;
  if (!viewerId) return false;
  return canUnlock(post, { isOwner: false, ...(await accessFacts(db, viewerId, post)) });
}
