import type { MediaVariant, PresentedMedia, VaultMediaItem } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { expiryFor, signFields } from '../../platform/storage/signed-urls.ts';

/**
 * How a media item looks to a viewer. Locked items carry only the public blurred teaser: no
 * original, no clear rendition, not even a signed URL that would fail later. Unlocked private
 * items carry URLs signed for the viewer's session, so a copied link is useless elsewhere.
 */
export interface MediaViewer {
  userId: string;
  sessionId: string;
}

export interface MediaAccess {
  unlocked: boolean;
  viewer: MediaViewer | null;
}

type PresenterCtx = Pick<AppContext, 'config'>;

/**
 * The media columns `presentMedia` reads: what a list that only presents its media (a page of
 * posts) selects instead of the whole row (hash, size, owner, folder, timestamps).
 */
export const PRESENTED_MEDIA_COLUMNS = [
  'id',
  'media_type',
  'title',
  'description',
  'width',
  'height',
  'duration_seconds',
  'original_key',
  'large_key',
  'small_key',
  'teaser_key',
  'poster_key',
] as const satisfies ReadonlyArray<keyof MediaItemRow>;

export type PresentableMedia = Pick<MediaItemRow, (typeof PRESENTED_MEDIA_COLUMNS)[number]>;

/** The signature of a content URL: item, variant, session and expiry, nothing else. */
export const CONTENT_URL_PURPOSE = 'media-content';

/**
 * The binding of URLs handed to a visitor (no session): such a URL opens only what a visitor
 * may see (a public post's media), because the fetch re-checks access as an anonymous viewer.
 */
export const ANONYMOUS_BINDING = 'anonymous';

export function contentSignatureFields(
  mediaId: string,
  variant: MediaVariant,
  sessionId: string,
  exp: number,
): string[] {
  return [mediaId, variant, sessionId, String(exp)];
}

export function variantKey(item: PresentableMedia, variant: MediaVariant): string | null {
  switch (variant) {
    case 'original':
      return item.original_key;
    case 'large':
      return item.large_key;
    case 'small':
      return item.small_key;
    case 'poster':
      return item.poster_key;
  }
}

/**
 * URLs signed lately, per configuration: the expiry steps by 5 minutes, so a page presented
 * again (a feed refetched, the next page with the same authors) asks for the same URLs, and an
 * HMAC per image was a twentieth of the feed's main-thread time (docs/PERFORMANCE.md). Bounded;
 * the oldest entry goes first.
 */
const signedUrls = new WeakMap<PresenterCtx['config'], Map<string, string>>();
const SIGNED_URLS_KEPT = 5000;

/** The signed `/api/media/{id}/content` URL of one variant for one session. */
export function signedContentUrl(
  ctx: PresenterCtx,
  mediaId: string,
  variant: MediaVariant,
  sessionId: string,
): string {
  const exp = expiryFor(ctx.config.MEDIA_URL_TTL_SECONDS);
  let kept = signedUrls.get(ctx.config);
  if (!kept) signedUrls.set(ctx.config, (kept = new Map()));
  const key = `${mediaId} ${variant} ${sessionId} ${exp}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const sig = signFields(
    ctx.config,
    CONTENT_URL_PURPOSE,
    contentSignatureFields(mediaId, variant, sessionId, exp),
  );
  const url = `/api/media/${mediaId}/content?variant=${variant}&exp=${exp}&sig=${sig}`;
  if (kept.size >= SIGNED_URLS_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, url);
  return url;
}

function variantUrl(
  ctx: PresenterCtx,
  item: PresentableMedia,
  variant: MediaVariant,
  viewer: MediaViewer | null,
): string | null {
  const key = variantKey(item, variant);
  if (!key) return null;
  if (key.startsWith('public/')) return getFileStorage(ctx.config).publicUrl(key);
  return signedContentUrl(ctx, item.id, variant, viewer?.sessionId ?? ANONYMOUS_BINDING);
}

export function presentMedia(
  ctx: PresenterCtx,
  item: PresentableMedia,
  access: MediaAccess,
): PresentedMedia {
  const teaserUrl = item.teaser_key ? getFileStorage(ctx.config).publicUrl(item.teaser_key) : null;
  let mediaUrl: string | null = null;
  let thumbnailUrl: string | null = teaserUrl;
  if (access.unlocked) {
    const url = (variant: MediaVariant) => variantUrl(ctx, item, variant, access.viewer);
    if (item.media_type === 'image') {
      // the 1080 rendition is what screens show; the full original is the vault's download
      mediaUrl = url('large') ?? url('original');
      thumbnailUrl = url('small') ?? mediaUrl ?? teaserUrl;
    } else {
      mediaUrl = url('original');
      thumbnailUrl = (item.media_type === 'video' ? url('poster') : null) ?? teaserUrl;
    }
  }
  return {
    id: item.id,
    mediaType: item.media_type,
    title: item.title,
    description: item.description,
    width: item.width,
    height: item.height,
    durationSeconds: item.duration_seconds,
    teaserUrl,
    thumbnailUrl,
    mediaUrl,
  };
}

/** A vault item as its owner sees it, with the download URL of the original. */
export function presentVaultItem(
  ctx: PresenterCtx,
  item: MediaItemRow,
  viewer: MediaViewer,
): VaultMediaItem {
  return {
    ...presentMedia(ctx, item, { unlocked: true, viewer }),
    folderId: item.folder_id,
    mimeType: item.mime,
    sizeBytes: item.size_bytes,
    originalUrl: variantUrl(ctx, item, 'original', viewer),
    createdAt: item.created_at.toISOString(),
  };
}
