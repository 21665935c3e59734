import type { PostPage, PurchasedContentQuery } from '@fanspace/contracts';
import { postPage } from '../posts/feeds.service.ts';
import type { PostsCtx, Viewer } from '../posts/post-views.ts';
import { userNotFound } from '../users/users.policy.ts';
import { findUserById } from '../users/users.queries.ts';
import { purchasedPosts } from './purchases.queries.ts';

/**
 * What the viewer bought, presented like every post (a purchase unlocks it, so the originals
 * are there). Posts the viewer can no longer see (deleted, author gone, a block) drop out.
 */
export async function purchasedContent(
  ctx: PostsCtx,
  viewer: Viewer,
  creatorId: string | null,
  query: PurchasedContentQuery,
): Promise<PostPage> {
  // one creator's: an account that never existed is a 404 (a blocked or closed one just lists
  // nothing, like any other creator whose posts the viewer cannot see)
  if (creatorId !== null && !(await findUserById(ctx.db, creatorId))) throw userNotFound();
  const window = { limit: query.limit, offset: (query.page - 1) * query.limit };
  return postPage(ctx, viewer, window, await purchasedPosts(ctx.db, viewer.id, creatorId, window));
}
