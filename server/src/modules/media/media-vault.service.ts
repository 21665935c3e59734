import {
  ErrorCodes,
  type CreateMediaFolderBody,
  type DuplicateGroup,
  type DuplicateStats,
  type MediaFolder,
  type MediaListQuery,
  type MediaListResponse,
  type MoveMediaBody,
  type UpdateMediaBody,
  type UpdateMediaFolderBody,
  type VaultMediaItem,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import type { MediaFolderRow } from '../../platform/db/schema.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { cleanLine, titleFrom } from './media.pipeline.ts';
import { isUuid } from '../../platform/ids.ts';
import { presentVaultItem, type MediaViewer } from './media.presenter.ts';
import * as q from './media.queries.ts';
import { assertOwnFolder, folderNotFound, getOwnedMedia, mediaNotFound } from './media.service.ts';

/** The owner's side of the vault: list, edit, delete, folders, moves and duplicates. */

export const MEDIA_PURGE_JOB = 'media.purge';
export const MEDIA_PURGE_OWNER_JOB = 'media.purge-owner';

type VaultCtx = Pick<AppContext, 'config' | 'db' | 'jobs'>;

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string') {
      const createdAt = new Date(value[0]);
      if (!Number.isNaN(createdAt.getTime()) && isUuid(value[1]))
        return { createdAt, id: value[1] };
    }
  } catch {
    // fall through to the 400
  }
  throw new BadRequestError('Invalid cursor', ErrorCodes.VALIDATION_FAILED, {
    field: 'querystring.cursor',
  });
}

const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');

export async function listVault(
  ctx: VaultCtx,
  viewer: MediaViewer,
  query: MediaListQuery,
): Promise<MediaListResponse> {
  let folderId: string | null | undefined;
  if (query.folderId === 'root' || query.folderId === '') folderId = null;
  else if (query.folderId !== undefined) {
    await assertOwnFolder(ctx.db, viewer.userId, query.folderId);
    folderId = query.folderId;
  }
  const rows = await q.listVault(ctx.db, {
    ownerId: viewer.userId,
    ...(folderId !== undefined ? { folderId } : {}),
    ...(query.mediaType ? { mediaType: query.mediaType } : {}),
    ...(query.q && cleanLine(query.q) ? { q: cleanLine(query.q) } : {}),
    ...(query.cursor ? { after: decodeCursor(query.cursor) } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const last = page[page.length - 1];
  return {
    items: page.map((row) => presentVaultItem(ctx, row, viewer)),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

export async function getVaultItem(
  ctx: VaultCtx,
  viewer: MediaViewer,
  id: string,
): Promise<VaultMediaItem> {
  const [item] = await getOwnedMedia(ctx.db, viewer.userId, [id]);
  return presentVaultItem(ctx, item!, viewer);
}

/** Control characters out (PostgreSQL refuses NUL), line breaks and tabs kept. */
const cleanDescription = (text: string) =>
  text.replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' ? c : '')).trim();

export async function updateVaultItem(
  ctx: VaultCtx,
  viewer: MediaViewer,
  id: string,
  body: UpdateMediaBody,
): Promise<VaultMediaItem> {
  if (!isUuid(id)) throw mediaNotFound();
  return withTransaction(ctx.db, async (tx) => {
    await assertOwnFolder(tx, viewer.userId, body.folderId);
    const updated = await q.updateMediaItem(tx, viewer.userId, id, {
      ...(body.title !== undefined ? { title: titleFrom(body.title, '') } : {}),
      ...(body.description !== undefined
        ? { description: cleanDescription(body.description) }
        : {}),
      ...(body.folderId !== undefined ? { folder_id: body.folderId } : {}),
    });
    if (!updated) throw mediaNotFound();
    return presentVaultItem(ctx, updated, viewer);
  });
}

/**
 * Soft delete: the item disappears from the vault and from every fetch at once; its files are
 * removed by the purge job, enqueued in the same transaction.
 */
export async function deleteVaultItem(ctx: VaultCtx, ownerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw mediaNotFound();
  await withTransaction(ctx.db, async (tx) => {
    const deleted = await q.softDeleteMediaItem(tx, ownerId, id);
    if (!deleted) throw mediaNotFound();
    await ctx.jobs.enqueue(
      tx,
      MEDIA_PURGE_JOB,
      { mediaId: id },
      { dedupeKey: `media-purge:${id}` },
    );
  });
}

export async function moveVaultItems(
  ctx: VaultCtx,
  ownerId: string,
  body: MoveMediaBody,
): Promise<{ moved: number }> {
  return withTransaction(ctx.db, async (tx) => {
    await assertOwnFolder(tx, ownerId, body.folderId);
    await getOwnedMedia(tx, ownerId, body.mediaIds);
    return { moved: await q.moveMediaItems(tx, ownerId, body.mediaIds, body.folderId) };
  });
}

// folders

const folderView = (row: MediaFolderRow, itemCount = 0): MediaFolder => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id,
  itemCount,
  createdAt: row.created_at.toISOString(),
});

const cleanName = (name: string) => {
  const clean = cleanLine(name);
  if (!clean)
    throw new BadRequestError('Folder name cannot be empty', ErrorCodes.VALIDATION_FAILED, {
      field: 'body.name',
    });
  return clean;
};

export async function listFolders(ctx: VaultCtx, ownerId: string): Promise<MediaFolder[]> {
  const rows = await q.listFolders(ctx.db, ownerId);
  return rows.map((row) => folderView(row, Number(row.item_count)));
}

/** One of the owner's folders, as the list shows it; another user's or a malformed id: 404. */
export async function getFolder(ctx: VaultCtx, ownerId: string, id: string): Promise<MediaFolder> {
  if (!isUuid(id)) throw folderNotFound();
  const [row] = await q.listFolders(ctx.db, ownerId, id);
  if (!row) throw folderNotFound();
  return folderView(row, Number(row.item_count));
}

export async function createFolder(
  ctx: VaultCtx,
  ownerId: string,
  body: CreateMediaFolderBody,
): Promise<MediaFolder> {
  return withTransaction(ctx.db, async (tx) => {
    await assertOwnFolder(tx, ownerId, body.parentId);
    return folderView(
      await q.insertFolder(tx, ownerId, cleanName(body.name), body.parentId ?? null),
    );
  });
}

export async function updateFolder(
  ctx: VaultCtx,
  ownerId: string,
  id: string,
  body: UpdateMediaFolderBody,
): Promise<MediaFolder> {
  if (!isUuid(id)) throw folderNotFound();
  return withTransaction(ctx.db, async (tx) => {
    if (!(await q.findFolder(tx, ownerId, id))) throw folderNotFound();
    if (body.parentId) {
      await assertOwnFolder(tx, ownerId, body.parentId);
      // a folder cannot move into itself or below one of its own sub-folders
      if ((await q.folderAncestors(tx, body.parentId)).includes(id))
        throw new BadRequestError(
          'A folder cannot be moved into itself or one of its sub-folders',
          ErrorCodes.VALIDATION_FAILED,
          { field: 'body.parentId' },
        );
    }
    const updated = await q.updateFolder(tx, ownerId, id, {
      ...(body.name !== undefined ? { name: cleanName(body.name) } : {}),
      ...(body.parentId !== undefined ? { parent_id: body.parentId } : {}),
    });
    if (!updated) throw folderNotFound();
    const counted = (await q.listFolders(tx, ownerId)).find((f) => f.id === id);
    return folderView(updated, Number(counted?.item_count ?? 0));
  });
}

/** Deletes a folder; its items and sub-folders move to the root. */
export async function deleteFolder(ctx: VaultCtx, ownerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await q.deleteFolder(ctx.db, ownerId, id))) throw folderNotFound();
}

// duplicates

export async function duplicateStats(ctx: VaultCtx, ownerId: string): Promise<DuplicateStats> {
  const stats = await q.duplicateStats(ctx.db, ownerId);
  return { duplicateGroups: stats.groups, duplicateItems: stats.items, wastedBytes: stats.wasted };
}

export async function findDuplicates(
  ctx: VaultCtx,
  viewer: MediaViewer,
  limit: number,
): Promise<DuplicateGroup[]> {
  const { groups, items } = await q.duplicateGroups(ctx.db, viewer.userId, limit);
  return groups.map((group) => ({
    contentHash: group.content_hash,
    count: Number(group.count),
    sizeBytes: Number(group.size),
    wastedBytes: Number(group.wasted),
    items: items
      .filter((item) => item.content_hash === group.content_hash)
      .map((item) => presentVaultItem(ctx, item, viewer)),
  }));
}
