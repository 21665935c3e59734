import type { DiscoverResponse } from '@fanspace/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiClient } from '../../../lib/api/index.ts';

/** The hashtags carried by the most posts, from GET /discover; nothing while empty or failing. */
export function PopularHashtags() {
  const discover = useQuery({
    queryKey: ['discover', 'overview'],
    queryFn: () => apiClient.get<DiscoverResponse>('/discover'),
    staleTime: 60_000,
  });
  const tags = discover.data?.hashtags ?? [];
  if (tags.length === 0) return null;
  return (
    <section aria-labelledby="popular-hashtags" className="mt-6">
      <h2 id="popular-hashtags" className="font-semibold text-fg">
        Popular hashtags
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {tags.map((t) => (
          <li key={t.tag}>
            <Link
              to={`/tags/${encodeURIComponent(t.tag)}`}
              className="inline-flex rounded-full bg-surface-2 px-3 py-1 text-sm text-fg hover:bg-accent-soft focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
            >
              {t.name} <span className="ml-1 text-muted">{t.postsCount}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
