/**
 * Composer hooks: publishing a post, and the model releases the picker offers. Publishing
 * refreshes every post list; a 403 opens the become-creator modal through the creator gate.
 */
import type { CreatePostBody, Post } from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';
import { createPost } from '../posts/posts-api.ts';
import { postKeys } from '../posts/queries.ts';

export const composerKeys = {
  all: ['composer'] as const,
  releases: () => [...composerKeys.all, 'releases'] as const,
};

export function useCreatePostMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostBody) => createPost(body),
    onSuccess: (post: Post) => {
      client.setQueryData(postKeys.detail(post.id), post);
      return client.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'posts' && query.queryKey[1] !== 'detail',
      });
    },
  });
}

/**
 * Spec §3 Model release, as far as the picker needs it. The releases API is not part of this
 * server yet and has no contract; the picker reads it defensively and hides when it is absent.
 */
export interface ModelReleaseOption {
  id: string;
  modelName: string;
}

function releasesFrom(body: unknown): ModelReleaseOption[] {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' &&
        body !== null &&
        Array.isArray((body as { releases?: unknown }).releases)
      ? (body as { releases: unknown[] }).releases
      : [];
  const out: ModelReleaseOption[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const id = record.releaseId ?? record.id;
    const name = record.modelName;
    if (typeof id === 'string' && typeof name === 'string') out.push({ id, modelName: name });
  }
  return out;
}

export function useModelReleasesQuery(enabled: boolean) {
  return useQuery({
    queryKey: composerKeys.releases(),
    enabled,
    queryFn: async () => releasesFrom(await apiClient.get<unknown>('/releases/list')),
    retry: false,
    staleTime: Infinity,
  });
}
