import { sql } from 'kysely';
import {
  DATA_TOOLS_MESSAGES,
  type OptimizeStorageResponse,
  type StorageCategory,
  type StorageUsageResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import { getFileStorage, type FileStorage } from '../../platform/storage/file-storage.ts';
import { keyFromPublicUrl } from '../../platform/storage/keys.ts';

/**
 * Storage usage and optimisation of one account. Sizes are the real stored bytes: every media
 * item's files (original and renditions) are measured once with `stat` and remembered in
 * media_stored_sizes (keys never change content: a new upload gets a new key), profile images
 * and documents are measured on each read, exports and imports carry their size in their row.
 */
type StorageCtx = Pick<AppContext, 'db' | 'config' | 'jobs'>;

export const DATA_MEASURE_JOB = 'data.measure-storage';
/** Items measured inside one request; the rest by the job. */
const MEASURE_IN_REQUEST = 300;
const MEASURE_BATCH = 500;
const FILE_COLUMNS = [
  'original_key',
  'large_key',
  'small_key',
  'poster_key',
  'teaser_key',
] as const;

const LABELS: Record<StorageCategory, string> = {
  posts: 'Posts media',
  vault: 'Media vault',
  messages: 'Messages media',
  profile: 'Avatar and banner',
  documents: 'Identity documents',
  exports: 'Data exports',
  imports: 'Imports',
};

/** Sum of the sizes of the keys that exist, and how many exist; 8 stats at a time. */
async function measureKeys(storage: FileStorage, keys: Array<string | null | undefined>) {
  const present = keys.filter((k): k is string => typeof k === 'string' && k.length > 0);
  let bytes = 0;
  let files = 0;
  for (let i = 0; i < present.length; i += 8) {
    const stats = await Promise.all(present.slice(i, i + 8).map((key) => storage.stat(key)));
    for (const stat of stats)
      if (stat) {
        bytes += stat.size;
        files += 1;
      }
  }
  return { bytes, files };
}

type FileKeys = Pick<MediaItemRow, 'id' | (typeof FILE_COLUMNS)[number]>;
const keysOf = (item: FileKeys) => FILE_COLUMNS.map((c) => item[c]);

/** Measures up to `limit` of the owner's live items not measured yet; returns how many. */
export async function measureMedia(ctx: StorageCtx, ownerId: string, limit: number) {
  const storage = getFileStorage(ctx.config);
  let measured = 0;
  while (measured < limit) {
    const items = await ctx.db
      .selectFrom('media_items as m')
      .select(['m.id', ...FILE_COLUMNS.map((c) => `m.${c}` as const)])
      .where('m.owner_id', '=', ownerId)
      .where('m.deleted_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('media_stored_sizes as s')
              .select('s.media_id')
              .whereRef('s.media_id', '=', 'm.id'),
          ),
        ),
      )
      .limit(Math.min(MEASURE_BATCH, limit - measured))
      .execute();
    if (items.length === 0) break;
    const rows = [];
    for (const item of items) {
      const { bytes, files } = await measureKeys(storage, keysOf(item));
      rows.push({ media_id: item.id, owner_id: ownerId, stored_bytes: bytes, file_count: files });
    }
    await ctx.db
      .insertInto('media_stored_sizes')
      .values(rows)
      .onConflict((oc) => oc.column('media_id').doNothing())
      .execute();
    measured += items.length;
  }
  return measured;
}

/** Live media of the owner by category (posts before messages before vault), measured sizes. */
function mediaByCategory(db: DbHandle, ownerId: string) {
  const category = sql<'posts' | 'messages' | 'vault'>`case
    when exists (select 1 from post_media pm join posts p on p.id = pm.post_id
                 where pm.media_id = m.id and p.deleted_at is null) then 'posts'
    when exists (select 1 from message_media mm where mm.media_id = m.id)
      or exists (select 1 from messages x where x.image_media_id = m.id)
      or exists (select 1 from messages x where x.video_media_id = m.id)
      or exists (select 1 from messages x where x.voice_media_id = m.id)
      or exists (select 1 from messages x where x.teaser_media_id = m.id) then 'messages'
    else 'vault' end`;
  return db
    .selectFrom('media_items as m')
    .leftJoin('media_stored_sizes as s', 's.media_id', 'm.id')
    .select([
      category.as('category'),
      sql<string>`coalesce(sum(coalesce(s.stored_bytes, m.size_bytes)), 0)`.as('bytes'),
      sql<string>`coalesce(sum(coalesce(s.file_count, 1)), 0)`.as('files'),
      sql<string>`count(*) filter (where s.media_id is null)`.as('unmeasured'),
    ])
    .where('m.owner_id', '=', ownerId)
    .where('m.deleted_at', 'is', null)
    .groupBy(sql`1`)
    .execute();
}

/** GET /data/storage-usage: real bytes per category. */
export async function storageUsage(ctx: StorageCtx, userId: string): Promise<StorageUsageResponse> {
  await measureMedia(ctx, userId, MEASURE_IN_REQUEST);
  const storage = getFileStorage(ctx.config);
  const [media, user, verifications, releases, exports, imports] = await Promise.all([
    mediaByCategory(ctx.db, userId),
    ctx.db
      .selectFrom('users')
      .select(['avatar_url', 'banner_url'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('identity_verifications')
      .select(['id_front_key', 'id_back_key', 'selfie_key'])
      .where('user_id', '=', userId)
      .execute(),
    ctx.db
      .selectFrom('model_releases')
      .select(['id_front_key', 'id_back_key', 'holding_id_key'])
      .where('creator_id', '=', userId)
      .execute(),
    sumRows(ctx.db, 'data_exports', userId),
    sumRows(ctx.db, 'data_imports', userId),
  ]);
  const profile = await measureKeys(storage, [
    keyFromPublicUrl(user.avatar_url),
    keyFromPublicUrl(user.banner_url),
  ]);
  const documents = await measureKeys(storage, [
    ...verifications.flatMap((v) => [v.id_front_key, v.id_back_key, v.selfie_key]),
    ...releases.flatMap((r) => [r.id_front_key, r.id_back_key, r.holding_id_key]),
  ]);
  const byCategory = new Map(media.map((m) => [m.category, m]));
  const mediaCat = (key: 'posts' | 'vault' | 'messages') => ({
    bytes: Number(byCategory.get(key)?.bytes ?? 0),
    files: Number(byCategory.get(key)?.files ?? 0),
  });
  const sizes: Record<StorageCategory, { bytes: number; files: number }> = {
    posts: mediaCat('posts'),
    vault: mediaCat('vault'),
    messages: mediaCat('messages'),
    profile,
    documents,
    exports,
    imports,
  };
  const unmeasured = media.reduce((n, m) => n + Number(m.unmeasured), 0);
  if (unmeasured > 0)
    await ctx.jobs.enqueue(
      ctx.db,
      DATA_MEASURE_JOB,
      { userId },
      { dedupeKey: `${DATA_MEASURE_JOB}:${userId}:${new Date().toISOString().slice(0, 13)}` },
    );
  const categories = (Object.keys(LABELS) as StorageCategory[]).map((key) => ({
    key,
    label: LABELS[key],
    ...sizes[key],
  }));
  return {
    totalBytes: categories.reduce((n, c) => n + c.bytes, 0),
    totalFiles: categories.reduce((n, c) => n + c.files, 0),
    categories,
    exact: unmeasured === 0,
    measuredAt: new Date().toISOString(),
  };
}

async function sumRows(db: DbHandle, table: 'data_exports' | 'data_imports', userId: string) {
  const row = await db
    .selectFrom(table as 'data_exports')
    .select([
      sql<string>`coalesce(sum(size_bytes), 0)`.as('bytes'),
      sql<string>`count(*)`.as('files'),
    ])
    .where('user_id', '=', userId)
    .where('storage_key', 'is not', null)
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), files: Number(row.files) };
}

/** Unused redundant copies: same content hash, not in any post or message, not the oldest. */
function redundantCopies(db: DbHandle, ownerId: string) {
  return db
    .selectFrom('media_items as m')
    .select(['m.id', ...FILE_COLUMNS.map((c) => `m.${c}` as const)])
    .where('m.owner_id', '=', ownerId)
    .where('m.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('media_items as o')
          .select('o.id')
          .where('o.owner_id', '=', ownerId)
          .where('o.deleted_at', 'is', null)
          .whereRef('o.content_hash', '=', 'm.content_hash')
          .where(sql<boolean>`(o.created_at, o.id) < (m.created_at, m.id)`),
      ),
    )
    .where(sql<boolean>`not exists (select 1 from post_media pm where pm.media_id = m.id)`)
    .where(sql<boolean>`not exists (select 1 from message_media mm where mm.media_id = m.id)`)
    .where(
      sql<boolean>`not exists (select 1 from messages x where m.id in
        (x.image_media_id, x.video_media_id, x.voice_media_id, x.teaser_media_id))`,
    )
    .limit(1000)
    .execute();
}

/**
 * POST /data/optimize-storage: removes leftover files of deleted vault items (renditions a
 * purge missed), unused redundant copies of the same content (the oldest copy, and any copy a
 * post or message uses, stay) and expired exports. Reports the bytes it actually freed.
 */
export async function optimizeStorage(
  ctx: StorageCtx,
  userId: string,
): Promise<OptimizeStorageResponse> {
  const storage = getFileStorage(ctx.config);
  let bytesFreed = 0;
  let filesRemoved = 0;
  const removeKeys = async (keys: Array<string | null | undefined>) => {
    const { bytes, files } = await measureKeys(storage, keys);
    for (const key of keys) if (key) await storage.delete(key);
    bytesFreed += bytes;
    filesRemoved += files;
    return files;
  };

  let orphanedFilesRemoved = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const deleted = await ctx.db
      .selectFrom('media_items')
      .select(['id', ...FILE_COLUMNS])
      .where('owner_id', '=', userId)
      .where('deleted_at', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(MEASURE_BATCH)
      .execute();
    for (const item of deleted) orphanedFilesRemoved += await removeKeys(keysOf(item));
    if (deleted.length < MEASURE_BATCH) break;
    after = deleted[deleted.length - 1]!.id;
  }

  const copies = await redundantCopies(ctx.db, userId);
  if (copies.length > 0) {
    await withTransaction(ctx.db, async (tx) => {
      await tx
        .updateTable('media_items')
        .set({ deleted_at: new Date() })
        .where(
          'id',
          'in',
          copies.map((c) => c.id),
        )
        .where('deleted_at', 'is', null)
        .execute();
    });
    for (const copy of copies) await removeKeys(keysOf(copy));
  }

  const expired = await ctx.db
    .deleteFrom('data_exports')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', new Date())
    .returning(['storage_key'])
    .execute();
  await removeKeys(expired.map((e) => e.storage_key));

  return {
    message: DATA_TOOLS_MESSAGES.storageOptimized,
    bytesFreed,
    filesRemoved,
    duplicatesRemoved: copies.length,
    orphanedFilesRemoved,
    expiredExportsRemoved: expired.length,
  };
}
