import type { AppContext } from '../../platform/context.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { findMediaById } from './media.queries.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import { MEDIA_PURGE_JOB, MEDIA_PURGE_OWNER_JOB } from './media-vault.service.ts';

/**
 * `media.purge`: removes the files of a soft-deleted item (original, renditions, poster,
 * teaser). The row stays, so posts that carried the item still know it existed.
 */
export function registerMediaJobs(ctx: AppContext) {
  const storage = () => getFileStorage(ctx.config);
  const purgeFiles = (item: Pick<MediaItemRow, FileColumn>) =>
    Promise.all(
      FILE_COLUMNS.map((column) => item[column])
        .filter((k): k is string => k !== null)
        .map((key) => storage().delete(key)),
    );

  ctx.jobs.register(MEDIA_PURGE_JOB, async (payload) => {
    const mediaId = typeof payload.mediaId === 'string' ? payload.mediaId : null;
    if (!mediaId) throw new Error('media.purge: invalid payload');
    const item = await findMediaById(ctx.db, mediaId);
    if (!item?.deleted_at) return;
    await purgeFiles(item);
  });

  /**
   * `media.purge-owner`: every soft-deleted item of one account (account deletion), in pages
   * by id so a vault of any size is purged in bounded memory; safe to run again.
   */
  ctx.jobs.register(MEDIA_PURGE_OWNER_JOB, async (payload) => {
    const ownerId = typeof payload.ownerId === 'string' ? payload.ownerId : null;
    if (!ownerId) throw new Error('media.purge-owner: invalid payload');
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const items = await ctx.db
        .selectFrom('media_items')
        .select(['id', ...FILE_COLUMNS])
        .where('owner_id', '=', ownerId)
        .where('deleted_at', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(200)
        .execute();
      for (const item of items) await purgeFiles(item);
      if (items.length < 200) return;
      after = items[items.length - 1]!.id;
    }
  });
}

const FILE_COLUMNS = [
  'original_key',
  'large_key',
  'small_key',
  'poster_key',
  'teaser_key',
] as const satisfies ReadonlyArray<keyof MediaItemRow>;
type FileColumn = (typeof FILE_COLUMNS)[number];
