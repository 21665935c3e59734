import { MEDIA_MAX_INPUT_PIXELS, ErrorCodes } from '@fanspace/contracts';
import type sharp from 'sharp';
import { AppError, BadRequestError } from '../errors.ts';
import { loadSharp } from './sharp.ts';

/**
 * Renditions of vault images and video posters, all WebP without any metadata: sharp writes
 * none unless asked, so EXIF (GPS, camera serials), XMP, IPTC and ICC never leave the upload.
 * `rotate()` applies the EXIF orientation first, so pixels stay the right way up without it.
 */
export interface Rendition {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ImageRenditions {
  /** full resolution (animation kept) */
  original: Rendition;
  /** 1080 px wide at most */
  large: Rendition;
  /** 320 px wide at most */
  small: Rendition;
  /** 320 px wide, blurred beyond recognition: the public preview of locked content */
  teaser: Buffer;
}

export const LARGE_WIDTH = 1080;
export const SMALL_WIDTH = 320;
const TEASER_WIDTH = 320;

const unsupported = (message: string) =>
  new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, message);

/**
 * Prebuilt sharp decodes AVIF but not HEVC-compressed HEIC (patents); such photos get a 415
 * that tells the user what to do instead of a vague failure.
 */
const heicUnreadable = () =>
  unsupported(
    'This HEIC photo cannot be processed here. Upload it as JPEG instead (on iPhone: Settings > Camera > Formats > Most Compatible).',
  );

const open = async (bytes: Buffer, animated = false) =>
  (await loadSharp())(bytes, {
    limitInputPixels: MEDIA_MAX_INPUT_PIXELS,
    failOn: 'error',
    animated,
  });

/**
 * Reads the header only and refuses decompression bombs before a pixel is decoded: a tiny PNG
 * can declare 20000×20000 (1.6 GB of RGBA). Animated images count every frame.
 */
export async function checkImageHeader(bytes: Buffer, format: string): Promise<sharp.Metadata> {
  const sharp = await loadSharp();
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    if (format === 'heif') throw heicUnreadable();
    throw new BadRequestError('The image could not be read', ErrorCodes.INVALID_IMAGE);
  }
  if (metadata.format !== format)
    throw unsupported('The file content does not match a supported image format');
  const width = metadata.width ?? 0;
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if (!width || !frameHeight)
    throw new BadRequestError('The image has no dimensions', ErrorCodes.INVALID_IMAGE);
  const pixels = width * frameHeight * Math.max(1, metadata.pages ?? 1);
  if (pixels > MEDIA_MAX_INPUT_PIXELS)
    throw new BadRequestError(
      `Image is too large: ${width}×${frameHeight}${(metadata.pages ?? 1) > 1 ? ` × ${metadata.pages} frames` : ''} is more than ${MEDIA_MAX_INPUT_PIXELS / 1_000_000} megapixels`,
      ErrorCodes.INVALID_IMAGE,
    );
  return metadata;
}

async function toRendition(pipeline: sharp.Sharp): Promise<Rendition> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}

/** A blurred preview: shrunk to a few dozen pixels first, so no detail survives at all. */
export async function blurredTeaser(bytes: Buffer): Promise<Buffer> {
  const tiny = await (
    await open(bytes)
  )
    .rotate()
    .resize({ width: 24, height: 24, fit: 'inside' })
    .removeAlpha()
    .png()
    .toBuffer();
  return (await loadSharp())(tiny)
    .resize({ width: TEASER_WIDTH, kernel: 'cubic' })
    .blur(12)
    .webp({ quality: 60 })
    .toBuffer();
}

/** Original, 1080 and 320 renditions and the teaser of a checked image (see checkImageHeader). */
export async function renderImage(
  bytes: Buffer,
  metadata: sharp.Metadata,
): Promise<ImageRenditions> {
  const animated =
    (metadata.pages ?? 1) > 1 && (metadata.format === 'gif' || metadata.format === 'webp');
  try {
    const original = await toRendition(
      (await open(bytes, animated)).rotate().webp({ quality: 90, effort: 4 }),
    );
    const sized = async (width: number) =>
      toRendition(
        (await open(bytes, animated))
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 82 }),
      );
    // one after the other: a 50 MP image decoded four times at once would need ~1 GB
    const large = await sized(LARGE_WIDTH);
    const small = await sized(SMALL_WIDTH);
    const teaser = await blurredTeaser(bytes);
    return { original, large, small, teaser };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (metadata.format === 'heif' && metadata.compression === 'hevc') throw heicUnreadable();
    // the header parsed but the pixel data is corrupt or truncated
    throw new BadRequestError('The image could not be decoded', ErrorCodes.INVALID_IMAGE);
  }
}

/** A video poster (≤ 1080 wide) and its teaser, from a frame ffmpeg extracted. */
export async function renderPoster(frame: Buffer): Promise<{ poster: Rendition; teaser: Buffer }> {
  const [poster, teaser] = await Promise.all([
    toRendition(
      (await open(frame))
        .resize({ width: LARGE_WIDTH, withoutEnlargement: true })
        .webp({ quality: 82 }),
    ),
    blurredTeaser(frame),
  ]);
  return { poster, teaser };
}

/** The teaser of a video without a poster frame (no ffmpeg): a plain dark gradient. */
export async function placeholderTeaser(): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TEASER_WIDTH}" height="180"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b2140"/><stop offset="1" stop-color="#0f0c18"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  // our own constant SVG, rasterised here; uploaded SVG is never decoded
  return (await loadSharp())(svg).webp({ quality: 60 }).toBuffer();
}
