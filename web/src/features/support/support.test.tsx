import type { SupportThreadResponse, SupportTicket } from '@fanspace/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { validateTicket } from './components/new-ticket-form.tsx';
import { SupportPage } from './pages/support-page.tsx';
import { SupportTicketPage } from './pages/ticket-page.tsx';

const TICKET_ID = '22222222-2222-4222-8222-222222222222';

export function makeTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    id: TICKET_ID,
    subject: 'Payout missing',
    category: 'payments',
    status: 'open',
    priority: 'normal',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    closedAt: null,
    closeReason: null,
    lastMessageAt: '2026-11-20T10:00:00.000Z',
    messagesCount: 1,
    user: { id: 'u1', username: 'fan1', displayName: null, avatarUrl: null },
    ...overrides,
  };
}

const page = (tickets: SupportTicket[]) => ({
  tickets,
  total: tickets.length,
  page: 1,
  currentPage: 1,
  totalPages: 1,
  hasMore: false,
});

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

describe('validateTicket', () => {
  it('applies the server rules to trimmed text', () => {
    expect(validateTicket({ subject: 'Help me', category: 'bug', message: 'x' })).toEqual({});
    const errors = validateTicket({ subject: '  ab ', category: '', message: '   ' });
    expect(Object.keys(errors).sort()).toEqual(['category', 'message', 'subject']);
    expect(
      validateTicket({ subject: 'x'.repeat(141), category: 'bug', message: 'ok' }).subject,
    ).toMatch(/subject/i);
    expect(
      validateTicket({ subject: 'Fine', category: 'other', message: 'y'.repeat(5001) }).message,
    ).toBeTruthy();
  });
});

describe('SupportPage', () => {
  it('shows the empty state, refuses an invalid form, then sends the request body', async () => {
    const created = makeTicket({ subject: 'Cannot log in', category: 'account' });
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname } = new URL(url, 'http://x');
      if (pathname === '/api/support-tickets' && (init.method ?? 'GET') === 'GET')
        return json(page([]));
      if (pathname === '/api/support-tickets' && init.method === 'POST')
        return json({ ticket: created, message: 'Your request was sent.' }, 201);
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    const { router } = renderPage(<SupportPage />, {
      path: '/support',
      others: [`/support/${created.id}`],
    });
    expect(await screen.findByText('No requests yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New request' }));
    const form = screen.getByRole('form', { name: 'New support request' });
    fireEvent.change(within(form).getByLabelText('Subject'), { target: { value: 'ab' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText(/at least 3 characters/)).toBeTruthy();
    expect(within(form).getByText('Choose what your request is about.')).toBeTruthy();
    expect(within(form).getByText('Describe the problem so we can help.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Subject'), {
      target: { value: '  Cannot log in ' },
    });
    fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'account' } });
    fireEvent.change(within(form).getByLabelText('Message'), {
      target: { value: 'My code never arrives.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/support/${created.id}`));
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(post![0]).toBe('/api/support-tickets');
    expect(JSON.parse(String(post![1].body))).toEqual({
      subject: 'Cannot log in',
      category: 'account',
      message: 'My code never arrives.',
    });
    expect(toastMessages()).toContain('Your request was sent.');
  });

  it('lists my tickets with their status, and shows an error state with retry', async () => {
    let fail = true;
    fetchMock.mockImplementation(async () =>
      fail
        ? json({ message: 'Boom', code: 'INTERNAL' }, 500)
        : json(page([makeTicket({ status: 'answered', subject: 'Refund please' })])),
    );
    renderPage(<SupportPage />, { path: '/support' });
    expect(await screen.findByText('Could not load your requests')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    const link = await screen.findByRole('link', { name: /Refund please/ });
    expect(link.getAttribute('href')).toBe(`/support/${TICKET_ID}`);
    expect(within(link).getByText('Answered')).toBeTruthy();
    // the link is a column on phones: the pill must not stretch across the whole card
    expect(within(link).getByText('Answered').parentElement!.className).toContain('self-start');
  });
});

describe('SupportTicketPage', () => {
  it('sends a follow-up and shows a closed ticket without a reply box', async () => {
    const thread = (status: SupportTicket['status']): SupportThreadResponse => ({
      ticket: makeTicket({ status }),
      messages: [
        {
          id: 'm1',
          ticketId: TICKET_ID,
          authorId: 'u1',
          fromStaff: false,
          body: 'Where is it?',
          createdAt: '2026-11-20T10:00:00.000Z',
        },
        {
          id: 'm2',
          ticketId: TICKET_ID,
          authorId: 'a1',
          fromStaff: true,
          body: 'On its way.',
          createdAt: '2026-11-20T11:00:00.000Z',
        },
      ],
    });
    fetchMock.mockImplementation(async (url, init) => {
      if (url === `/api/support-tickets/${TICKET_ID}`) return json(thread('answered'));
      if (url === `/api/support-tickets/${TICKET_ID}/messages` && init.method === 'POST')
        return json(thread('open'), 201);
      if (url === `/api/support-tickets/${TICKET_ID}/close` && init.method === 'POST')
        return json({ ...thread('closed'), message: 'Ticket closed' });
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    renderPage(<SupportTicketPage />, {
      path: '/support/:ticketId',
      at: `/support/${TICKET_ID}`,
    });
    expect(await screen.findByText('On its way.')).toBeTruthy();
    expect(screen.getByText('Fanspace support')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message first.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: 'Thanks! ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastMessages()).toContain('Message sent'));
    const sent = fetchMock.mock.calls.find(([u]) => u.endsWith('/messages'));
    expect(JSON.parse(String(sent![1].body))).toEqual({ message: 'Thanks!' });

    fireEvent.click(screen.getByRole('button', { name: 'Close request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close request' }));
    await waitFor(() => expect(toastMessages()).toContain('Ticket closed'));
    expect(await screen.findByText(/This ticket is closed/)).toBeTruthy();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
  });

  it('says a request is not found (no retry) for an unknown id or a mangled link', async () => {
    for (const [status, code] of [
      [404, 'NOT_FOUND'],
      [400, 'VALIDATION_FAILED'],
    ] as const) {
      fetchMock.mockImplementation(async () =>
        json({ message: 'Support ticket not found', code }, status),
      );
      renderPage(<SupportTicketPage />, {
        path: '/support/:ticketId',
        at: `/support/${TICKET_ID}`,
      });
      expect(await screen.findByText('Request not found')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
      expect(screen.getByRole('link', { name: 'See your requests' }).getAttribute('href')).toBe(
        '/support',
      );
      cleanup();
    }
  });
});
