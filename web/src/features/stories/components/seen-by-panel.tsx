/** "Seen by": who opened one of my stories, newest first, page by page. */
import { relativeTime } from '../../../lib/relative-time.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { CloseIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useStoryViewersQuery } from '../queries.ts';

export function SeenByPanel({
  storyId,
  viewCount,
  onClose,
}: {
  storyId: string;
  viewCount: number;
  onClose: () => void;
}) {
  const query = useStoryViewersQuery(storyId, true);
  const viewers = query.data?.pages.flatMap((p) => p.viewers) ?? [];
  const count = query.data?.pages[0]?.viewCount ?? viewCount;
  return (
    <section
      aria-labelledby="seen-by-title"
      className="absolute inset-x-0 bottom-0 z-20 flex max-h-[70%] flex-col rounded-t-3xl bg-surface text-fg shadow-2xl"
      onPointerDown={(event) => event.stopPropagation()}
    >
      <header className="flex items-center justify-between border-b border-line px-5 py-3">
        <h2 id="seen-by-title" className="font-semibold">
          Seen by {count}
        </h2>
        <IconButton label="Close the viewers list" onClick={onClose}>
          <CloseIcon size={18} />
        </IconButton>
      </header>
      <div className="overflow-y-auto px-5 py-3">
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner size={22} label="Loading viewers" />
          </div>
        ) : query.isError ? (
          <p role="alert" className="py-6 text-center text-sm text-muted">
            Could not load who saw this story.{' '}
            <button
              type="button"
              className="font-semibold text-accent-text"
              onClick={() => void query.refetch()}
            >
              Try again
            </button>
          </p>
        ) : viewers.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">Nobody has seen this story yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {viewers.map((viewer) => {
              const name = viewer.user.displayName ?? viewer.user.username;
              return (
                <li key={viewer.userId} className="flex items-center gap-3">
                  <Avatar name={name} src={viewer.user.avatarUrl} size={36} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold">{name}</p>
                    <p className="truncate text-xs text-muted">@{viewer.user.username}</p>
                  </div>
                  <time dateTime={viewer.viewedAt} className="text-xs text-muted">
                    {relativeTime(viewer.viewedAt)}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
        {query.hasNextPage ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-3 w-full"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show more
          </Button>
        ) : null}
      </div>
    </section>
  );
}
