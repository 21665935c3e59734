import type { AppContext } from '../../platform/context.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { findMediaById } from './media.queries.ts';
import { MEDIA_PURGE_JOB } from './media-vault.service.ts';

/**
 * `media.purge`: removes the files of a soft-deleted item (original, renditions, poster,
 * teaser). The row stays, so posts that carried the item still know it existed.
 */
export function registerMediaJobs(ctx: AppContext) {
  ctx.jobs.register(MEDIA_PURGE_JOB, async (payload) => {
    const mediaId = typeof payload.mediaId === 'string' ? payload.mediaId : null;
    if (!mediaId) throw new Error('media.purge: invalid payload');
    const item = await findMediaById(ctx.db, mediaId);
    if (!item?.deleted_at) return;
    const storage = getFileStorage(ctx.config);
    const keys = [
      item.original_key,
      item.large_key,
      item.small_key,
      item.poster_key,
      item.teaser_key,
    ];
    await Promise.all(
      keys.filter((k): k is string => k !== null).map((key) => storage.delete(key)),
    );
  });
}
