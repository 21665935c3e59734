import { sql, type Insertable, type Updateable } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { olderThanCursor } from '../../platform/db/exact-time.ts';
import type {
  MediaFolderRow,
  MediaItemRow,
  MediaItemsTable,
  MediaUploadRow,
  MediaUploadsTable,
} from '../../platform/db/schema.ts';

/** SQL of the media module only; every function takes the caller's handle. */

export type MediaType = MediaItemRow['media_type'];

export async function insertMediaItem(
  db: DbHandle,
  values: Insertable<MediaItemsTable>,
): Promise<MediaItemRow> {
  return db.insertInto('media_items').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Live (not deleted) items by id, whoever owns them; callers check ownership. */
export async function findLiveMedia(db: DbHandle, ids: string[]): Promise<MediaItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('media_items')
    .selectAll()
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function findOwnedMedia(
  db: DbHandle,
  ownerId: string,
  ids: string[],
): Promise<MediaItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('media_items')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Any item by id, deleted or not (the purge job). */
export async function findMediaById(db: DbHandle, id: string): Promise<MediaItemRow | undefined> {
  return db.selectFrom('media_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface VaultFilter {
  ownerId: string;
  /** undefined: every item; null: the root; a string: that folder */
  folderId?: string | null;
  mediaType?: MediaType;
  q?: string;
  after?: { createdAt: Date; id: string };
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One vault page, newest first, keyset on (created_at, id) over media_items_owner_idx. */
export async function listVault(db: DbHandle, filter: VaultFilter): Promise<MediaItemRow[]> {
  let query = db
    .selectFrom('media_items')
    .selectAll()
    .where('owner_id', '=', filter.ownerId)
    .where('deleted_at', 'is', null);
  if (filter.folderId === null) query = query.where('folder_id', 'is', null);
  else if (filter.folderId !== undefined) query = query.where('folder_id', '=', filter.folderId);
  if (filter.mediaType) query = query.where('media_type', '=', filter.mediaType);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where((eb) =>
      eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]),
    );
  }
  if (filter.after) {
    const { createdAt, id } = filter.after;
    query = query.where(
      olderThanCursor(
        'media_items',
        'created_at',
        { time: 'created_at', id: 'id' },
        {
          at: createdAt,
          id,
        },
      ),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

export async function updateMediaItem(
  db: DbHandle,
  ownerId: string,
  id: string,
  values: Updateable<MediaItemsTable>,
): Promise<MediaItemRow | undefined> {
  // nothing to change (a body of only unknown fields, stripped): the item as it is, not `set ()`
  if (Object.keys(values).length === 0) return (await findOwnedMedia(db, ownerId, [id]))[0];
  return db
    .updateTable('media_items')
    .set(values)
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function softDeleteMediaItem(
  db: DbHandle,
  ownerId: string,
  id: string,
): Promise<MediaItemRow | undefined> {
  return updateMediaItem(db, ownerId, id, { deleted_at: new Date() });
}

export async function moveMediaItems(
  db: DbHandle,
  ownerId: string,
  ids: string[],
  folderId: string | null,
): Promise<number> {
  const result = await db
    .updateTable('media_items')
    .set({ folder_id: folderId })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// folders

export async function findFolder(
  db: DbHandle,
  ownerId: string,
  id: string,
): Promise<MediaFolderRow | undefined> {
  return db
    .selectFrom('media_folders')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** The owner's folders with their live item counts (only folder `id` when given). */
export async function listFolders(
  db: DbHandle,
  ownerId: string,
  id?: string,
): Promise<Array<MediaFolderRow & { item_count: number }>> {
  return db
    .selectFrom('media_folders as f')
    .selectAll('f')
    .select((eb) =>
      eb
        .selectFrom('media_items as i')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('i.folder_id', '=', 'f.id')
        .where('i.deleted_at', 'is', null)
        .as('item_count'),
    )
    .where('f.owner_id', '=', ownerId)
    .$if(id !== undefined, (qb) => qb.where('f.id', '=', id!))
    .orderBy('f.name')
    .orderBy('f.id')
    .execute() as Promise<Array<MediaFolderRow & { item_count: number }>>;
}

export async function insertFolder(
  db: DbHandle,
  ownerId: string,
  name: string,
  parentId: string | null,
): Promise<MediaFolderRow> {
  return db
    .insertInto('media_folders')
    .values({ owner_id: ownerId, name, parent_id: parentId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateFolder(
  db: DbHandle,
  ownerId: string,
  id: string,
  values: { name?: string; parent_id?: string | null },
): Promise<MediaFolderRow | undefined> {
  if (Object.keys(values).length === 0) return findFolder(db, ownerId, id);
  return db
    .updateTable('media_folders')
    .set(values)
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the folder; its items and sub-folders fall to the root (ON DELETE SET NULL). */
export async function deleteFolder(db: DbHandle, ownerId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('media_folders')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The folder's ancestors, nearest first (cycle check when re-parenting). */
export async function folderAncestors(db: DbHandle, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from media_folders where id = ${id}
      union all
      select f.id, f.parent_id, up.depth + 1 from media_folders f join up on f.id = up.parent_id
      where up.depth < 100
    )
    select id from up order by depth`.execute(db);
  return rows.map((r) => r.id);
}

// duplicates

export async function duplicateStats(db: DbHandle, ownerId: string) {
  const { rows } = await sql<{ groups: number; items: number; wasted: number }>`
    select count(*)::int as groups,
           coalesce(sum(n - 1), 0)::int as items,
           coalesce(sum(wasted), 0)::bigint as wasted
    from (
      select count(*) as n, sum(size_bytes) - min(size_bytes) as wasted
      from media_items
      where owner_id = ${ownerId} and deleted_at is null
      group by content_hash
      having count(*) > 1
    ) g`.execute(db);
  const row = rows[0];
  return { groups: row?.groups ?? 0, items: row?.items ?? 0, wasted: Number(row?.wasted ?? 0) };
}

/** The largest waste first; the items of those groups, oldest first. */
export async function duplicateGroups(db: DbHandle, ownerId: string, limit: number) {
  const groups = await db
    .selectFrom('media_items')
    .select((eb) => [
      'content_hash',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number>('size_bytes').as('size'),
      sql<number>`sum(size_bytes) - min(size_bytes)`.as('wasted'),
    ])
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .groupBy('content_hash')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .orderBy('wasted', 'desc')
    .orderBy('content_hash')
    .limit(limit)
    .execute();
  if (groups.length === 0) return { groups, items: [] };
  const items = await db
    .selectFrom('media_items')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .where(
      'content_hash',
      'in',
      groups.map((g) => g.content_hash),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { groups, items };
}

// presigned uploads

export async function insertUpload(
  db: DbHandle,
  values: Insertable<MediaUploadsTable>,
): Promise<MediaUploadRow> {
  return db.insertInto('media_uploads').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findUpload(db: DbHandle, id: string): Promise<MediaUploadRow | undefined> {
  return db.selectFrom('media_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Claims a pending, unexpired upload for processing; one caller wins, the others get nothing. */
export async function claimUpload(
  db: DbHandle,
  id: string,
  ownerId: string,
): Promise<MediaUploadRow | undefined> {
  return db
    .updateTable('media_uploads')
    .set({ status: 'processing' })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();
}

export async function finishUpload(
  db: DbHandle,
  id: string,
  outcome: { status: 'completed'; mediaId: string } | { status: 'pending' | 'failed' },
): Promise<void> {
  await db
    .updateTable('media_uploads')
    .set({
      status: outcome.status,
      ...(outcome.status === 'completed' ? { media_id: outcome.mediaId } : {}),
    })
    .where('id', '=', id)
    .execute();
}
