import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pollUnlessFailed, queriesSettled } from './query-client.ts';

describe('queriesSettled', () => {
  it('waits for the follow-up a query starts once it has its answer', async () => {
    const client = new QueryClient();
    let followUpDone = false;
    client
      .fetchQuery({ queryKey: ['first'], queryFn: async () => 'profile' })
      .then(() =>
        client.prefetchQuery({
          queryKey: ['second'],
          queryFn: async () => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            followUpDone = true;
            return 'posts';
          },
        }),
      )
      .catch(() => undefined);
    await queriesSettled(client);
    expect(followUpDone).toBe(true);
    expect(client.getQueryData(['second'])).toBe('posts');
  });

  it('resolves at once when nothing is fetching', async () => {
    await expect(queriesSettled(new QueryClient())).resolves.toBeUndefined();
  });
});

describe('pollUnlessFailed', () => {
  const query = (status: 'pending' | 'success' | 'error', data?: { running: boolean }) => ({
    state: { status, data },
  });

  it('polls while the data says so, and not after a failed poll', () => {
    const interval = pollUnlessFailed(1_000, (data: { running: boolean } | undefined) =>
      Boolean(data?.running),
    );
    expect(interval(query('success', { running: true }))).toBe(1_000);
    expect(interval(query('success', { running: false }))).toBe(false);
    // a failed refetch keeps the last data, which still says "running"
    expect(interval(query('error', { running: true }))).toBe(false);
    expect(pollUnlessFailed(500)(query('pending'))).toBe(500);
    expect(pollUnlessFailed(500)(query('error'))).toBe(false);
  });
});
