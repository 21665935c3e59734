/**
 * Where the story viewer goes next, as pure functions (unit-tested): tap or click the left
 * third to go back and the rest to go on, arrow keys likewise, Escape closes; at the end of a
 * creator's stories the next creator's start, after the last one the viewer closes.
 */
import { StoryLimits, type Story } from '@fanspace/contracts';

export interface ViewerPosition {
  group: number;
  story: number;
}

interface GroupLike {
  stories: ReadonlyArray<unknown>;
}

/** Where a creator's stories open: the first one not seen yet, else the first. */
export function startIndex(group: { stories: ReadonlyArray<Pick<Story, 'seen'>> }): number {
  const index = group.stories.findIndex((s) => !s.seen);
  return index === -1 ? 0 : index;
}

/** The next story, the next creator's first, or null when everything was shown. */
export function nextPosition(
  groups: ReadonlyArray<GroupLike>,
  at: ViewerPosition,
): ViewerPosition | null {
  const group = groups[at.group];
  if (group && at.story + 1 < group.stories.length) return { group: at.group, story: at.story + 1 };
  return nextGroup(groups, at);
}

/** The previous story, else the previous creator's last one; the very first stays put. */
export function previousPosition(
  groups: ReadonlyArray<GroupLike>,
  at: ViewerPosition,
): ViewerPosition {
  if (at.story > 0) return { group: at.group, story: at.story - 1 };
  const previous = groups[at.group - 1];
  if (!previous) return { group: at.group, story: 0 };
  return { group: at.group - 1, story: Math.max(0, previous.stories.length - 1) };
}

export function nextGroup(
  groups: ReadonlyArray<GroupLike>,
  at: ViewerPosition,
): ViewerPosition | null {
  for (let g = at.group + 1; g < groups.length; g += 1)
    if ((groups[g]?.stories.length ?? 0) > 0) return { group: g, story: 0 };
  return null;
}

export type ViewerAction = 'next' | 'previous' | 'close' | 'toggle-pause';

/** Keyboard: arrows move, Escape closes, Space pauses and resumes. */
export function keyAction(key: string): ViewerAction | null {
  switch (key) {
    case 'ArrowRight':
      return 'next';
    case 'ArrowLeft':
      return 'previous';
    case 'Escape':
      return 'close';
    case ' ':
    case 'Spacebar':
      return 'toggle-pause';
    default:
      return null;
  }
}

/** A tap at `x` on a story `width` wide: the left third goes back. */
export function tapAction(x: number, width: number): 'previous' | 'next' {
  return width > 0 && x < width / 3 ? 'previous' : 'next';
}

/** How long a story shows: photos and text a fixed time, videos their length (capped). */
export function storyDurationMs(story: Pick<Story, 'mediaType' | 'durationSeconds'>): number {
  if (story.mediaType !== 'video') return StoryLimits.displaySeconds * 1000;
  const seconds = story.durationSeconds ?? StoryLimits.videoMaxSeconds / 4;
  return Math.min(StoryLimits.videoMaxSeconds, Math.max(1, seconds)) * 1000;
}
