import { ErrorCodes, MEDIA_MAX_BYTES, MEDIA_TITLE_MAX, type MediaType } from '@fanspace/contracts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { MediaItemsTable } from '../../platform/db/schema.ts';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { PayloadTooLargeError } from '../../platform/storage/images.ts';
import { contentTypeForKey } from '../../platform/storage/keys.ts';
import {
  detectMediaTools,
  extractPosterFrame,
  probeMedia,
  remuxWithoutMetadata,
  withTempFile,
  type MediaProbe,
} from '../../platform/storage/media-tools.ts';
import {
  checkImageHeader,
  placeholderTeaser,
  renderImage,
  renderPoster,
} from '../../platform/storage/renditions.ts';
import { looksLikeMarkup, sniffMedia, type SniffedMedia } from '../../platform/storage/sniff.ts';

/**
 * Turns uploaded bytes into stored files: the type comes from the content, the size cap from
 * that type, images are re-encoded into metadata-free renditions, videos get a poster frame and
 * lose their container metadata when ffmpeg is there, and every image or video gets a blurred
 * public teaser under an unguessable key. Nothing is written to the database here.
 */
export interface IngestInput {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface ProcessedMedia {
  values: Insertable<MediaItemsTable> & { id: string };
  /** every stored key, for cleanup when the insert fails */
  keys: string[];
}

interface StoredFileSpec {
  key: string;
  bytes: Buffer;
}

const ACCEPTED =
  'Upload a JPEG, PNG, WebP, GIF, AVIF or HEIC image, an MP4, WebM or MOV video, or MP3, M4A, OGG, WebM or WAV audio.';

function unsupportedType(bytes: Buffer): AppError {
  const message = looksLikeMarkup(bytes)
    ? `SVG, HTML and other markup files are not accepted, whatever their name says. ${ACCEPTED}`
    : `This file type is not supported. ${ACCEPTED}`;
  return new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, message);
}

function assertWithinCap(kind: MediaType, size: number) {
  const cap = MEDIA_MAX_BYTES[kind];
  if (size > cap)
    throw new PayloadTooLargeError(
      `${kind[0]!.toUpperCase()}${kind.slice(1)} files can be at most ${Math.round(cap / 1048576)} MB`,
    );
}

/** A title from the file name when none was given: no extension, no control characters. */
/** One line of user text: no control or format characters (PostgreSQL refuses NUL). */
export function cleanLine(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
}

export function titleFrom(title: string | undefined, filename: string): string {
  const clean = (text: string) => cleanLine(text).slice(0, MEDIA_TITLE_MAX);
  const given = clean(title ?? '');
  if (given) return given;
  const base = filename.split(/[\\/]/).pop() ?? '';
  return clean(base.replace(/\.[A-Za-z0-9]{1,5}$/, ''));
}

const teaserKey = () => `public/teasers/${randomBytes(16).toString('hex')}.webp`;

/** Stored extension of a video or audio original, by container and kind. */
function avExtension(sniffed: SniffedMedia, kind: MediaType): string {
  if (kind === 'audio')
    return { mp4: 'm4a', m4a: 'm4a', webm: 'weba', mp3: 'mp3', ogg: 'ogg', wav: 'wav' }[
      sniffed.format
    ]!;
  return sniffed.format === 'mov' ? 'mov' : sniffed.format === 'webm' ? 'webm' : 'mp4';
}

/** Audio or video when the container allows both: the streams decide, else the declared type. */
function resolveKind(sniffed: SniffedMedia, probe: MediaProbe | null, declared: string): MediaType {
  if (!sniffed.ambiguous) return sniffed.kind;
  if (probe) return probe.hasVideo ? 'video' : 'audio';
  return declared.toLowerCase().startsWith('audio/') ? 'audio' : 'video';
}

async function processImage(bytes: Buffer, sniffed: SniffedMedia, base: string) {
  const metadata = await checkImageHeader(bytes, sniffed.format);
  const r = await renderImage(bytes, metadata);
  const teaser = teaserKey();
  return {
    files: [
      { key: `${base}/original.webp`, bytes: r.original.bytes },
      { key: `${base}/large.webp`, bytes: r.large.bytes },
      { key: `${base}/small.webp`, bytes: r.small.bytes },
      { key: teaser, bytes: r.teaser },
    ],
    fields: {
      media_type: 'image' as const,
      mime: 'image/webp',
      width: r.original.width,
      height: r.original.height,
      duration_seconds: null,
      original_key: `${base}/original.webp`,
      large_key: `${base}/large.webp`,
      small_key: `${base}/small.webp`,
      teaser_key: teaser,
      poster_key: null,
    },
  };
}

async function processAudioVideo(
  ctx: Pick<AppContext, 'config'>,
  input: IngestInput,
  sniffed: SniffedMedia,
  base: string,
) {
  const tools = await detectMediaTools(ctx.config);
  const demuxer = sniffed.demuxer!;
  return withTempFile(input.bytes, async (file, dir) => {
    const probe = await probeMedia(tools, file, demuxer);
    // ffprobe refusing the file means it is not the media its magic bytes claim
    if (tools.ffprobe && !probe)
      throw new BadRequestError('The file could not be read as audio or video');
    const kind = resolveKind(sniffed, probe, input.mimetype);
    assertWithinCap(kind, input.bytes.length);
    const ext = avExtension(sniffed, kind);
    const originalKey = `${base}/original.${ext}`;
    const files: StoredFileSpec[] = [];
    let poster: { key: string; width: number; height: number } | null = null;
    let teaser: string | null = null;
    let original = input.bytes;
    if (kind === 'video') {
      const muxer = ext === 'mov' ? 'mov' : ext === 'webm' ? 'webm' : 'mp4';
      original = (await remuxWithoutMetadata(tools, file, dir, demuxer, muxer)) ?? input.bytes;
      const at = Math.min(1, (probe?.durationSeconds ?? 0) / 2);
      const frame = await extractPosterFrame(tools, file, demuxer, at);
      teaser = teaserKey();
      if (frame) {
        const rendered = await renderPoster(frame);
        poster = { key: `${base}/poster.webp`, ...rendered.poster };
        files.push({ key: poster.key, bytes: rendered.poster.bytes });
        files.push({ key: teaser, bytes: rendered.teaser });
      } else {
        files.push({ key: teaser, bytes: await placeholderTeaser() });
      }
    }
    files.push({ key: originalKey, bytes: original });
    return {
      files,
      fields: {
        media_type: kind,
        mime: contentTypeForKey(originalKey)!,
        width: probe?.width ?? poster?.width ?? null,
        height: probe?.height ?? poster?.height ?? null,
        duration_seconds: probe?.durationSeconds ?? null,
        original_key: originalKey,
        large_key: null,
        small_key: null,
        teaser_key: teaser,
        poster_key: poster?.key ?? null,
      },
    };
  });
}

export async function processMedia(
  ctx: Pick<AppContext, 'config'>,
  ownerId: string,
  input: IngestInput,
  options: { folderId?: string | null; title?: string } = {},
): Promise<ProcessedMedia> {
  if (input.bytes.length === 0) throw new BadRequestError('The file is empty');
  const sniffed = await sniffMedia(input.bytes);
  if (!sniffed) throw unsupportedType(input.bytes);
  // the largest cap the detected container allows; audio in an MP4/WebM is checked after probing
  assertWithinCap(sniffed.ambiguous ? 'video' : sniffed.kind, input.bytes.length);

  const id = randomUUID();
  const base = `private/media/${ownerId}/${id}`;
  const { files, fields } =
    sniffed.kind === 'image'
      ? await processImage(input.bytes, sniffed, base)
      : await processAudioVideo(ctx, input, sniffed, base);

  const storage = getFileStorage(ctx.config);
  const written: string[] = [];
  try {
    await Promise.all(
      files.map(async (f) => {
        await storage.put(f.key, f.bytes, contentTypeForKey(f.key)!);
        written.push(f.key);
      }),
    );
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
  return {
    keys: files.map((f) => f.key),
    values: {
      id,
      owner_id: ownerId,
      folder_id: options.folderId ?? null,
      title: titleFrom(options.title, input.filename),
      size_bytes: input.bytes.length,
      content_hash: createHash('sha256').update(input.bytes).digest('hex'),
      ...fields,
    },
  };
}
