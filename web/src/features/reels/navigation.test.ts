import { describe, expect, it } from 'vitest';
import { moveForKey, moveForSwipe, step } from './navigation.ts';

describe('reels navigation', () => {
  it('maps keys and swipes to moves', () => {
    expect(moveForKey('ArrowDown')).toBe('next');
    expect(moveForKey('k')).toBe('previous');
    expect(moveForKey('Enter')).toBeNull();
    expect(moveForSwipe(500, 300)).toBe('next');
    expect(moveForSwipe(300, 500)).toBe('previous');
    expect(moveForSwipe(300, 320)).toBeNull();
  });

  it('stays within the feed', () => {
    expect(step(0, 'previous', 3)).toBe(0);
    expect(step(2, 'next', 3)).toBe(2);
    expect(step(1, 'next', 3)).toBe(2);
    expect(step(0, 'next', 0)).toBe(0);
  });
});
