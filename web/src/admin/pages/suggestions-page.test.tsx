import type { Suggestion } from '@fanspace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
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
import { pageInfo } from '../test/admin-fixtures.ts';
import { SuggestionsPage } from './suggestions-page.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const ROADMAP_ID = '22222222-2222-4222-8222-222222222222';
const base: Suggestion = {
  id: ID,
  title: 'Dark mode',
  description: 'Easier on the eyes',
  status: 'open',
  votes: 3,
  voted: false,
  author: { id: '33333333-3333-4333-8333-333333333333', username: 'ava' },
  roadmapItem: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

let fetchMock: FetchMock;
let current: Suggestion;
const calls = (path: string, method: string) =>
  fetchMock.mock.calls.filter(
    ([u, i]) => new URL(String(u), 'http://x').pathname === path && (i.method ?? 'GET') === method,
  );

beforeEach(() => {
  current = { ...base };
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://x');
    if (pathname === '/api/admin/suggestions') {
      const status = searchParams.get('status');
      const rows = status && status !== current.status ? [] : [current];
      return json({ suggestions: rows, ...pageInfo(rows.length) });
    }
    if (pathname === '/api/roadmap')
      return json({
        items: [
          {
            id: ROADMAP_ID,
            title: 'Themes',
            description: '',
            status: 'planned',
            eta: null,
            position: 0,
            updatedAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      });
    if (pathname === `/api/admin/suggestions/${ID}` && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as {
        status?: Suggestion['status'];
        roadmapItemId?: string | null;
      };
      if (body.status) current = { ...current, status: body.status };
      if (body.roadmapItemId !== undefined)
        current = {
          ...current,
          roadmapItem: body.roadmapItemId ? { id: body.roadmapItemId, title: 'Themes' } : null,
        };
      return json({ suggestion: current, message: 'Suggestion updated' });
    }
    return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
  });
  signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
});
afterEach(() => vi.unstubAllGlobals());

describe('admin suggestions', () => {
  it('lists suggestions, changes the status and links a roadmap item', async () => {
    renderPage(<SuggestionsPage />);
    const list = await screen.findByRole('region', { name: 'Suggestions' });
    expect(within(list).getByText('Dark mode')).toBeTruthy();
    expect(within(list).getByText(/@ava/)).toBeTruthy();

    await userEvent.selectOptions(
      within(list).getByLabelText('Status of Dark mode'),
      'in_progress',
    );
    await waitFor(() => expect(toastMessages()).toContain('Suggestion updated'));
    expect(JSON.parse(String(calls(`/api/admin/suggestions/${ID}`, 'PUT')[0]![1].body))).toEqual({
      status: 'in_progress',
    });
    await waitFor(() =>
      expect((within(list).getByLabelText('Status of Dark mode') as HTMLSelectElement).value).toBe(
        'in_progress',
      ),
    );

    const roadmap = within(list).getByLabelText('Roadmap item for Dark mode');
    await waitFor(() =>
      expect(within(roadmap).getByRole('option', { name: 'Themes' })).toBeTruthy(),
    );
    await userEvent.selectOptions(roadmap, ROADMAP_ID);
    await waitFor(() => expect(calls(`/api/admin/suggestions/${ID}`, 'PUT')).toHaveLength(2));
    expect(JSON.parse(String(calls(`/api/admin/suggestions/${ID}`, 'PUT')[1]![1].body))).toEqual({
      roadmapItemId: ROADMAP_ID,
    });
  });

  it('filters by status and shows an empty state', async () => {
    renderPage(<SuggestionsPage />);
    await screen.findByRole('region', { name: 'Suggestions' });
    await userEvent.selectOptions(screen.getByLabelText('Filter by status'), 'done');
    expect(await screen.findByText('No done suggestions')).toBeTruthy();
    expect(
      calls('/api/admin/suggestions', 'GET').some(([u]) => String(u).includes('status=done')),
    ).toBe(true);
  });

  it("shows 'Failed to load suggestions' when the list fails", async () => {
    fetchMock.mockImplementation(async () => json({ message: 'boom', code: 'INTERNAL' }, 500));
    renderPage(<SuggestionsPage />);
    expect(await screen.findByText('Failed to load suggestions')).toBeTruthy();
  });
});
