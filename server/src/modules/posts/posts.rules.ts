import {
  EMPTY_POST_MESSAGE,
  ErrorCodes,
  PAID_ACCESS_LEVELS,
  POST_HASHTAGS_MAX,
  POST_PRICE_CENTS,
  type AccessDetails,
  type AccessDetailsInput,
  type PostAccessLevel,
} from '@fanspace/contracts';
import type { PostRow } from '../../platform/db/schema.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { toCents } from '../users/profile-rules.ts';

/**
 * Input rules of posts and comments as pure functions (unit-tested without a database). Each
 * failure is a 400 that names the field.
 */

const invalid = (field: string, message: string) =>
  new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });

export const isPaidLevel = (level: PostAccessLevel) => PAID_ACCESS_LEVELS.includes(level);

export interface StoredAccess {
  access_level: PostAccessLevel;
  price_cents: number | null;
}

/**
 * accessDetails → what is stored. The price belongs to the paid levels only (3.00–200.00, at
 * most two decimals); a price of 0 on a free level is read as "no price", which is what a form
 * with an untouched price field sends. `requiresUnlock` only stands in for a missing
 * accessLevel (SPEC §3 words access as requiresUnlock): true is 'paid', false 'public'.
 */
export function accessFromInput(input: AccessDetailsInput | undefined): StoredAccess {
  const level = input?.accessLevel ?? (input?.requiresUnlock ? 'paid' : 'public');
  const price = input?.price ?? null;
  if (!isPaidLevel(level)) {
    if (price !== null && price !== 0)
      throw invalid('accessDetails.price', `A price is only allowed for pay-to-unlock posts`);
    return { access_level: level, price_cents: null };
  }
  if (price === null)
    throw invalid(
      'accessDetails.price',
      'A price between 3.00 and 200.00 is required for pay-to-unlock posts',
    );
  const cents = toCents('accessDetails.price', price);
  if (cents < POST_PRICE_CENTS.min || cents > POST_PRICE_CENTS.max)
    throw invalid('accessDetails.price', 'Price must be between 3.00 and 200.00');
  return { access_level: level, price_cents: cents };
}

export function presentAccess(post: Pick<PostRow, 'access_level' | 'price_cents'>): AccessDetails {
  return {
    accessLevel: post.access_level,
    price: post.price_cents === null ? null : post.price_cents / 100,
    priceCents: post.price_cents,
    requiresUnlock: isPaidLevel(post.access_level),
  };
}

/** SPEC §5: a caption, or media (uploaded, by URL or picked from the vault). */
export function assertNotEmpty(caption: string, mediaCount: number) {
  if (caption.trim() === '' && mediaCount === 0)
    throw new BadRequestError(EMPTY_POST_MESSAGE, ErrorCodes.EMPTY_POST);
}

const TAG = /^[\p{L}\p{N}_]{1,50}$/u;
/** `#tag` not glued to a preceding word (so `page#anchor` is no tag). */
const CAPTION_TAG = /(?<![\p{L}\p{N}_&/])#([\p{L}\p{N}_]{1,50})/gu;

/** A tag as stored: lower case, without '#'; null when it is not a valid tag. */
export function normaliseTag(raw: string): string | null {
  const tag = raw.trim().replace(/^#+/, '').toLowerCase();
  return TAG.test(tag) ? tag : null;
}

/**
 * The post's tags: those written in the caption, then the explicit list (each entry may hold
 * several, separated by spaces or commas), deduplicated, at most POST_HASHTAGS_MAX. A bad
 * explicit tag is a 400; caption text is never refused for what looks like a tag.
 */
export function collectHashtags(caption: string, explicit: readonly string[] = []): string[] {
  const tags = new Set<string>();
  for (const match of caption.matchAll(CAPTION_TAG)) {
    const tag = normaliseTag(match[1] ?? '');
    if (tag) tags.add(tag);
  }
  for (const entry of explicit) {
    for (const piece of entry.split(/[\s,]+/)) {
      if (piece === '' || piece === '#') continue;
      const tag = normaliseTag(piece);
      if (!tag)
        throw invalid(
          'hashtags',
          'Hashtags may use letters, digits and underscores, up to 50 characters',
        );
      tags.add(tag);
    }
  }
  return [...tags].slice(0, POST_HASHTAGS_MAX);
}

export const tagsOf = (stored: string): string[] => (stored === '' ? [] : stored.split(' '));

const MENTION = /(?<![\p{L}\p{N}_.@])@([A-Za-z0-9_.]{3,30})/gu;
const MAX_MENTIONS = 20;

/** Lower-cased usernames @mentioned in a comment (a sentence's final dot is not part of one). */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const name = (match[1] ?? '').replace(/\.+$/, '').toLowerCase();
    if (name.length >= 3) names.add(name);
    if (names.size >= MAX_MENTIONS) break;
  }
  return [...names];
}

/** The post's `type` from its media: text without any, the common type, or mixed. */
export function postTypeOf(mediaTypes: readonly string[]): PostRow['type'] {
  if (mediaTypes.length === 0) return 'text';
  const first = mediaTypes[0];
  if (mediaTypes.every((t) => t === first) && (first === 'image' || first === 'video'))
    return first;
  if (mediaTypes.every((t) => t === 'audio')) return 'audio';
  return 'mixed';
}

/** The words a search text looks for: runs of letters and digits, lower case, at most 8. */
export function searchWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? []
  );
}

/** Search words as a prefix tsquery ('simple' config): [sun, bea] → sun:* & bea:*. */
export const wordsTsQuery = (words: readonly string[]): string =>
  words.map((w) => `${w}:*`).join(' & ');

/** Words of a search text as a prefix tsquery: `sun bea` → sun:* & bea:*; null without words. */
export function prefixTsQuery(text: string): string | null {
  const words = searchWords(text);
  return words.length === 0 ? null : wordsTsQuery(words);
}
