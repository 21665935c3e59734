import type { SupportThreadResponse, SupportTicket } from '@fanspace/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { SupportPage } from './support-page.tsx';

const ID = '33333333-3333-4333-8333-333333333333';
const ticket = (overrides: Partial<SupportTicket> = {}): SupportTicket => ({
  id: ID,
  subject: 'Payout missing',
  category: 'payments',
  status: 'open',
  priority: 'high',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  closedAt: null,
  closeReason: null,
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  messagesCount: 1,
  user: { id: 'u1', username: 'fan1', displayName: null, avatarUrl: null },
  ...overrides,
});
const thread = (t: SupportTicket, replies: string[] = []): SupportThreadResponse => ({
  ticket: t,
  messages: [
    {
      id: 'm1',
      ticketId: ID,
      authorId: 'u1',
      fromStaff: false,
      body: 'Where is my money?',
      createdAt: '2026-11-20T10:00:00.000Z',
    },
    ...replies.map((body, i) => ({
      id: `r${i}`,
      ticketId: ID,
      authorId: 'admin',
      fromStaff: true,
      body,
      createdAt: '2026-11-20T11:00:00.000Z',
    })),
  ],
});

let fetchMock: FetchMock;
let replyStatus = 200;

describe('Admin SupportPage', () => {
  beforeEach(() => {
    replyStatus = 200;
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      if (pathname === '/api/admin/support-tickets') {
        const search = searchParams.get('search');
        const rows = search && search !== 'fan1' ? [] : [ticket()];
        return json({ tickets: rows, ...pageInfo(rows.length) });
      }
      if (pathname === `/api/admin/support-tickets/${ID}`) return json(thread(ticket()));
      if (pathname === `/api/admin/support-tickets/${ID}/reply` && init.method === 'POST') {
        if (replyStatus !== 200) return json({ message: 'Nope', code: 'CONFLICT' }, replyStatus);
        const body = JSON.parse(String(init.body)) as { message: string };
        return json({
          ...thread(ticket({ status: 'answered' }), [body.message]),
          message: 'Reply sent',
        });
      }
      if (pathname === `/api/admin/support-tickets/${ID}/close` && init.method === 'POST')
        return json({ ...thread(ticket({ status: 'closed' })), message: 'Ticket closed' });
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the waiting queue, searches, and replies from the drawer with a toast', async () => {
    renderPage(<SupportPage />);
    const table = await screen.findByRole('table', { name: 'Support tickets' });
    expect(within(table).getByText('Payout missing')).toBeTruthy();
    expect(within(table).getByText('High')).toBeTruthy();
    const first = new URL(fetchMock.mock.calls[0]![0], 'http://x').searchParams;
    expect(first.get('status')).toBe('active');
    expect(first.get('limit')).toBe('20');

    fireEvent.change(screen.getByLabelText('Search subject or username'), {
      target: { value: 'nobody' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No tickets match')).toBeTruthy();
    // the queue's own order until a column is picked
    expect(first.get('sortBy')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search subject or username'), {
      target: { value: 'fan1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const again = await screen.findByRole('table', { name: 'Support tickets' });

    fireEvent.click(within(again).getByRole('button', { name: 'Open ticket Payout missing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Payout missing' });
    expect(await within(drawer).findByText('Where is my money?')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Reply to the user'), {
      target: { value: '  It was sent today. ' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(toastMessages()).toContain('Reply sent'));
    const reply = fetchMock.mock.calls.find(([u]) => u.endsWith(`/support-tickets/${ID}/reply`));
    expect(JSON.parse(String(reply![1].body))).toEqual({ message: 'It was sent today.' });
    expect(await within(drawer).findByText('It was sent today.')).toBeTruthy();
  });

  it('shows the failure toast when a reply fails', async () => {
    replyStatus = 409;
    renderPage(<SupportPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open ticket Payout missing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Payout missing' });
    fireEvent.change(await within(drawer).findByLabelText('Reply to the user'), {
      target: { value: 'Hello' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(toastMessages()).toContain('Failed to send reply'));
    expect(toastMessages()).not.toContain('Reply sent');
  });

  it('closes a ticket with a reason', async () => {
    renderPage(<SupportPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open ticket Payout missing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Payout missing' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Close ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close ticket' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: 'Duplicate' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(toastMessages()).toContain('Ticket closed'));
    const close = fetchMock.mock.calls.find(([u]) => u.endsWith(`/support-tickets/${ID}/close`));
    expect(JSON.parse(String(close![1].body))).toEqual({ reason: 'Duplicate' });
    expect(await within(drawer).findByText('This ticket is closed.')).toBeTruthy();
  });
});
