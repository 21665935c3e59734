import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.ts';

describe('lazyModule', () => {
  it('imports once, on first use, and shares the promise', async () => {
    const load = vi.fn(async () => ({ value: 42 }));
    const get = lazyModule(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('not installed'))
      .mockResolvedValueOnce('loaded');
    const get = lazyModule(load);
    await expect(get()).rejects.toThrow('not installed');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
