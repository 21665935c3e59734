import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queriesSettled } from './query-client.ts';

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
