import type { AppContext } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import { isOwner } from './media.policy.ts';

/**
 * Who besides the owner may fetch a private original or clear rendition. The media module does
 * not know posts, chats or purchases; those modules register a resolver that answers for the
 * items they published ("this fan bought the post that carries it"). Resolvers are asked on
 * every fetch, so a revoked subscription or a block takes effect at once, even for URLs handed
 * out before.
 */
export type MediaAccessResolver = (
  db: DbHandle,
  viewer: { userId: string } | null,
  mediaId: string,
) => Promise<boolean>;

const resolvers: MediaAccessResolver[] = [];

export function registerMediaAccessResolver(resolver: MediaAccessResolver): void {
  if (!resolvers.includes(resolver)) resolvers.push(resolver);
}

/** The owner always may; anyone else only when some resolver says yes. */
export async function mayFetchMedia(
  ctx: Pick<AppContext, 'db' | 'log'>,
  viewer: { userId: string } | null,
  item: Pick<MediaItemRow, 'id' | 'owner_id'>,
): Promise<boolean> {
  if (isOwner(viewer?.userId, item)) return true;
  for (const resolver of resolvers) {
    try {
      if (await resolver(ctx.db, viewer, item.id)) return true;
    } catch (err) {
      // a failing resolver grants nothing; the others may still answer
      ctx.log.warn({ err, mediaId: item.id }, 'media access resolver failed');
    }
  }
  return false;
}
