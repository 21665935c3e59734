import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secureStorage } from '../../lib/storage/index.ts';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  signOut,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../test/render.tsx';
import { useAuthStore } from '../auth/store.ts';
import { DeletionCard } from './components/deletion-card.tsx';
import { ExportCard } from './components/export-card.tsx';
import { ImportCard } from './components/import-card.tsx';
import { RetentionCard } from './components/privacy-cards.tsx';
import { SyncCard } from './components/sync-card.tsx';
import { JOB_POLL_MS } from './queries.ts';
import { useDataStore } from './store.ts';
import { initialSyncState, runSync, type SyncState } from './sync-machine.ts';

const LAST_SYNC = '2026-11-24T10:00:00.000Z';
const noWait = () => Promise.resolve();

describe('sync state machine (spec §4)', () => {
  it('goes idle → syncing 0 to 100 in steps of 10 → idle with lastSync', async () => {
    const states: SyncState[] = [];
    const waits: number[] = [];
    const final = await runSync({
      call: () => Promise.resolve({ lastSync: LAST_SYNC }),
      from: initialSyncState,
      onChange: (s) => states.push(s),
      wait: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    const syncing = states.filter((s) => s.status === 'syncing');
    expect(syncing.map((s) => s.progress)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(waits.every((ms) => ms === 100)).toBe(true);
    expect(waits).toHaveLength(10);
    expect(final).toEqual({ status: 'idle', progress: 100, lastSync: LAST_SYNC, error: null });
    expect(states.at(-1)).toEqual(final);
  });

  it('takes 100 ms per step in real time', async () => {
    vi.useFakeTimers();
    try {
      const states: SyncState[] = [];
      const done = runSync({
        call: () => Promise.resolve({ lastSync: LAST_SYNC }),
        from: initialSyncState,
        onChange: (s) => states.push(s),
      });
      await vi.advanceTimersByTimeAsync(450);
      expect(states.at(-1)).toMatchObject({ status: 'syncing', progress: 40 });
      await vi.advanceTimersByTimeAsync(600);
      expect(await done).toMatchObject({ status: 'idle', lastSync: LAST_SYNC });
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits at 90 for a slow server, so 100 always means done', async () => {
    let answer!: (v: { lastSync: string }) => void;
    const states: SyncState[] = [];
    const done = runSync({
      call: () => new Promise((resolve) => (answer = resolve)),
      from: initialSyncState,
      onChange: (s) => states.push(s),
      wait: noWait,
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(states.at(-1)).toMatchObject({ status: 'syncing', progress: 90 });
    answer({ lastSync: LAST_SYNC });
    expect(await done).toMatchObject({ status: 'idle', progress: 100 });
  });

  it('ends in error (keeping the previous lastSync) when the server fails', async () => {
    const final = await runSync({
      call: () => Promise.reject(new Error('Server unavailable')),
      from: { ...initialSyncState, lastSync: LAST_SYNC },
      onChange: () => undefined,
      wait: noWait,
    });
    expect(final).toMatchObject({
      status: 'error',
      error: 'Server unavailable',
      lastSync: LAST_SYNC,
    });
  });
});

describe('sync from the store and the card', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch();
    useDataStore.setState({ sync: initialSyncState });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("answers 'Not authenticated' and 'No current user found' without a request (spec §5)", async () => {
    signOut();
    expect(await useDataStore.getState().startSync()).toMatchObject({
      status: 'error',
      error: 'Not authenticated',
    });
    useAuthStore.setState({ token: 'tok', isAuthenticated: true, user: null });
    expect(await useDataStore.getState().startSync()).toMatchObject({
      status: 'error',
      error: 'No current user found',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows progress, then the last sync time, and keeps it in data-storage for this user', async () => {
    signIn(makeMeUser({ id: 'u7', username: 'sam' }));
    fetchMock.mockResolvedValue(json({ status: 'idle', lastSync: LAST_SYNC, progress: 100 }));
    renderPage(<SyncCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByRole('progressbar', { name: 'Sync progress' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Last synced/)).toBeTruthy(), { timeout: 3000 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/data/sync');
    expect(fetchMock.mock.calls[0]![1].method).toBe('POST');
    await waitFor(async () => {
      const stored = await secureStorage.getItem('data-storage:u7');
      expect(stored).toContain(LAST_SYNC);
    });
    // encrypted at rest, under the user's own key only
    expect(localStorage.getItem('data-storage:u7')).not.toContain(LAST_SYNC);
    expect(localStorage.getItem('data-storage')).toBeNull();
  });

  it('re-reads the signed-in account after a sync, whose counters it recounted', async () => {
    signIn(makeMeUser({ id: 'u7', username: 'sam', followersCount: 0 }));
    fetchMock.mockImplementation(async (url) =>
      url === '/api/users/me'
        ? json(makeMeUser({ id: 'u7', username: 'sam', followersCount: 12 }))
        : json({ status: 'idle', lastSync: LAST_SYNC, progress: 100 }),
    );
    renderPage(<SyncCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(useAuthStore.getState().user?.followersCount).toBe(12), {
      timeout: 3000,
    });
  });
});

describe('deletion request flow', () => {
  let fetchMock: FetchMock;
  const pending = {
    id: 'r1',
    status: 'pending',
    reason: 'Taking a break',
    requestedAt: '2026-11-24T10:00:00.000Z',
    scheduledFor: '2026-12-24T10:00:00.000Z',
    cancelledAt: null,
    completedAt: null,
  };
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser({ id: 'u1', username: 'ana' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requests deletion with a reason, shows the date, and cancels during the grace period', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (init.method === 'POST') return json({ request: pending }, 201);
      if (init.method === 'DELETE') return json({ request: { ...pending, status: 'cancelled' } });
      return json({ request: requested ? pending : null });
    });
    let requested = false;
    renderPage(<DeletionCard />);
    const reason = await screen.findByLabelText('Why are you leaving? (optional)');
    await userEvent.type(reason, 'Taking a break');
    requested = true;
    await userEvent.click(screen.getByRole('button', { name: 'Request deletion' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText(/Your account will be deleted on/)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(post[0]).toBe('/api/data/deletion-request');
    expect(JSON.parse(String(post[1].body))).toEqual({ reason: 'Taking a break' });
    expect(toastMessages()).toContain(
      'Deletion scheduled. You can cancel it during the grace period.',
    );

    requested = false;
    await userEvent.click(screen.getByRole('button', { name: 'Cancel deletion' }));
    await screen.findByRole('button', { name: 'Request deletion' });
    const del = fetchMock.mock.calls.find(([, init]) => init.method === 'DELETE')!;
    expect(del[0]).toBe('/api/data/deletion-request');
    // still signed in: a request is not a deletion
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });
});

describe('retention card', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser({ id: 'u1', username: 'ana' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows and keeps a period set outside its menu (60 days), not "Keep forever"', async () => {
    const settings = {
      messagesDays: 60,
      notificationsDays: 30,
      updatedAt: '2026-11-24T10:00:00.000Z',
      lastRunAt: null,
    };
    fetchMock.mockImplementation(async (_url, init) =>
      json(init.method === 'PUT' ? { ...settings, ...JSON.parse(String(init.body)) } : settings),
    );
    renderPage(<RetentionCard />);
    const messages = (await screen.findByLabelText('Messages I sent')) as HTMLSelectElement;
    expect(messages.selectedOptions[0]!.textContent).toBe('60 days');
    await userEvent.selectOptions(screen.getByLabelText('Notifications'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, i]) => i.method === 'PUT')).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT')!;
    expect(JSON.parse(String(put[1].body))).toEqual({ messagesDays: 60, notificationsDays: 90 });
  });
});

describe('export card', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser({ id: 'u2', username: 'leo' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requests the chosen type and format and offers the finished zip as a download link', async () => {
    const done = {
      id: 'e1',
      status: 'completed',
      type: 'posts',
      format: 'csv',
      progress: 100,
      filename: 'fanspace-export-leo-2026-11-24.zip',
      sizeBytes: 2048,
      fileCount: 4,
      error: null,
      createdAt: new Date().toISOString(),
      startedAt: null,
      completedAt: new Date().toISOString(),
      expiresAt: '2026-12-01T10:00:00.000Z',
      downloadUrl: '/api/data/export/e1/download',
    };
    let list: unknown[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      if (init.method === 'POST') {
        list = [done];
        return json({ ...done, status: 'pending', progress: 0 }, 202);
      }
      return json({ exports: list, nextCursor: null });
    });
    renderPage(<ExportCard />);
    expect(await screen.findByText('No exports yet.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('What to export'), 'posts');
    await userEvent.selectOptions(screen.getByLabelText('Format'), 'csv');
    await userEvent.click(screen.getByRole('button', { name: 'Request export' }));
    const link = await screen.findByRole('link', { name: /^Download fanspace-export/ });
    expect(link.getAttribute('href')).toBe('/api/data/export/e1/download');
    expect(link.getAttribute('download')).toBe('fanspace-export-leo-2026-11-24.zip');
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(JSON.parse(String(post[1].body))).toEqual({ type: 'posts', format: 'csv' });
  });
});

describe('job polling', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser({ id: 'u4', username: 'ada' }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stops polling a running export once the list endpoint fails, instead of asking forever', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = {
      id: 'e2',
      status: 'processing',
      type: 'all',
      format: 'json',
      progress: 40,
      filename: null,
      sizeBytes: null,
      fileCount: null,
      error: null,
      createdAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
      completedAt: null,
      expiresAt: null,
      downloadUrl: null,
    };
    let answered = false;
    fetchMock.mockImplementation(async () => {
      if (answered) return json({ message: 'Database down', code: 'INTERNAL' }, 500);
      answered = true;
      return json({ exports: [running], nextCursor: null });
    });
    const lists = () => fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/data/exports'));
    renderPage(<ExportCard />);
    await waitFor(() => expect(lists()).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(JOB_POLL_MS + 100);
    expect(lists()).toHaveLength(2);
    // the poll that failed was the last: ten more intervals ask nothing
    await vi.advanceTimersByTimeAsync(JOB_POLL_MS * 10);
    expect(lists()).toHaveLength(2);
  });
});

describe('import card', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser({ id: 'u3', username: 'mia' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes the signed-in account once a social-links import has finished', async () => {
    const job = {
      id: 'i1',
      status: 'pending',
      type: 'social-links',
      format: 'csv',
      progress: 0,
      filename: 'links.csv',
      sizeBytes: 60,
      error: null,
      result: null,
      createdAt: '2026-11-24T10:00:00.000Z',
      startedAt: null,
      completedAt: null,
    };
    const link = { id: 'l1', platform: 'instagram', url: 'https://instagram.com/mia' };
    let started = false;
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname } = new URL(url, 'http://x');
      if (pathname === '/api/data/import' && init.method === 'POST') {
        started = true;
        return json(job, 202);
      }
      if (pathname === '/api/data/imports') {
        // a small file is done before the list is read again
        const done = { ...job, status: 'completed', progress: 100 };
        return json({ imports: started ? [done] : [], nextCursor: null });
      }
      if (pathname === '/api/users/me') {
        return json(makeMeUser({ id: 'u3', username: 'mia', socialLinks: [link] }));
      }
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    renderPage(<ImportCard />);
    await userEvent.selectOptions(screen.getByLabelText('What the file holds'), 'social-links');
    const file = new File(['platform,url\ninstagram,https://instagram.com/mia\n'], 'links.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(screen.getByLabelText('File to import'), file);
    await userEvent.click(screen.getByRole('button', { name: /^Import$/ }));

    await waitFor(() => expect(useAuthStore.getState().user?.socialLinks).toEqual([link]));
  });
});
