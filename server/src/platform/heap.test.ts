import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { applyHeapGrowing } from './heap.ts';

describe('applyHeapGrowing', () => {
  it('sets V8’s growing factor, or leaves V8’s own for 0', () => {
    const set: string[] = [];
    expect(applyHeapGrowing(60, (flag) => set.push(flag))).toBe('--heap-growing-percent=60');
    expect(applyHeapGrowing(0, (flag) => set.push(flag))).toBeNull();
    expect(set).toEqual(['--heap-growing-percent=60']);
  });

  it('names a flag this Node’s V8 has (a V8 that dropped it would ignore it silently)', () => {
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    expect(options).toMatch(/^\s*--heap-growing-percent\b/m);
  });
});
