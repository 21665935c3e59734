import type { Collaboration, Template } from '@fanspace/contracts';
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
import { useToastStore } from '../../ui/toast/toast-store.ts';
import { CollaborationsPage } from './collaborations-page.tsx';
import { splitProblem } from './invite-collaborator-dialog.tsx';
import { countdownText, ProfileWidgets } from './profile-widgets.tsx';
import { TemplatesSection } from './templates-section.tsx';
import { configOf } from './widget-form.tsx';
import { moved } from './widgets-section.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ isCreator: true, accountType: 'creator', identityStatus: 'verified' }));
  useToastStore.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => {
    const { pathname } = new URL(String(url), 'http://x');
    return (init.method ?? 'GET') === method && pathname === `/api${path}`;
  });
const bodyOf = (call: [string, RequestInit] | undefined) =>
  JSON.parse(String(call?.[1].body ?? 'null')) as Record<string, unknown>;

const base = { title: '', text: '', links: '', limit: '3', targetAt: '', label: '' };

describe('creator kit rules', () => {
  it('moves widgets up and down within bounds', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('reads widget fields into the config the server expects', () => {
    expect(configOf({ ...base, type: 'links', links: 'Shop | https://a.example\n\n' })).toEqual({
      links: [{ label: 'Shop', url: 'https://a.example' }],
    });
    expect(configOf({ ...base, type: 'links', links: 'Shop http://a' })).toMatch(/Label \| https/);
    expect(configOf({ ...base, type: 'about', text: '  ' })).toBe('Write the text to show.');
    expect(configOf({ ...base, type: 'top-posts', limit: '99' })).toEqual({ limit: 6 });
    expect(configOf({ ...base, type: 'countdown' })).toBe('Pick the date the countdown ends.');
  });

  it('words countdowns and checks splits', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(countdownText('2026-01-03T05:00:00Z', now)).toBe('2d 5h left');
    expect(countdownText('2026-01-01T01:30:00Z', now)).toBe('1h 30m left');
    expect(countdownText('2025-12-31T00:00:00Z', now)).toBe('Ended');
    expect(splitProblem('25')).toBeNull();
    expect(splitProblem('95')).toMatch(/1 to 90/);
    expect(splitProblem('2.5')).toMatch(/whole percent/);
  });
});

describe('profile widgets', () => {
  it('words the like count of top posts in the singular and the plural', async () => {
    fetchMock.mockResolvedValue(
      json({
        widgets: [
          {
            id: 'w1',
            type: 'top-posts',
            title: 'Top posts',
            enabled: true,
            position: 0,
            config: { limit: 3 },
            posts: [
              { id: 'p1', caption: 'Sunrise', likeCount: 1, commentCount: 0 },
              { id: 'p2', caption: 'Sunset', likeCount: 2, commentCount: 0 },
            ],
          },
        ],
      }),
    );
    renderPage(<ProfileWidgets userId="u1" />);
    const one = (await screen.findByRole('link', { name: 'Sunrise' })).closest('li')!;
    expect(one.textContent).toMatch(/· 1 like$/);
    const two = screen.getByRole('link', { name: 'Sunset' }).closest('li')!;
    expect(two.textContent).toMatch(/· 2 likes$/);
  });
});

describe('templates section', () => {
  it('lists templates and saves a new one with a price', async () => {
    const saved: Template = {
      id: 't1',
      type: 'message',
      name: 'Welcome',
      body: 'Hi!',
      price: 5,
      priceCents: 500,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    let list: Template[] = [];
    fetchMock.mockImplementation(async (_url, init) => {
      if ((init.method ?? 'GET') === 'POST') {
        list = [saved];
        return json(saved, 201);
      }
      return json({ templates: list });
    });
    renderPage(<TemplatesSection />);
    expect(await screen.findByText('No templates yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Welcome');
    await userEvent.type(screen.getByLabelText('Text'), 'Hi!');
    await userEvent.type(screen.getByLabelText('Locked price (optional)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(/between \$3\.00 and \$200\.00/)).toBeTruthy();
    expect(calls('POST', '/templates')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Locked price (optional)'));
    await userEvent.type(screen.getByLabelText('Locked price (optional)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(calls('POST', '/templates')).toHaveLength(1));
    expect(bodyOf(calls('POST', '/templates')[0])).toEqual({
      type: 'message',
      name: 'Welcome',
      body: 'Hi!',
      price: 5,
    });
    const items = await screen.findByRole('list', { name: 'Templates' });
    expect(within(items).getByText('Welcome')).toBeTruthy();
    expect(toastMessages()).toContain('Template saved');
  });
});

describe('collaborations page', () => {
  it('accepts a received invite and shows a failure as a toast', async () => {
    const invite: Collaboration = {
      id: 'c1',
      postId: 'p1',
      postCaption: 'Sunset set',
      ownerId: 'o1',
      owner: { id: 'o1', username: 'maya', displayName: 'Maya', avatarUrl: null },
      collaboratorId: 'me',
      collaborator: null,
      splitPercent: 20,
      status: 'pending',
      direction: 'received',
      earned: 0,
      earnedCents: 0,
      createdAt: new Date().toISOString(),
      respondedAt: null,
    };
    let accepted = false;
    fetchMock.mockImplementation(async (url, init) => {
      if ((init.method ?? 'GET') === 'POST' && String(url).includes('/accept')) {
        if (!accepted) {
          accepted = true;
          return json(
            { message: 'This invite was already declined', code: 'INVALID_TRANSITION' },
            409,
          );
        }
      }
      return json({ sent: [], received: [invite] });
    });
    renderPage(<CollaborationsPage />);
    const received = await screen.findByRole('region', { name: 'Received' });
    expect(within(received).getByText(/20% of the creator share/)).toBeTruthy();
    // the collaborator's link is underlined, not only coloured (WCAG 1.4.1)
    const owner = within(received).getByRole('link', { name: '@maya' });
    expect(owner.getAttribute('href')).toBe('/u/maya');
    expect(owner.className.split(' ')).toContain('underline');
    expect(within(received).queryByRole('button', { name: /Leave/ })).toBeNull();
    await userEvent.click(
      within(received).getByRole('button', { name: 'Accept invite for Sunset set' }),
    );
    await waitFor(() => expect(toastMessages()).toContain('This invite was already declined'));
    expect(calls('POST', '/collaborations/c1/accept')).toHaveLength(1);
  });
});
