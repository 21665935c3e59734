import type { MediaItemRow } from '../../platform/db/schema.ts';

/** Who may see or do what with media items: pure rules, used by the services. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id can never name an item of the caller: it is a 404 like a stranger's. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

export function isOwner(viewerId: string | null | undefined, item: Pick<MediaItemRow, 'owner_id'>) {
  return viewerId !== null && viewerId !== undefined && viewerId === item.owner_id;
}

/**
 * An item is private when its original lives in the private namespace (every upload does). A
 * public original (none today) may be linked directly instead of through a signed URL.
 */
export function isPrivateItem(item: Pick<MediaItemRow, 'original_key'>): boolean {
  return !item.original_key.startsWith('public/');
}
