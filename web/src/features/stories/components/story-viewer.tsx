/**
 * The full-screen story viewer: progress bars, tap or click the left third to go back and the
 * rest to go on (also the arrow keys; Escape closes; Space pauses), auto-advance, pause while
 * holding, the text overlay where its author put it, and for one's own stories "Seen by" and
 * delete.
 */
import type { StoryGroup } from '@fanspace/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { relativeTime } from '../../../lib/relative-time.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { CloseIcon, EyeIcon, TrashIcon } from '../../../ui/icons.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { ChevronLeftIcon, ChevronRightIcon, PlayIcon } from '../../posts/icons.tsx';
import { PauseIcon } from '../icons.tsx';
import {
  keyAction,
  nextPosition,
  previousPosition,
  storyDurationMs,
  tapAction,
  type ViewerPosition,
} from '../navigation.ts';
import { useDeleteStoryMutation, useMarkStorySeen } from '../queries.ts';
import { SeenByPanel } from './seen-by-panel.tsx';
import { StoryFrame } from './story-frame.tsx';

const TICK_MS = 100;
/** A press longer than this pauses instead of navigating. */
const HOLD_MS = 220;

export function StoryViewer({
  groups,
  start,
  onClose,
}: {
  groups: StoryGroup[];
  start: ViewerPosition;
  onClose: () => void;
}) {
  const [position, setPosition] = useState(start);
  const [progress, setProgress] = useState(0);
  const [held, setHeld] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [seenByOpen, setSeenByOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const elapsed = useRef(0);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wasHold = useRef(false);
  const markedSeen = useRef(new Set<string>());
  const markSeen = useMarkStorySeen();
  const remove = useDeleteStoryMutation();

  const group = groups[position.group];
  const story = group?.stories[position.story];
  const paused = held || pausedByUser || seenByOpen || confirmDelete;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const go = useCallback(
    (action: 'next' | 'previous') => {
      setSeenByOpen(false);
      setConfirmDelete(false);
      if (action === 'previous') {
        setPosition((at) => previousPosition(groups, at));
        elapsed.current = 0;
        setProgress(0);
        return;
      }
      const next = nextPosition(groups, position);
      if (next) setPosition(next);
      else onCloseRef.current();
    },
    [groups, position],
  );

  // a story that vanished (deleted, expired) closes the viewer
  useEffect(() => {
    if (!story) onCloseRef.current();
  }, [story]);

  // each story starts from zero and is marked seen once
  useEffect(() => {
    elapsed.current = 0;
    setProgress(0);
    if (story && !story.isOwn && !story.seen && !markedSeen.current.has(story.id)) {
      markedSeen.current.add(story.id);
      markSeen.mutate(story.id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the story changes
  }, [story?.id]);

  // photos and text advance on a clock; videos report their own progress
  useEffect(() => {
    if (!story || story.mediaType === 'video' || paused) return undefined;
    const duration = storyDurationMs(story);
    const timer = setInterval(() => {
      elapsed.current += TICK_MS;
      setProgress(Math.min(1, elapsed.current / duration));
      if (elapsed.current >= duration) {
        clearInterval(timer);
        go('next');
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [story, paused, go]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (paused) video.pause();
    else void video.play().catch(() => undefined);
  }, [paused, story?.id]);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      const action = keyAction(event.key);
      if (!action) return;
      const target = event.target as HTMLElement | null;
      // Space on a focused button presses that button
      if (action === 'toggle-pause' && target instanceof Element && target.closest('button'))
        return;
      event.preventDefault();
      if (action === 'close') {
        if (seenByOpen) setSeenByOpen(false);
        else if (confirmDelete) setConfirmDelete(false);
        else onCloseRef.current();
      } else if (action === 'toggle-pause') setPausedByUser((p) => !p);
      else go(action);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [go, seenByOpen, confirmDelete]);

  if (!group || !story) return null;
  const name = group.user.displayName ?? group.user.username;

  function pressStart(): void {
    wasHold.current = false;
    clearTimeout(holdTimer.current);
    holdTimer.current = setTimeout(() => {
      wasHold.current = true;
      setHeld(true);
    }, HOLD_MS);
  }

  function pressEnd(): void {
    clearTimeout(holdTimer.current);
    setHeld(false);
  }

  function tap(event: React.MouseEvent<HTMLButtonElement>, fallback: 'previous' | 'next'): void {
    if (wasHold.current) {
      wasHold.current = false;
      return;
    }
    const box = event.currentTarget.parentElement?.getBoundingClientRect();
    // a pointer click is judged by where it landed; keyboard clicks (detail 0) by the button
    const action =
      event.detail > 0 && box && box.width > 0
        ? tapAction(event.clientX - box.left, box.width)
        : fallback;
    go(action);
  }

  function deleteStory(): void {
    if (!story) return;
    remove.mutate(story.id, {
      onSuccess: () => {
        toast.success('Story deleted.');
        setConfirmDelete(false);
      },
      onError: () => toast.error('Could not delete the story. Please try again.'),
    });
  }

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={`Stories by ${name}`}
      tabIndex={-1}
      className="fixed inset-0 z-[70] flex items-center justify-center bg-black outline-none"
    >
      <p className="sr-only" aria-live="polite">
        Story {position.story + 1} of {group.stories.length} by {name}
        {paused ? ', paused' : ''}
      </p>
      <button
        type="button"
        aria-label="Previous story"
        onClick={() => go('previous')}
        className="absolute left-4 flex h-12 w-12 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 max-md:sr-only"
      >
        <ChevronLeftIcon size={24} />
      </button>
      <div
        className="relative flex h-dvh max-h-dvh items-center"
        style={{ width: 'min(100vw, calc(100dvh * 9 / 16))' }}
      >
        <StoryFrame
          key={story.id}
          mediaType={story.mediaType}
          mediaUrl={story.mediaUrl}
          posterUrl={story.thumbnailUrl}
          caption={story.caption}
          textOverlay={story.textOverlay}
          textPosition={story.textPosition}
          textSize={story.textSize}
          backgroundColor={story.backgroundColor}
          textColor={story.textColor}
          videoRef={videoRef}
          onVideoTime={setProgress}
          onVideoEnded={() => go('next')}
          className="max-h-dvh max-sm:aspect-auto max-sm:h-dvh sm:rounded-2xl"
        />
        {/* tap zones: left third back, the rest on; holding pauses */}
        <div className="absolute inset-0 z-[1] flex" onPointerLeave={pressEnd}>
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="h-full w-1/3 cursor-w-resize outline-none"
            onPointerDown={pressStart}
            onPointerUp={pressEnd}
            onPointerCancel={pressEnd}
            onClick={(event) => tap(event, 'previous')}
          />
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="h-full w-2/3 cursor-e-resize outline-none"
            onPointerDown={pressStart}
            onPointerUp={pressEnd}
            onPointerCancel={pressEnd}
            onClick={(event) => tap(event, 'next')}
          />
        </div>
        <div className="absolute inset-x-0 top-0 z-10 bg-gradient-to-b from-black/60 to-transparent px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-6">
          <div className="flex gap-1" aria-hidden="true">
            {group.stories.map((s, index) => (
              <div key={s.id} className="h-0.5 flex-1 overflow-hidden rounded-full bg-white/35">
                <div
                  data-testid="story-progress"
                  className="h-full bg-white"
                  style={{
                    width: `${index < position.story ? 100 : index === position.story ? progress * 100 : 0}%`,
                  }}
                />
              </div>
            ))}
          </div>
          <div className="mt-3 flex items-center gap-2 text-white">
            <Avatar name={name} src={group.user.avatarUrl} size={32} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold">{name}</p>
              <p className="text-xs text-white/75">
                <time dateTime={story.createdAt}>{relativeTime(story.createdAt)}</time>
              </p>
            </div>
            <button
              type="button"
              aria-label={paused ? 'Play' : 'Pause'}
              aria-pressed={pausedByUser}
              onClick={() => setPausedByUser((p) => !p)}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15"
            >
              {paused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
            </button>
            <button
              type="button"
              aria-label="Close stories"
              onClick={() => onCloseRef.current()}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15"
            >
              <CloseIcon size={20} />
            </button>
          </div>
        </div>
        {story.isOwn ? (
          <div className="absolute inset-x-0 bottom-0 z-10 flex items-center justify-between gap-2 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <button
              type="button"
              onClick={() => setSeenByOpen(true)}
              className="inline-flex items-center gap-2 rounded-full bg-black/55 px-3.5 py-2 text-sm font-semibold text-white hover:bg-black/70"
            >
              <EyeIcon size={16} />
              Seen by {story.viewCount ?? 0}
            </button>
            <button
              type="button"
              aria-label="Delete this story"
              onClick={() => setConfirmDelete(true)}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/70"
            >
              <TrashIcon size={17} />
            </button>
          </div>
        ) : null}
        {confirmDelete ? (
          <div
            role="alertdialog"
            aria-label="Delete this story?"
            className="absolute inset-x-4 bottom-6 z-20 rounded-2xl bg-surface p-4 text-fg shadow-2xl"
          >
            <p className="font-semibold">Delete this story?</p>
            <p className="mt-1 text-sm text-muted">It disappears for everyone right away.</p>
            <div className="mt-4 flex justify-end gap-2">
              <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(false)}>
                Keep it
              </Button>
              <Button
                variant="danger"
                size="sm"
                loading={remove.isPending}
                onClick={deleteStory}
                autoFocus
              >
                Delete
              </Button>
            </div>
          </div>
        ) : null}
        {seenByOpen ? (
          <SeenByPanel
            storyId={story.id}
            viewCount={story.viewCount ?? 0}
            onClose={() => setSeenByOpen(false)}
          />
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Next story"
        onClick={() => go('next')}
        className="absolute right-4 flex h-12 w-12 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 max-md:sr-only"
      >
        <ChevronRightIcon size={24} />
      </button>
    </div>,
    document.body,
  );
}
