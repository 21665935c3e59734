import type sharp from 'sharp';
import { ErrorCodes } from '@fanspace/contracts';
import { AppError, BadRequestError } from '../errors.ts';
import { loadSharp } from './sharp.ts';

/**
 * Image intake shared by profile media and identity documents: the real type comes from the
 * bytes (never the declared MIME type or file name), and every image is re-encoded, which
 * applies the EXIF orientation and drops all metadata (GPS, camera serials, thumbnails).
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Decompression-bomb guard: ~40 megapixels is more than any phone camera delivers. */
const MAX_INPUT_PIXELS = 40_000_000;

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, ErrorCodes.PAYLOAD_TOO_LARGE, message);
  }
}

const invalidImage = (
  message = 'The file is not a supported image (JPEG, PNG, WebP, GIF or AVIF)',
) => new BadRequestError(message, ErrorCodes.INVALID_IMAGE);

const DATA_URL = /^data:(image\/[A-Za-z0-9.+-]+)(;[A-Za-z0-9=._-]+)*;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes of a base64 `data:image/…` URL; 400 for anything else, 413 above `maxBytes`. */
export function decodeImageDataUrl(dataUrl: string, maxBytes: number): Buffer {
  const header = DATA_URL.exec(dataUrl);
  if (!header) throw invalidImage('Image must be a data URL (data:image/…;base64,…)');
  const payload = dataUrl.slice(header[0].length);
  if (payload.length === 0 || payload.length % 4 === 1 || !BASE64.test(payload))
    throw invalidImage('Image data URL is not valid base64');
  if (Math.floor((payload.length * 3) / 4) > maxBytes + 2)
    throw new PayloadTooLargeError(`Image is larger than ${Math.round(maxBytes / 1048576)} MB`);
  return Buffer.from(payload, 'base64');
}

/** Rejects bytes that are not a raster image we accept (SVG, PDFs, HTML, truncated files…). */
export async function assertImage(bytes: Buffer): Promise<sharp.Metadata> {
  const sharp = await loadSharp();
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw invalidImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw invalidImage();
  if (!metadata.width || !metadata.height) throw invalidImage();
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS)
    throw invalidImage('Image dimensions are too large');
  return metadata;
}

export interface ReencodeOptions {
  width: number;
  height: number;
  /** cover: crop to exactly width×height (avatars, banners); inside: fit within, keep ratio */
  fit: 'cover' | 'inside';
  quality?: number;
}

/** Validates, auto-orients, resizes and re-encodes to WebP without any metadata. */
export async function reencodeImage(bytes: Buffer, options: ReencodeOptions): Promise<Buffer> {
  await assertImage(bytes);
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(options.width, options.height, {
        fit: options.fit,
        withoutEnlargement: options.fit === 'inside',
      })
      .webp({ quality: options.quality ?? 85 })
      .toBuffer();
  } catch {
    // metadata parsed but the pixel data is corrupt or truncated
    throw invalidImage('The image could not be decoded');
  }
}

export const PROFILE_IMAGE_SIZES = {
  avatar: { width: 512, height: 512, fit: 'cover' },
  banner: { width: 1500, height: 500, fit: 'cover' },
} as const satisfies Record<string, ReencodeOptions>;
