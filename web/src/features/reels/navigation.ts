/** Which reel a key or swipe moves to (pure, so it is tested without a browser). */
export type ReelMove = 'next' | 'previous' | null;

export function moveForKey(key: string): ReelMove {
  if (key === 'ArrowDown' || key === 'j' || key === 'PageDown') return 'next';
  if (key === 'ArrowUp' || key === 'k' || key === 'PageUp') return 'previous';
  return null;
}

/** A vertical swipe of at least 50 px: up shows the next reel, down the previous one. */
export function moveForSwipe(startY: number, endY: number): ReelMove {
  const delta = startY - endY;
  if (Math.abs(delta) < 50) return null;
  return delta > 0 ? 'next' : 'previous';
}

export function step(index: number, move: ReelMove, count: number): number {
  if (move === 'next') return Math.min(index + 1, Math.max(count - 1, 0));
  if (move === 'previous') return Math.max(index - 1, 0);
  return index;
}
