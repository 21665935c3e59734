import type { StoriesResponse } from '@fanspace/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { useCreatorGate } from '../creator/creator-gate.ts';
import { storyForm } from './api.ts';
import { StoryTray } from './components/story-tray.tsx';
import { StoryViewer } from './components/story-viewer.tsx';
import { markSeenIn, removeStoryFrom } from './queries.ts';
import { useStoryComposer } from './store.ts';
import { makeGroup } from './test-kit.ts';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ id: 'me', userId: 'me' }));
  fetchMock.mockImplementation(async () =>
    json({ ok: true, storyId: 'x', seen: true, counted: true }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useCreatorGate.setState({ open: null });
  useStoryComposer.setState({ open: false });
});

const calls = (method: string, part: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init.method ?? 'GET') === method && String(url).includes(part),
  );

const status = () => screen.getByText(/^Story \d+ of \d+ by/).textContent;

describe('StoryViewer', () => {
  it('moves with the arrow keys and the buttons, marks stories seen, and closes with Escape', async () => {
    const groups = [
      makeGroup('a', [{ textOverlay: 'First' }, { textOverlay: 'Second' }]),
      makeGroup('b', [{ textOverlay: 'Third' }]),
    ];
    const onClose = vi.fn();
    renderPage(<StoryViewer groups={groups} start={{ group: 0, story: 0 }} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Stories by Creator a' })).toBeTruthy();
    expect(screen.getByText('First')).toBeTruthy();
    expect(status()).toBe('Story 1 of 2 by Creator a');

    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByText('Second')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(screen.getByText('First')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next story' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(screen.getByText('Third')).toBeTruthy();
    expect(status()).toBe('Story 1 of 1 by Creator b');

    // every story shown was marked seen once
    await waitFor(() => expect(calls('POST', '/view')).toHaveLength(3));
    const seen = calls('POST', '/view').map(([url]) => String(url));
    expect(new Set(seen).size).toBe(3);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('advances on its own, pauses with Space, and closes after the last story', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const groups = [makeGroup('a', [{ textOverlay: 'One' }, { textOverlay: 'Two' }])];
    const onClose = vi.fn();
    renderPage(<StoryViewer groups={groups} start={{ group: 0, story: 0 }} onClose={onClose} />);
    expect(screen.getByText('One')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5100);
    });
    expect(screen.getByText('Two')).toBeTruthy();
    fireEvent.keyDown(document, { key: ' ' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText('Two')).toBeTruthy();
    expect(status()).toContain('paused');
    fireEvent.keyDown(document, { key: ' ' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5100);
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('pauses while held instead of moving on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const groups = [makeGroup('a', [{ textOverlay: 'Hold me' }, { textOverlay: 'Next one' }])];
    renderPage(<StoryViewer groups={groups} start={{ group: 0, story: 0 }} onClose={vi.fn()} />);
    const zone = screen
      .getByRole('dialog')
      .querySelectorAll<HTMLButtonElement>('button[aria-hidden="true"]')[1]!;
    expect(screen.getByText('Hold me')).toBeTruthy();
    fireEvent.pointerDown(zone);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(status()).toContain('paused');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7000);
    });
    expect(screen.getByText('Hold me')).toBeTruthy();
    fireEvent.pointerUp(zone);
    fireEvent.click(zone, { detail: 1 });
    // the click ending a hold does not navigate
    expect(screen.getByText('Hold me')).toBeTruthy();
  });

  it('shows "Seen by" on one’s own story with the viewers, and never marks it seen', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (String(url).includes('/viewers'))
        return json({
          storyId: 's',
          viewCount: 2,
          viewers: [
            {
              userId: 'f1',
              user: {
                id: 'f1',
                userId: 'f1',
                username: 'sam',
                displayName: 'Sam',
                avatarUrl: null,
                isCreator: false,
                isVerified: false,
              },
              viewedAt: new Date().toISOString(),
            },
          ],
          nextCursor: null,
          hasMore: false,
        });
      return json({}, 404);
    });
    const groups = [
      makeGroup('me', [{ textOverlay: 'Mine', isOwn: true, seen: true, viewCount: 2 }]),
    ];
    renderPage(<StoryViewer groups={groups} start={{ group: 0, story: 0 }} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Seen by 2' }));
    expect(await screen.findByText('Sam')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Seen by 2' })).toBeTruthy();
    expect(calls('POST', '/view')).toHaveLength(0);
  });
});

describe('StoryTray', () => {
  const tray = (groups: ReturnType<typeof makeGroup>[]): StoriesResponse => ({
    groups,
    stories: groups.flatMap((g) => g.stories),
    currentPage: 1,
    totalPages: 1,
    hasMore: false,
  });

  it('puts my story first and opens a creator at the first unseen story', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/api/stories?')
        ? json(
            tray([
              makeGroup('a', [
                { textOverlay: 'Seen already', seen: true },
                { textOverlay: 'Fresh' },
              ]),
              makeGroup('me', [{ textOverlay: 'Mine', isOwn: true, seen: true }]),
            ]),
          )
        : json({ ok: true }),
    );
    renderPage(<StoryTray />);
    const first = await screen.findByRole('button', { name: 'Your story' });
    const buttons = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(buttons.indexOf('Your story')).toBeLessThan(
      buttons.indexOf('Stories by Creator a, new'),
    );
    expect(first).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stories by Creator a, new' }));
    // the viewer's code loads when it first opens
    expect(await screen.findByText('Fresh')).toBeTruthy();
  });

  it('opens the become-creator modal when a fan presses "Add story"', async () => {
    fetchMock.mockImplementation(async () => json(tray([])));
    renderPage(<StoryTray />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add story' }));
    expect(useCreatorGate.getState().open).toBe('become');
    expect(useStoryComposer.getState().open).toBe(false);
  });

  it('opens the composer for a creator', async () => {
    signIn(makeMeUser({ id: 'me', userId: 'me', isCreator: true, accountType: 'creator' }));
    fetchMock.mockImplementation(async () => json(tray([])));
    renderPage(<StoryTray />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add story' }));
    expect(useStoryComposer.getState().open).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'New story' })).toBeTruthy();
  });
});

describe('story data helpers', () => {
  it('marks a story seen and recomputes hasUnseen; removes a story and empty groups', () => {
    const group = makeGroup('a', [{ seen: true }, {}]);
    const data: StoriesResponse = {
      groups: [group, makeGroup('b', [{}])],
      stories: [],
      currentPage: 1,
      totalPages: 1,
      hasMore: false,
    };
    const seen = markSeenIn(data, group.stories[1]!.id);
    expect(seen.groups[0]!.hasUnseen).toBe(false);
    expect(seen.groups[1]!.hasUnseen).toBe(true);
    expect(seen.stories).toHaveLength(3);
    expect(markSeenIn(seen, group.stories[1]!.id)).toBe(seen);
    const removed = removeStoryFrom(data, data.groups[1]!.stories[0]!.id);
    expect(removed.groups.map((g) => g.userId)).toEqual(['a']);
  });

  it('sends the text position as JSON text in the multipart form', () => {
    const form = storyForm({
      file: null,
      caption: ' hi ',
      textOverlay: 'Tonight',
      textPosition: { x: 0.5, y: 0.3 },
      textSize: 40,
      backgroundColor: '#000000',
      textColor: '#ffffff',
      accessLevel: 'followers',
    });
    expect(form.get('textPosition')).toBe('{"x":0.5,"y":0.3}');
    expect(form.get('mediaType')).toBe('text');
    expect(form.get('caption')).toBe('hi');
    expect(form.get('accessLevel')).toBe('followers');
    expect(form.get('media')).toBeNull();
  });
});
