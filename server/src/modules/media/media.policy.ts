import type { MediaItemRow } from '../../platform/db/schema.ts';

/** Who may see or do what with media items: pure rules, used by the services. */

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
