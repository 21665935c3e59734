/**
 * Storage keys are `<namespace>/<path>`: `public/…` may be served to anyone, `private/…` never
 * leaves the server except through an authorising route. Keys are built by our code, but the
 * file route takes one from a URL, so the rules below are what keeps `..`, absolute paths,
 * hidden files and odd bytes out of the disk implementation.
 */
export type StorageNamespace = 'public' | 'private';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 400;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  // voice notes and audio of the media vault
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  weba: 'audio/webm',
  wav: 'audio/wav',
  // presigned uploads waiting (private) until their content has been checked
  bin: 'application/octet-stream',
  // data tools: export archives and import uploads (private only)
  zip: 'application/zip',
  json: 'application/json',
  csv: 'text/csv',
  // tax documents (private only)
  pdf: 'application/pdf',
};

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** True for a well-formed key: known namespace, safe segments, a known file extension. */
export function isValidKey(key: string): boolean {
  if (key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  if (segments.length < 2) return false;
  if (segments[0] !== 'public' && segments[0] !== 'private') return false;
  if (!segments.every((s) => SEGMENT.test(s))) return false;
  return contentTypeForKey(key) !== null;
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
}

export function namespaceOf(key: string): StorageNamespace {
  assertValidKey(key);
  return key.startsWith('public/') ? 'public' : 'private';
}

/** The content type we serve a key with, from its extension; null for unknown extensions. */
export function contentTypeForKey(key: string): string | null {
  const dot = key.lastIndexOf('.');
  if (dot < 0) return null;
  return CONTENT_TYPES[key.slice(dot + 1).toLowerCase()] ?? null;
}

/** Where the HTTP app serves public keys; the S3 implementation will return a CDN URL instead. */
export const PUBLIC_FILES_PREFIX = '/api/files/';

/** The storage key behind one of our public URLs, or null for anything else (external URLs). */
export function keyFromPublicUrl(url: string | null | undefined): string | null {
  if (!url || !url.startsWith(`${PUBLIC_FILES_PREFIX}public/`)) return null;
  const key = url.slice(PUBLIC_FILES_PREFIX.length);
  return isValidKey(key) ? key : null;
}
