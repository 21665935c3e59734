import { lazyModule } from '../lazy-module.ts';

/** file-type, loaded with the first upload a process sniffs. */
export const loadFileType = lazyModule(() => import('file-type'));

/**
 * What an uploaded file really is, read from its magic bytes (file-type); the declared MIME
 * type and the file name are never trusted. Only the formats the media vault accepts come back;
 * everything else (SVG, HTML, PDFs, archives, executables, TIFF…) is null.
 */
export type SniffedKind = 'image' | 'video' | 'audio';

export interface SniffedMedia {
  kind: SniffedKind;
  /** content type as detected */
  mime: string;
  /** format name: sharp's for images, the container for video and audio */
  format: string;
  /** the ffmpeg demuxer to force for this container (never let ffmpeg guess: see media-tools) */
  demuxer?: string;
  /** true when the container holds audio or video and only probing tells which (WebM, MP4) */
  ambiguous?: boolean;
}

const IMAGE_FORMATS: Record<string, string> = {
  jpg: 'jpeg',
  png: 'png',
  apng: 'png',
  webp: 'webp',
  gif: 'gif',
  // sharp names the HEIF container for both AVIF and HEIC
  avif: 'heif',
  heic: 'heif',
  heif: 'heif',
};

const AV_FORMATS: Record<string, Omit<SniffedMedia, 'mime'>> = {
  mp4: { kind: 'video', format: 'mp4', demuxer: 'mov', ambiguous: true },
  m4v: { kind: 'video', format: 'mp4', demuxer: 'mov' },
  mov: { kind: 'video', format: 'mov', demuxer: 'mov' },
  webm: { kind: 'video', format: 'webm', demuxer: 'matroska', ambiguous: true },
  m4a: { kind: 'audio', format: 'm4a', demuxer: 'mov' },
  mp3: { kind: 'audio', format: 'mp3', demuxer: 'mp3' },
  ogg: { kind: 'audio', format: 'ogg', demuxer: 'ogg' },
  opus: { kind: 'audio', format: 'ogg', demuxer: 'ogg' },
  oga: { kind: 'audio', format: 'ogg', demuxer: 'ogg' },
  wav: { kind: 'audio', format: 'wav', demuxer: 'wav' },
};

/** Text that starts like markup: worth a message of its own, it is the classic disguise. */
export function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<');
}

export async function sniffMedia(bytes: Buffer): Promise<SniffedMedia | null> {
  if (bytes.length === 0) return null;
  const detected = await (await loadFileType()).fileTypeFromBuffer(bytes);
  if (!detected) return null;
  const image = IMAGE_FORMATS[detected.ext];
  if (image) return { kind: 'image', mime: detected.mime, format: image };
  const av = AV_FORMATS[detected.ext];
  if (av) return { ...av, mime: detected.mime };
  return null;
}
