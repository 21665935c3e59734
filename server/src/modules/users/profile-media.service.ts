import { randomUUID } from 'node:crypto';
import { PROFILE_IMAGE_MAX_BYTES } from '@fanspace/contracts';
import { onCommit, withTransaction } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import {
  decodeImageDataUrl,
  PROFILE_IMAGE_SIZES,
  reencodeImage,
} from '../../platform/storage/images.ts';
import { keyFromPublicUrl } from '../../platform/storage/keys.ts';
import { lockUser, updateUser } from './users.queries.ts';
import type { UsersCtx } from './users.service.ts';

export type ProfileImageKind = keyof typeof PROFILE_IMAGE_SIZES;

const COLUMN = { avatar: 'avatar_url', banner: 'banner_url' } as const;

/**
 * PUT /users/me/avatar and /banner: a data-URL image is checked by content, re-encoded to WebP
 * at a fixed size without metadata (EXIF/GPS gone), stored under a fresh public key and set on
 * the account. The previous file is removed only after the new URL committed.
 */
export async function setProfileImage(
  ctx: UsersCtx,
  userId: string,
  kind: ProfileImageKind,
  dataUrl: string,
): Promise<UserRow> {
  const bytes = decodeImageDataUrl(dataUrl, PROFILE_IMAGE_MAX_BYTES);
  const webp = await reencodeImage(bytes, PROFILE_IMAGE_SIZES[kind]);
  const storage = getFileStorage(ctx.config);
  const key = `public/${kind}s/${userId}/${randomUUID()}.webp`;
  await storage.put(key, webp, 'image/webp');
  try {
    return await withTransaction(ctx.db, async (tx) => {
      const current = await lockUser(tx, userId);
      if (!current) throw new NotFoundError('User not found');
      const column = COLUMN[kind];
      const previous = keyFromPublicUrl(current[column]);
      const updated = await updateUser(tx, userId, { [column]: storage.publicUrl(key) });
      if (previous) onCommit(tx, () => storage.delete(previous));
      return updated;
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}
