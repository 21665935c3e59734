import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_CAP_MS, whenPageSettled } from './idle.ts';
import { queryClient } from './query-client.ts';

beforeEach(() => {
  vi.useFakeTimers();
  queryClient.clear();
});
afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('whenPageSettled (deferred realtime and dialog code)', () => {
  it('waits for the first query to come back, then for an idle moment', async () => {
    const run = vi.fn();
    let answer: (value: string) => void = () => undefined;
    whenPageSettled(run);
    await vi.advanceTimersByTimeAsync(50);
    // nothing fetched yet: the page's queries have not started
    expect(run).not.toHaveBeenCalled();
    const pending = queryClient.fetchQuery({
      queryKey: ['page'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(run).not.toHaveBeenCalled();
    answer('data');
    await pending;
    await vi.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it(`runs after ${SETTLE_CAP_MS} ms at the latest, once`, async () => {
    const run = vi.fn();
    whenPageSettled(run);
    await vi.advanceTimersByTimeAsync(SETTLE_CAP_MS - 10);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(run).toHaveBeenCalledTimes(1);
    await queryClient.fetchQuery({ queryKey: ['late'], queryFn: () => 'x' });
    await vi.advanceTimersByTimeAsync(SETTLE_CAP_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled', async () => {
    const run = vi.fn();
    const cancel = whenPageSettled(run);
    cancel();
    await queryClient.fetchQuery({ queryKey: ['page'], queryFn: () => 'x' });
    await vi.advanceTimersByTimeAsync(SETTLE_CAP_MS * 2);
    expect(run).not.toHaveBeenCalled();
  });
});
