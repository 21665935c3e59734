import { describe, expect, it } from 'vitest';
import {
  keyAction,
  nextGroup,
  nextPosition,
  previousPosition,
  startIndex,
  storyDurationMs,
  tapAction,
} from './navigation.ts';

const groups = [{ stories: [1, 2, 3] }, { stories: [] }, { stories: [1] }, { stories: [1, 2] }];

describe('story viewer navigation', () => {
  it('goes through a creator’s stories, then to the next creator with stories, then closes', () => {
    expect(nextPosition(groups, { group: 0, story: 0 })).toEqual({ group: 0, story: 1 });
    expect(nextPosition(groups, { group: 0, story: 2 })).toEqual({ group: 2, story: 0 });
    expect(nextPosition(groups, { group: 2, story: 0 })).toEqual({ group: 3, story: 0 });
    expect(nextPosition(groups, { group: 3, story: 1 })).toBeNull();
    expect(nextGroup(groups, { group: 0, story: 1 })).toEqual({ group: 2, story: 0 });
  });

  it('goes back within a creator, then to the previous creator’s last story; the first stays', () => {
    expect(previousPosition(groups, { group: 0, story: 2 })).toEqual({ group: 0, story: 1 });
    expect(previousPosition(groups, { group: 3, story: 0 })).toEqual({ group: 2, story: 0 });
    expect(previousPosition(groups, { group: 0, story: 0 })).toEqual({ group: 0, story: 0 });
  });

  it('maps keys and taps', () => {
    expect(keyAction('ArrowRight')).toBe('next');
    expect(keyAction('ArrowLeft')).toBe('previous');
    expect(keyAction('Escape')).toBe('close');
    expect(keyAction(' ')).toBe('toggle-pause');
    expect(keyAction('a')).toBeNull();
    expect(tapAction(10, 300)).toBe('previous');
    expect(tapAction(99, 300)).toBe('previous');
    expect(tapAction(100, 300)).toBe('next');
    expect(tapAction(290, 300)).toBe('next');
  });

  it('opens a creator at the first unseen story', () => {
    expect(startIndex({ stories: [{ seen: true }, { seen: false }, { seen: false }] })).toBe(1);
    expect(startIndex({ stories: [{ seen: true }, { seen: true }] })).toBe(0);
  });

  it('shows photos and text 5 s and videos their length, at most 60 s', () => {
    expect(storyDurationMs({ mediaType: 'image', durationSeconds: null })).toBe(5000);
    expect(storyDurationMs({ mediaType: 'text', durationSeconds: null })).toBe(5000);
    expect(storyDurationMs({ mediaType: 'video', durationSeconds: 12.5 })).toBe(12_500);
    expect(storyDurationMs({ mediaType: 'video', durationSeconds: 600 })).toBe(60_000);
  });
});
