import { describe, expect, it } from 'vitest';
import { MemoryBus } from './memory-bus.ts';
import type { BusSignal } from './types.ts';

describe('MemoryBus signals', () => {
  it('reach every handler of the process, survive a failing one, and stop after unsubscribe', async () => {
    const bus = new MemoryBus();
    const heard: BusSignal[] = [];
    const offFailing = bus.onSignal(() => {
      throw new Error('boom');
    });
    const off = bus.onSignal((s) => void heard.push(s));
    await bus.signal({ name: 'cache.drop', data: { id: 'x' } });
    expect(heard).toEqual([{ name: 'cache.drop', data: { id: 'x' } }]);
    off();
    offFailing();
    await bus.signal({ name: 'cache.drop', data: { id: 'y' } });
    expect(heard).toHaveLength(1);
    await bus.close();
  });
});
