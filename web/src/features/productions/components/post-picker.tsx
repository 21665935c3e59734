import { ProductionLimits, type ProductionPost } from '@fanspace/contracts';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { useUserPostsQuery } from '../../posts/queries.ts';
import { postDate, postLabel } from '../labels.ts';

/**
 * The creator's own posts (GET /posts/user/{me}, 50 a page, "Load more posts" for older ones)
 * as a checklist, filtered by caption over the pages loaded. Linked posts that are not on a
 * loaded page stay linked and are listed from `linked` so they can still be unticked.
 */
export function PostPicker({
  open,
  value,
  linked,
  onChange,
}: {
  open: boolean;
  value: string[];
  linked: ProductionPost[];
  onChange: (ids: string[]) => void;
}) {
  const userId = useAuthStore((s) => s.user?.id);
  const posts = useUserPostsQuery(open ? userId : undefined);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const loaded = useMemo(
    () =>
      (posts.data?.pages ?? []).flatMap((page) =>
        page.posts.map((p) => ({ id: p.id, caption: p.caption, createdAt: p.createdAt })),
      ),
    [posts.data],
  );
  const loadedIds = new Set(loaded.map((p) => p.id));
  const all = [...linked.filter((p) => value.includes(p.id) && !loadedIds.has(p.id)), ...loaded];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((p) => p.caption.toLowerCase().includes(needle)) : all;
  const full = value.length >= ProductionLimits.postsMax;

  const toggle = (id: string) =>
    onChange(value.includes(id) ? value.filter((x) => x !== id) : [...value, id]);

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-fg">
        Posts <span className="font-normal text-muted">({value.length} linked)</span>
      </legend>
      <label htmlFor={searchId} className="sr-only">
        Search your posts
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="Search your posts by caption"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="h-10 rounded-xl border border-line bg-surface px-3 text-sm text-fg"
      />
      {posts.isPending ? (
        <Spinner size={20} label="Loading your posts" />
      ) : posts.isError ? (
        <div role="alert" className="flex items-center gap-2 text-sm text-danger">
          Could not load your posts.
          <Button type="button" size="sm" variant="ghost" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <p className="text-sm text-muted">You have no posts yet.</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted">No loaded post matches “{search.trim()}”.</p>
      ) : (
        <ul aria-label="Your posts" className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          {shown.map((p) => {
            const checked = value.includes(p.id);
            return (
              <li key={p.id}>
                <label className="flex items-center gap-2 text-sm text-fg">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => toggle(p.id)}
                  />
                  <span className="min-w-0 flex-1 truncate">{postLabel(p)}</span>
                  <span className="shrink-0 text-muted">{postDate(p.createdAt)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {posts.hasNextPage ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="self-start"
          loading={posts.isFetchingNextPage}
          onClick={() => void posts.fetchNextPage()}
        >
          Load more posts
        </Button>
      ) : null}
    </fieldset>
  );
}
