import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { useMessageStore } from '../message-store.ts';
import { normalizeMessage } from '../types.ts';
import { MassMessageDialog } from './mass-message-dialog.tsx';
import { ContentRequestCard, OfferCard } from './paid-cards.tsx';

const me = makeMeUser({ id: 'me-id', username: 'sam' });
let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(me);
  useMessageStore.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

const call = (method: string, part: string) =>
  fetchMock.mock.calls.find(([u, i]) => u.includes(part) && i.method === method);

describe('OfferCard', () => {
  it('lets the receiver accept a pending offer with an Idempotency-Key', async () => {
    fetchMock.mockImplementation(async (url) =>
      url.includes('/messages/updates')
        ? json({ messages: [], serverTime: new Date().toISOString(), hasMore: false })
        : json({ message: { id: 'o1' } }),
    );
    const m = normalizeMessage({
      id: 'o1',
      chatId: 'c',
      senderId: 'creator',
      offerDetails: {
        title: 'Custom video',
        description: '2 minutes',
        price: 25,
        status: 'pending',
      },
    });
    renderPage(<OfferCard message={m} mine={false} />);
    const card = screen.getByRole('region', { name: 'Offer: Custom video' });
    expect(within(card).getByText('$25.00')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Accept · $25.00' }));
    await waitFor(() => expect(call('PATCH', '/chats/messages/o1/offer')).toBeTruthy());
    const [, init] = call('PATCH', '/chats/messages/o1/offer')!;
    expect(JSON.parse(String(init.body))).toEqual({ status: 'accepted' });
    expect(new Headers(init.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('lets the sender withdraw, and shows no accept button', () => {
    const m = normalizeMessage({
      id: 'o2',
      chatId: 'c',
      senderId: 'me-id',
      offerDetails: { title: 'Bundle', price: null, status: 'pending' },
    });
    renderPage(<OfferCard message={m} mine />);
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw offer' })).toBeTruthy();
  });
});

describe('ContentRequestCard', () => {
  it('lets the creator accept or decline a pending request', async () => {
    fetchMock.mockImplementation(async () => json({ message: { id: 'r1' } }));
    const m = normalizeMessage({
      id: 'r1',
      chatId: 'c',
      senderId: 'fan',
      contentRequestDetails: { description: 'A sunset shot', price: 15, status: 'pending' },
    });
    renderPage(<ContentRequestCard message={m} mine={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(call('PUT', '/chats/messages/r1/content-request')).toBeTruthy());
    expect(JSON.parse(String(call('PUT', '/content-request')![1].body))).toEqual({
      status: 'declined',
    });
  });
});

describe('MassMessageDialog', () => {
  it('sends to all subscribers and follows the job to the end', async () => {
    const job = (status: string, sentCount: number) => ({
      massMessage: {
        id: 'mm1',
        jobId: 'j1',
        status,
        segment: 'subscribers',
        userGroupId: null,
        text: 'New set!',
        price: null,
        recipientCount: 2,
        sentCount,
        skippedCount: 0,
        error: null,
        createdAt: new Date().toISOString(),
        finishedAt: null,
      },
    });
    fetchMock.mockImplementation(async (url, init) =>
      init.method === 'POST' ? json(job('queued', 0), 202) : json(job('completed', 2)),
    );
    renderPage(<MassMessageDialog open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Message many fans' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'New set!' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to all' }));
    expect(await within(dialog).findByText('Sent to 2 of 2.')).toBeTruthy();
    expect(JSON.parse(String(call('POST', '/chats/mass-messages')![1].body))).toEqual({
      segment: 'subscribers',
      text: 'New set!',
    });
  });
});
