/**
 * Composer rules checked before anything is sent: the spec §5 empty-post rule (also enforced by
 * the server, with the same text), the 3.00–200.00 price of the paid levels, and hashtags.
 */
import {
  EMPTY_POST_MESSAGE,
  MEDIA_MAX_BYTES,
  POST_HASHTAGS_MAX,
  type MediaType,
  type PostAccessLevel,
} from '@fanspace/contracts';
import { formatPrice, isPaidLevel, PRICE_MAX, PRICE_MIN } from '../posts/access.ts';

export { EMPTY_POST_MESSAGE };

export const PRICE_RANGE_MESSAGE = `The price must be between ${formatPrice(PRICE_MIN)} and ${formatPrice(PRICE_MAX)}.`;
export const PRICE_FORMAT_MESSAGE = 'Enter a price like 4.99.';
export const PRICE_MISSING_MESSAGE = 'Enter a price for this post.';

/** "4.99", "4,99" or "$4.99" → 4.99; null when it is not a price with at most two decimals. */
export function parsePrice(raw: string): number | null {
  const clean = raw.trim().replace(/^\$/, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(clean)) return null;
  return Number(clean);
}

export function priceProblem(raw: string): string | null {
  if (raw.trim() === '') return PRICE_MISSING_MESSAGE;
  const price = parsePrice(raw);
  if (price === null) return PRICE_FORMAT_MESSAGE;
  if (price < PRICE_MIN || price > PRICE_MAX) return PRICE_RANGE_MESSAGE;
  return null;
}

export interface DraftInput {
  caption: string;
  /** uploaded, uploading and vault items together */
  mediaCount: number;
  accessLevel: PostAccessLevel;
  price: string;
}

export interface DraftErrors {
  form?: string;
  price?: string;
}

export function validateDraft(draft: DraftInput): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.caption.trim() === '' && draft.mediaCount === 0) errors.form = EMPTY_POST_MESSAGE;
  if (isPaidLevel(draft.accessLevel)) {
    const problem = priceProblem(draft.price);
    if (problem) errors.price = problem;
  }
  return errors;
}

const TAG = /^[\p{L}\p{N}_]{1,50}$/u;

/** A typed tag as the server stores it (lower case, no '#'), or null when it is not one. */
export function normaliseHashtag(raw: string): string | null {
  const tag = raw.trim().replace(/^#+/, '').toLowerCase();
  return TAG.test(tag) ? tag : null;
}

export function addHashtags(current: string[], typed: string): string[] {
  const next = [...current];
  for (const piece of typed.split(/[\s,]+/)) {
    const tag = normaliseHashtag(piece);
    if (tag && !next.includes(tag) && next.length < POST_HASHTAGS_MAX) next.push(tag);
  }
  return next;
}

/** The media type of a picked file, or null when posts cannot carry it. */
export function mediaTypeOfFile(file: File): MediaType | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

/** Why a file cannot be attached, or null. The server checks again by content. */
export function fileProblem(file: File): string | null {
  const type = mediaTypeOfFile(file);
  if (!type) return `${file.name} is not a photo or a video.`;
  const max = MEDIA_MAX_BYTES[type];
  if (file.size > max) {
    return `${file.name} is too large (the limit for ${type === 'image' ? 'photos' : 'videos'} is ${Math.round(max / 1024 / 1024)} MB).`;
  }
  return null;
}
