import type { RelatedContentBody, RelatedContentResponse } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { presentPosts, type Viewer } from '../posts/post-views.ts';
import { visiblePosts } from '../posts/posts.queries.ts';
import { presentPublicUser } from '../users/users.presenter.ts';
import { liveUsersByIds } from './notifications.queries.ts';

/**
 * POST /notifications/related-content: what a page of notifications points at, in two batched
 * lookups, so the list can show post thumbnails and user cards without one call per row.
 * Posts go through the posts presenter (locked posts stay locked); anything the viewer may not
 * see is simply absent.
 */
export async function relatedContent(
  ctx: Pick<AppContext, 'db' | 'config'>,
  viewer: Viewer,
  body: RelatedContentBody,
): Promise<RelatedContentResponse> {
  const postIds = new Set<string>();
  const userIds = new Set<string>();
  const add = (type: string | null, id: string | null) => {
    if (!id || !isUuid(id)) return;
    if (type === 'post') postIds.add(id.toLowerCase());
    else if (type === 'user') userIds.add(id.toLowerCase());
  };
  for (const item of body.items ?? []) add(item.relatedType, item.relatedId);

  const ids = (body.ids ?? []).filter(isUuid);
  if (ids.length > 0) {
    const rows = await ctx.db
      .selectFrom('notifications')
      .select(['related_id', 'related_type', 'actor_id', 'data'])
      .where('user_id', '=', viewer.id)
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) {
      add(row.related_type, row.related_id);
      if (row.actor_id) userIds.add(row.actor_id);
      const postId = row.data?.postId;
      if (typeof postId === 'string') add('post', postId);
    }
  }

  const [postRows, users] = await Promise.all([
    postIds.size > 0
      ? visiblePosts(ctx.db, viewer.id)
          .selectAll('posts')
          .where('posts.id', 'in', [...postIds])
          .execute()
      : Promise.resolve([]),
    liveUsersByIds(ctx.db, [...userIds], viewer.id),
  ]);
  const posts = await presentPosts(ctx, viewer, postRows);
  return {
    posts: Object.fromEntries(posts.map((p) => [p.id, p])),
    users: Object.fromEntries([...users.values()].map((u) => [u.id, presentPublicUser(u)])),
  };
}
