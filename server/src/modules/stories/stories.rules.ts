import {
  STORY_DEFAULT_POSITION,
  STORY_TEXT_SIZES,
  StoryLimits,
  type CreateStoryBody,
  type StoryAccessLevel,
  type StoryTextPosition,
} from '@fanspace/contracts';
import { cleanText } from '../users/profile-rules.ts';

/**
 * The input rules of a story as pure functions (unit-tested without a database). The route
 * schema already bounds every field; this turns the accepted input into what is stored.
 */

export interface StoryText {
  caption: string;
  textOverlay: string;
  textPosition: StoryTextPosition;
  textSize: number;
  backgroundColor: string | null;
  textColor: string;
  accessLevel: StoryAccessLevel;
}

export const DEFAULT_TEXT_COLOR = '#ffffff';

/** Pixel size from a number or a name; out-of-range numbers are clamped. */
export function textSizeOf(value: CreateStoryBody['textSize']): number {
  if (value === undefined) return StoryLimits.textSizeDefault;
  const px = typeof value === 'number' ? Math.round(value) : STORY_TEXT_SIZES[value];
  return Math.min(StoryLimits.textSizeMax, Math.max(StoryLimits.textSizeMin, px));
}

/** Fractions rounded to 4 places, so a stored position never carries float noise. */
export function positionOf(value: CreateStoryBody['textPosition']): StoryTextPosition {
  if (!value) return { ...STORY_DEFAULT_POSITION };
  const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;
  return { x: round(value.x), y: round(value.y) };
}

/** Colours keep their spelling; hex is lower-cased so equal colours compare equal. */
export function colourOf(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return trimmed.startsWith('#') ? trimmed.toLowerCase() : trimmed;
}

export function storyTextOf(body: CreateStoryBody): StoryText {
  return {
    caption: cleanText(body.caption ?? ''),
    textOverlay: cleanText(body.textOverlay ?? ''),
    textPosition: positionOf(body.textPosition),
    textSize: textSizeOf(body.textSize),
    backgroundColor: colourOf(body.backgroundColor),
    textColor: colourOf(body.textColor) ?? DEFAULT_TEXT_COLOR,
    accessLevel: body.accessLevel ?? 'public',
  };
}

/** A story shows something: media, or words on its background. */
export function hasContent(text: Pick<StoryText, 'caption' | 'textOverlay'>, hasMedia: boolean) {
  return hasMedia || text.textOverlay !== '' || text.caption !== '';
}
