/**
 * Reels: a full-screen vertical feed, one reel at a time. Swipe up/down, the arrow keys (or
 * j/k) and the Previous/Next buttons move; the current reel plays muted and loops, and its view
 * is recorded once it is shown. Creators post reels from here.
 */
import type { Reel } from '@fanspace/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { EyeIcon, HeartIcon, MessageIcon, PlusIcon, TrashIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { ReelComments } from '../components/reel-comments.tsx';
import { ReelComposer } from '../components/reel-composer.tsx';
import { moveForKey, moveForSwipe, step } from '../navigation.ts';
import {
  useDeleteReelMutation,
  useLikeReelMutation,
  useReelsFeedQuery,
  useViewReelMutation,
} from '../queries.ts';
import { plural } from '../../../lib/plural.ts';

function ReelSlide({ reel }: { reel: Reel }) {
  const like = useLikeReelMutation();
  const remove = useDeleteReelMutation();
  const [commenting, setCommenting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = reel.user.displayName ?? reel.user.username;
  return (
    <article
      aria-label={`Reel by ${name}`}
      className="relative mx-auto flex h-full max-h-[calc(100dvh-9rem)] w-full max-w-sm items-center justify-center overflow-hidden rounded-3xl bg-black"
    >
      {reel.videoUrl ? (
        <video
          key={reel.id}
          src={reel.videoUrl}
          poster={reel.posterUrl ?? undefined}
          className="h-full w-full object-contain"
          autoPlay
          muted
          loop
          playsInline
          controls
          aria-label={reel.caption || `Video by ${name}`}
        />
      ) : (
        <p className="text-sm text-white/70">This video is no longer available.</p>
      )}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 pb-14 text-white">
        <Link
          to={`/u/${reel.user.username}`}
          className="pointer-events-auto font-semibold hover:underline"
        >
          @{reel.user.username}
        </Link>
        {reel.caption ? <p className="mt-1 text-sm">{reel.caption}</p> : null}
      </div>
      <div className="absolute bottom-16 right-2 flex flex-col items-center gap-3 text-white">
        <button
          type="button"
          onClick={() => like.mutate(reel.id)}
          aria-pressed={reel.isLiked}
          aria-label={reel.isLiked ? 'Unlike' : 'Like'}
          className="flex flex-col items-center rounded-full p-2 hover:bg-white/10"
        >
          <HeartIcon size={26} className={reel.isLiked ? 'fill-current text-rose-500' : ''} />
          <span className="text-xs" data-testid="reel-likes">
            {reel.likeCount}
          </span>
        </button>
        <button
          type="button"
          onClick={() => setCommenting(true)}
          aria-label={plural(reel.commentCount, 'comment')}
          className="flex flex-col items-center rounded-full p-2 hover:bg-white/10"
        >
          <MessageIcon size={24} />
          <span className="text-xs">{reel.commentCount}</span>
        </button>
        <span
          className="flex flex-col items-center p-2"
          aria-label={plural(reel.viewCount, 'view')}
        >
          <EyeIcon size={24} aria-hidden />
          <span className="text-xs">{reel.viewCount}</span>
        </span>
        {reel.isOwn ? (
          <IconButton
            label="Delete reel"
            onClick={() => setConfirmDelete(true)}
            className="text-white"
          >
            <TrashIcon size={20} />
          </IconButton>
        ) : null}
      </div>
      {/* one tap next to Like must not delete a video for good */}
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        role="alertdialog"
        title="Delete this reel?"
        description="The video, its likes and comments are deleted for good."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate(reel.id, { onSettled: () => setConfirmDelete(false) })}
            >
              Delete
            </Button>
          </>
        }
      />
      <ReelComments reelId={reel.id} open={commenting} onClose={() => setCommenting(false)} />
    </article>
  );
}

export function ReelsPage() {
  useDocumentTitle('Reels');
  const creator = isCreatorUser(useAuthStore((s) => s.user));
  const feed = useReelsFeedQuery();
  const view = useViewReelMutation();
  const [index, setIndex] = useState(0);
  const [composing, setComposing] = useState(false);
  const touchStart = useRef<number | null>(null);
  const viewed = useRef(new Set<string>());
  const reels = feed.data?.pages.flatMap((p) => p.reels) ?? [];
  const current = reels[Math.min(index, Math.max(reels.length - 1, 0))];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const mutateView = view.mutate;

  useEffect(() => {
    if (current && !current.isOwn && !viewed.current.has(current.id)) {
      viewed.current.add(current.id);
      mutateView(current.id);
    }
  }, [current, mutateView]);
  // near the end, the next page; not again after it failed (the failure ends the fetching,
  // which would ask at once, and again, for as long as the server fails): "Try again" asks
  useEffect(() => {
    if (index >= reels.length - 2 && hasNextPage && !isFetchingNextPage && !isFetchNextPageError)
      void fetchNextPage();
  }, [index, reels.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = moveForKey(event.key);
    if (!move) return;
    event.preventDefault();
    setIndex((i) => step(i, move, reels.length));
  }

  const post = creator ? (
    <Button size="sm" icon={<PlusIcon size={16} />} onClick={() => setComposing(true)}>
      Post a reel
    </Button>
  ) : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-3">
      <header className="flex items-center justify-between">
        <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg">Reels</h1>
        {post}
      </header>
      {feed.isPending ? (
        <LoadingState label="Loading reels…" />
      ) : feed.isError && !isFetchNextPageError ? (
        // a failed next page keeps the reels loaded so far on screen (with its own retry)
        <ErrorState onRetry={() => void feed.refetch()} />
      ) : !current ? (
        <EmptyState
          title="No reels yet"
          description="Short videos from creators show up here."
          action={post}
        />
      ) : (
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label={`Reel ${index + 1} of ${reels.length}. Use the arrow keys to move.`}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onTouchStart={(e) => {
            touchStart.current = e.touches[0]?.clientY ?? null;
          }}
          onTouchEnd={(e) => {
            const start = touchStart.current;
            const end = e.changedTouches[0]?.clientY;
            if (start !== null && end !== undefined)
              setIndex((i) => step(i, moveForSwipe(start, end), reels.length));
            touchStart.current = null;
          }}
          className="flex h-[calc(100dvh-9rem)] flex-col items-center gap-2 rounded-3xl outline-none focus-visible:ring-2 focus-visible:ring-accent"
        >
          <ReelSlide reel={current} />
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={index === 0}
              onClick={() => setIndex((i) => step(i, 'previous', reels.length))}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={index >= reels.length - 1}
              onClick={() => setIndex((i) => step(i, 'next', reels.length))}
            >
              Next
            </Button>
          </div>
          {isFetchNextPageError ? (
            <p role="alert" className="flex items-center gap-2 text-sm text-muted">
              Could not load more reels.
              <Button size="sm" variant="ghost" onClick={() => void fetchNextPage()}>
                Try again
              </Button>
            </p>
          ) : null}
        </div>
      )}
      <ReelComposer open={composing} onClose={() => setComposing(false)} />
    </div>
  );
}
