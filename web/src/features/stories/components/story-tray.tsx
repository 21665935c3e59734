/**
 * The story tray at the top of the home feed: "Your story" (or "Add story") first, then the
 * creators you follow or subscribe to, unseen ones first with a coloured ring. Opening one
 * starts the viewer at the creator's first unseen story. `/?story=<id>` (a notification's link)
 * opens that story. A non-creator pressing "Add story" gets the become-creator modal.
 */
import type { StoryGroup } from '@fanspace/contracts';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyDialog, useOpenedOnce } from '../../../lib/lazy-dialog.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { cn } from '../../../ui/cn.ts';
import { PlusIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser, userIdOf } from '../../auth/user.ts';
import { useCreatorGate } from '../../creator/creator-gate.ts';
import { startIndex, type ViewerPosition } from '../navigation.ts';
import { useStoryTrayQuery } from '../queries.ts';
import { useStoryComposer } from '../store.ts';

// the viewer and the composer load when first opened, not with the feed's first render; the
// composer is fetched in the background once the page has loaded
const StoryViewer = lazyDialog(() => import('./story-viewer.tsx'), 'StoryViewer');
const StoryComposerDialog = lazyDialog(() => import('./story-composer.tsx'), 'StoryComposerDialog');

const nameOf = (group: StoryGroup) => group.user.displayName ?? group.user.username;

function Ring({ unseen, children }: { unseen: boolean; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full p-[3px]',
        unseen
          ? 'bg-[conic-gradient(from_180deg,var(--fs-accent),var(--fs-accent-2),#f59e0b,var(--fs-accent))]'
          : 'bg-line',
      )}
    >
      <span className="inline-flex rounded-full bg-canvas p-[2px]">{children}</span>
    </span>
  );
}

/** Opens the composer for creators, the become-creator modal for everyone else. */
export function useAddStory() {
  const user = useAuthStore((s) => s.user);
  const show = useStoryComposer((s) => s.show);
  const gate = useCreatorGate((s) => s.show);
  return () => {
    if (isCreatorUser(user)) show();
    else gate(user?.identityStatus === 'pending' ? 'pending' : 'become');
  };
}

export function StoryTray() {
  const user = useAuthStore((s) => s.user);
  const me = userIdOf(user);
  const tray = useStoryTrayQuery();
  const addStory = useAddStory();
  const composerOpened = useOpenedOnce(useStoryComposer((s) => s.open));
  useEffect(() => {
    if (isCreatorUser(user)) StoryComposerDialog.preload();
  }, [user]);
  const [params, setParams] = useSearchParams();
  const [viewer, setViewer] = useState<{ order: string[]; start: ViewerPosition } | null>(null);

  const groups = useMemo(() => tray.data?.groups ?? [], [tray.data]);
  const own = groups.find((g) => g.userId === me);
  const ordered = useMemo(
    () => (own ? [own, ...groups.filter((g) => g !== own)] : groups),
    [groups, own],
  );

  function open(index: number, story?: number): void {
    const group = ordered[index];
    if (!group) return;
    setViewer({
      order: ordered.map((g) => g.userId),
      start: { group: index, story: story ?? startIndex(group) },
    });
  }

  // a link to one story (a notification) opens it once the tray is there
  const linked = params.get('story');
  useEffect(() => {
    if (!linked || !tray.data) return;
    const groupIndex = ordered.findIndex((g) => g.stories.some((s) => s.id === linked));
    if (groupIndex !== -1) {
      const storyIndex = ordered[groupIndex]!.stories.findIndex((s) => s.id === linked);
      setViewer({
        order: ordered.map((g) => g.userId),
        start: { group: groupIndex, story: storyIndex },
      });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('story');
        return next;
      },
      { replace: true },
    );
  }, [linked, tray.data, ordered, setParams]);

  // the viewer keeps the order it opened with, even when the tray refreshes and re-sorts
  const viewerGroups = viewer
    ? viewer.order.flatMap((id) => groups.find((g) => g.userId === id) ?? [])
    : [];

  return (
    <section aria-label="Stories" className="mb-6">
      <ul className="-mx-1 flex gap-4 overflow-x-auto px-1 pb-1 [scrollbar-width:none]">
        <li className="flex w-[4.5rem] shrink-0 flex-col items-center gap-1.5">
          <span className="relative">
            {own ? (
              <button
                type="button"
                onClick={() => open(0)}
                aria-label="Your story"
                className="rounded-full focus-visible:outline-2 focus-visible:outline-accent"
              >
                <Ring unseen={false}>
                  <Avatar name={nameOf(own)} src={own.user.avatarUrl} size={58} />
                </Ring>
              </button>
            ) : (
              <button
                type="button"
                onClick={addStory}
                aria-label="Add story"
                className="inline-flex h-[68px] w-[68px] items-center justify-center rounded-full border-2 border-dashed border-line text-muted hover:border-accent hover:text-accent-text"
              >
                <PlusIcon size={24} />
              </button>
            )}
            {own ? (
              <button
                type="button"
                onClick={addStory}
                aria-label="Add story"
                className="absolute -right-0.5 -bottom-0.5 inline-flex h-6 w-6 items-center justify-center rounded-full bg-accent-solid text-white ring-2 ring-canvas"
              >
                <PlusIcon size={14} strokeWidth={3} />
              </button>
            ) : null}
          </span>
          <span className="w-full truncate text-center text-xs text-muted">
            {own ? 'Your story' : 'Add story'}
          </span>
        </li>
        {tray.isPending
          ? Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="flex w-[4.5rem] shrink-0 flex-col items-center gap-1.5">
                <Skeleton className="h-[68px] w-[68px] rounded-full" />
                <Skeleton className="h-3 w-12" />
              </li>
            ))
          : null}
        {ordered.map((group, index) =>
          group === own ? null : (
            <li
              key={group.userId}
              className="flex w-[4.5rem] shrink-0 flex-col items-center gap-1.5"
            >
              <button
                type="button"
                onClick={() => open(index)}
                aria-label={`Stories by ${nameOf(group)}${group.hasUnseen ? ', new' : ''}`}
                className="rounded-full focus-visible:outline-2 focus-visible:outline-accent"
              >
                <Ring unseen={group.hasUnseen}>
                  <Avatar name={nameOf(group)} src={group.user.avatarUrl} size={58} />
                </Ring>
              </button>
              <span
                className={cn(
                  'w-full truncate text-center text-xs',
                  group.hasUnseen ? 'font-semibold text-fg' : 'text-muted',
                )}
              >
                {nameOf(group)}
              </span>
            </li>
          ),
        )}
      </ul>
      {tray.isError ? (
        <p role="alert" className="mt-1 text-xs text-muted">
          Stories could not load.{' '}
          <button
            type="button"
            className="font-semibold text-accent-text"
            onClick={() => void tray.refetch()}
          >
            Try again
          </button>
        </p>
      ) : null}
      {viewer && viewerGroups.length > 0 ? (
        <Suspense fallback={null}>
          <StoryViewer groups={viewerGroups} start={viewer.start} onClose={() => setViewer(null)} />
        </Suspense>
      ) : null}
      {composerOpened ? (
        <Suspense fallback={null}>
          <StoryComposerDialog />
        </Suspense>
      ) : null}
    </section>
  );
}
