import { EMPTY_POST_MESSAGE, SCHEDULER_MESSAGES, type ScheduledItem } from '@fanspace/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../test/render.tsx';
import { useToastStore } from '../../ui/toast/toast-store.ts';
import { ComposerForm } from '../composer/components/composer-form.tsx';
import { schedulerQuery } from './api.ts';
import { SchedulerPage } from './pages/scheduler-page.tsx';
import { startOfWeek, toLocalInput } from './time.ts';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function makeItem(overrides: Partial<ScheduledItem> = {}): ScheduledItem {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    itemId: id,
    type: 'post',
    status: 'pending',
    scheduledFor: inHours(26),
    payload: { caption: 'Hello later' },
    preview: { text: 'Hello later', mediaCount: 0, thumbnailUrl: null, audience: 'public' },
    attempts: 0,
    maxAttempts: 5,
    lastError: null,
    resultId: null,
    resultUrl: null,
    publishedAt: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

const page = (items: ScheduledItem[]) => ({
  items,
  nextCursor: null,
  hasMore: false,
  pendingCount: items.filter((i) => i.status === 'pending').length,
});

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ isCreator: true, accountType: 'creator', identityStatus: 'verified' }));
  useToastStore.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

const requests = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => {
    const { pathname } = new URL(String(url), 'http://x');
    return (init.method ?? 'GET') === method && pathname === `/api${path}`;
  });
const bodyOf = (call: [string, RequestInit] | undefined) =>
  JSON.parse(String(call?.[1].body ?? 'null')) as Record<string, unknown>;

/**
 * A scripted server: GET lists answer `items`; writes answer with the given status (a refusal
 * says `message`, or nothing of its own when it is null).
 */
function server(items: ScheduledItem[], writeStatus = 200, message: string | null = 'Refused') {
  fetchMock.mockImplementation(async (url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET') return json(page(items));
    if (writeStatus >= 400)
      return json(
        message === null
          ? { code: 'SCHEDULE_TIME_INVALID' }
          : { message, code: 'SCHEDULE_TIME_INVALID' },
        writeStatus,
      );
    if (String(url).includes('/scheduler/bulk') && method === 'DELETE')
      return json({ ok: true, ids: [], count: 2, message: 'Deleted' });
    if (String(url).includes('/scheduler/bulk')) return json({ items, count: items.length });
    if (method === 'DELETE') return json({ ok: true, id: 'x', itemId: 'x', message: 'Deleted' });
    return json({ item: items[0], id: items[0]?.id, itemId: items[0]?.id });
  });
}

async function openQueue() {
  renderPage(<SchedulerPage />, { path: '/scheduler' });
  await userEvent.click(await screen.findByRole('radio', { name: /Queue/ }));
}

describe('scheduler queries', () => {
  it('asks only for the filters that are set', () => {
    expect(schedulerQuery({}, null)).toEqual({ limit: 200 });
    expect(
      schedulerQuery({ status: 'pending', type: 'story', from: 'a', to: 'b' }, 'next'),
    ).toEqual({ limit: 200, status: 'pending', type: 'story', from: 'a', to: 'b', cursor: 'next' });
  });

  it('loads the week of the calendar, then the pending queue', async () => {
    server([makeItem()]);
    renderPage(<SchedulerPage />, { path: '/scheduler' });
    await waitFor(() => expect(requests('GET', '/scheduler')).toHaveLength(1));
    const week = new URL(String(requests('GET', '/scheduler')[0]![0]), 'http://x').searchParams;
    const from = new Date(week.get('from')!);
    expect(from.getDay()).toBe(1);
    expect(from.getHours()).toBe(0);
    expect(week.get('status')).toBeNull();
    await userEvent.click(await screen.findByRole('radio', { name: /Queue/ }));
    await waitFor(() => expect(requests('GET', '/scheduler')).toHaveLength(2));
    const queue = new URL(String(requests('GET', '/scheduler')[1]![0]), 'http://x').searchParams;
    expect(queue.get('status')).toBe('pending');
    expect(queue.get('from')).toBeNull();
  });
});

describe('the calendar', () => {
  it('shows every item of a week that spans more than one page', async () => {
    const at = (hour: number) => {
      const day = startOfWeek(new Date());
      day.setDate(day.getDate() + 2);
      day.setHours(hour);
      return day.toISOString();
    };
    const first = makeItem({
      scheduledFor: at(9),
      preview: { ...makeItem().preview, text: 'First page item' },
    });
    const second = makeItem({
      scheduledFor: at(15),
      preview: { ...makeItem().preview, text: 'Second page item' },
    });
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('cursor=next')
        ? json(page([second]))
        : json({ ...page([first]), nextCursor: 'next', hasMore: true }),
    );
    renderPage(<SchedulerPage />, { path: '/scheduler' });
    const week = await screen.findByRole('grid', { name: 'Week' });
    expect(await within(week).findByRole('button', { name: /Second page item/ })).toBeTruthy();
    expect(within(week).getByRole('button', { name: /First page item/ })).toBeTruthy();
    const asked = requests('GET', '/scheduler').map(
      ([url]) => new URL(String(url), 'http://x').searchParams,
    );
    expect(asked).toHaveLength(2);
    expect(asked[1]!.get('cursor')).toBe('next');
    expect(asked[1]!.get('from')).toBe(asked[0]!.get('from'));
  });
});

describe('the queue', () => {
  it('reschedules from the keyboard-friendly dialog, and toasts the §8 text on failure', async () => {
    const item = makeItem();
    server([item]);
    await openQueue();
    await userEvent.click(await screen.findByRole('button', { name: /^Actions for Post at/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule post' });
    const field = within(dialog).getByLabelText('New date and time');
    const target = new Date(Date.now() + 3 * 86_400_000);
    target.setSeconds(0, 0);
    fireEvent.change(field, { target: { value: toLocalInput(target) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(requests('PUT', `/scheduler/${item.id}`)).toHaveLength(1));
    expect(bodyOf(requests('PUT', `/scheduler/${item.id}`)[0])).toEqual({
      scheduledFor: target.toISOString(),
    });

    // a refusal without a text of its own
    server([item], 400, null);
    await userEvent.click(await screen.findByRole('button', { name: /^Actions for Post at/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cancel' }));
    await waitFor(() => expect(toastMessages()).toContain(SCHEDULER_MESSAGES.updateFailed));
  });

  async function openEdit() {
    await openQueue();
    await userEvent.click(await screen.findByRole('button', { name: /^Actions for Post at/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    return screen.getByRole('dialog', { name: 'Edit scheduled post' });
  }

  it('refuses to empty the caption of a post without media, with the SPEC §5 text', async () => {
    const item = makeItem();
    server([item]);
    const dialog = await openEdit();
    await userEvent.clear(within(dialog).getByLabelText('Caption'));
    await userEvent.type(within(dialog).getByLabelText('Caption'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(EMPTY_POST_MESSAGE);
    expect(requests('PUT', `/scheduler/${item.id}`)).toHaveLength(0);
  });

  it('lets a post with media go without a caption', async () => {
    const mediaId = '99999999-9999-4999-8999-999999999999';
    const item = makeItem({
      payload: { caption: 'With a photo', selectedMediaItems: [mediaId] },
      preview: { text: 'With a photo', mediaCount: 1, thumbnailUrl: null, audience: 'public' },
    });
    server([item]);
    const dialog = await openEdit();
    await userEvent.clear(within(dialog).getByLabelText('Caption'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests('PUT', `/scheduler/${item.id}`)).toHaveLength(1));
    expect(bodyOf(requests('PUT', `/scheduler/${item.id}`)[0])).toEqual({
      payload: { caption: '', selectedMediaItems: [mediaId] },
    });
  });

  it("shows the server's reason when an edit is refused with one", async () => {
    const item = makeItem({
      payload: { caption: 'With a photo', imageUrl: '/api/media/gone/content' },
    });
    // the photo is gone by now: the server answers with SPEC §5's text
    server([item], 400, EMPTY_POST_MESSAGE);
    const dialog = await openEdit();
    await userEvent.clear(within(dialog).getByLabelText('Caption'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests('PUT', `/scheduler/${item.id}`)).toHaveLength(1));
    await waitFor(() => expect(toastMessages()).toContain(EMPTY_POST_MESSAGE));
    expect(toastMessages()).not.toContain(SCHEDULER_MESSAGES.updateFailed);
  });

  it('bulk-reschedules the selected items, and says "Failed to bulk schedule" when refused', async () => {
    const items = [makeItem({ preview: { ...makeItem().preview, text: 'One' } }), makeItem()];
    server(items, 400);
    await openQueue();
    const boxes = await screen.findAllByRole('checkbox', { name: /^Select Post at/ });
    for (const box of boxes) await userEvent.click(box);
    const toolbar = screen.getByRole('toolbar', { name: 'Selected items' });
    expect(within(toolbar).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule 2 items' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(requests('PUT', '/scheduler/bulk')).toHaveLength(1));
    expect(bodyOf(requests('PUT', '/scheduler/bulk')[0])).toEqual({
      ids: items.map((i) => i.id),
      shiftMinutes: 1440,
    });
    await waitFor(() => expect(toastMessages()).toContain(SCHEDULER_MESSAGES.bulkFailed));
    // the optimistic move was undone
    expect(screen.getAllByText('One').length).toBeGreaterThan(0);
  });

  it('bulk-deletes with DELETE /scheduler/bulk and toasts "Failed to delete items" on error', async () => {
    const items = [makeItem(), makeItem()];
    server(items, 500);
    await openQueue();
    for (const box of await screen.findAllByRole('checkbox', { name: /^Select Post at/ }))
      await userEvent.click(box);
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Selected items' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Delete 2 items?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests('DELETE', '/scheduler/bulk')).toHaveLength(1));
    expect(bodyOf(requests('DELETE', '/scheduler/bulk')[0])).toEqual({
      ids: items.map((i) => i.id),
    });
    await waitFor(() => expect(toastMessages()).toContain(SCHEDULER_MESSAGES.deleteManyFailed));
  });

  it('deletes one item, and toasts "Failed to delete item" on error', async () => {
    const item = makeItem();
    server([item], 404);
    await openQueue();
    await userEvent.click(await screen.findByRole('button', { name: /^Actions for Post at/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(requests('DELETE', `/scheduler/${item.id}`)).toHaveLength(1));
    await waitFor(() => expect(toastMessages()).toContain(SCHEDULER_MESSAGES.deleteFailed));
  });

  it('shows the empty state when nothing waits', async () => {
    server([]);
    await openQueue();
    expect(await screen.findByText('Nothing here')).toBeTruthy();
  });

  it('shows a fan how to become a creator instead of loading anything', async () => {
    signIn(makeMeUser());
    server([]);
    renderPage(<SchedulerPage />, { path: '/scheduler' });
    expect(screen.getByText('Only creators can schedule content')).toBeTruthy();
    expect(requests('GET', '/scheduler')).toHaveLength(0);
  });
});

describe('"Schedule for later" in the post composer', () => {
  it('sends the post body to POST /scheduler, and toasts "Failed to schedule item" when refused', async () => {
    server([], 400);
    renderPage(<ComposerForm onPublished={vi.fn()} onScheduled={vi.fn()} />, {
      path: '/create',
    });
    await userEvent.type(screen.getByLabelText('Caption'), 'See you tomorrow');
    await userEvent.click(screen.getByRole('switch', { name: 'Schedule for later' }));
    const when = new Date(Date.now() + 2 * 86_400_000);
    when.setSeconds(0, 0);
    fireEvent.change(screen.getByLabelText('Publish at'), {
      target: { value: toLocalInput(when) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(requests('POST', '/scheduler')).toHaveLength(1));
    expect(bodyOf(requests('POST', '/scheduler')[0])).toMatchObject({
      type: 'post',
      scheduledFor: when.toISOString(),
      payload: { caption: 'See you tomorrow', accessDetails: { accessLevel: 'public' } },
    });
    await waitFor(() => expect(toastMessages()).toContain(SCHEDULER_MESSAGES.scheduleFailed));
    expect(requests('POST', '/posts')).toHaveLength(0);
  });
});
