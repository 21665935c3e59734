import { PAYER_UNAUTHENTICATED_MESSAGE } from '@fanspace/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_UNKNOWN_ERROR } from '../../lib/money.ts';
import { json } from '../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../test/fixtures.ts';
import { makePost } from '../../test/post-fixtures.ts';
import {
  renderPage,
  signIn,
  signOut,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../test/render.tsx';
import { useToastStore } from '../../ui/toast/toast-store.ts';
import { PostActions } from '../posts/components/post-actions.tsx';
import { TipButton } from './tip-button.tsx';
import { TipDialog } from './tip-dialog.tsx';

const creator = makePublicUser({
  id: '11111111-1111-4111-8111-111111111111',
  username: 'maya',
  displayName: 'Maya',
  isCreator: true,
  accountType: 'creator',
});
const me = makeMeUser({ id: '33333333-3333-4333-8333-333333333333', username: 'fan' });

let fetchMock: FetchMock;
let balance = 50;
/** What POST /tips answers next (a queue; the last one repeats). */
let tipReplies: (() => Response)[] = [];

function ok(amount: number): Response {
  const cents = Math.round(amount * 100);
  return json(
    {
      ok: true,
      transactionId: '44444444-4444-4444-8444-444444444444',
      recipientUserId: creator.id,
      tipType: 'profile',
      contentId: null,
      amount,
      amountCents: cents,
      split: {
        gross: amount,
        grossCents: cents,
        fee: 0,
        feeCents: 0,
        creatorShare: amount,
        creatorShareCents: cents,
        feePercent: 20,
      },
    },
    201,
  );
}

function tipCalls() {
  return fetchMock.mock.calls.filter(([u, i]) => u.endsWith('/tips') && i.method === 'POST');
}
function keyOf(call: [string, RequestInit]): string | null {
  return new Headers(call[1].headers).get('Idempotency-Key');
}
function bodyOf(call: [string, RequestInit]): unknown {
  return JSON.parse(String(call[1].body));
}

async function openDialog() {
  renderPage(<TipButton recipient={creator} tipType="profile" />, { others: ['/wallet'] });
  fireEvent.click(screen.getByRole('button', { name: 'Tip @maya' }));
  const dialog = await screen.findByRole('dialog', { name: 'Tip Maya' });
  await waitFor(() => expect(dialog.textContent).toContain('balance $50.00'));
  return dialog;
}

function chooseCustom(dialog: HTMLElement, value: string) {
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Custom' }));
  const input = within(dialog).getByLabelText('Custom amount (USD)');
  fireEvent.change(input, { target: { value } });
  return input;
}

describe('TipDialog', () => {
  beforeEach(() => {
    balance = 50;
    tipReplies = [];
    useToastStore.getState().clear();
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/wallet/balance'))
        return json({ balance, balanceCents: balance * 100, currency: 'USD' });
      if (url.endsWith('/tips') && init.method === 'POST') {
        const reply = tipReplies.length > 1 ? tipReplies.shift()! : tipReplies[0];
        if (!reply) throw new Error('no reply scripted');
        return reply();
      }
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(me);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pays a preset with the body and an Idempotency-Key, toasts and refreshes the balance', async () => {
    tipReplies = [() => ok(10)];
    const dialog = await openDialog();
    const group = within(dialog).getByRole('radiogroup', { name: 'Tip amount' });
    expect((within(group).getByRole('radio', { name: '$5.00' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(group).getByRole('radio', { name: '$10.00' }));
    const balanceReads = () =>
      fetchMock.mock.calls.filter(([u]) => u.endsWith('/wallet/balance')).length;
    const readsBefore = balanceReads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $10.00' }));
    await waitFor(() => expect(toastMessages()).toContain('Tip of $10.00 sent to @maya'));
    const calls = tipCalls();
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0]!)).toEqual({
      recipientUserId: creator.id,
      amount: 10,
      tipType: 'profile',
    });
    expect(keyOf(calls[0]!)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // the wallet balance query was invalidated: a later read goes to the server again
    fireEvent.click(screen.getByRole('button', { name: 'Tip @maya' }));
    await waitFor(() => expect(balanceReads()).toBeGreaterThan(readsBefore));
  });

  it('reuses the key when the same attempt is retried, and takes a new one for another amount', async () => {
    tipReplies = [
      () => json({ message: 'Server Error', code: 'INTERNAL' }, 503),
      () => json({ message: 'Server Error', code: 'INTERNAL' }, 503),
      () => ok(7.5),
    ];
    const dialog = await openDialog();
    chooseCustom(dialog, '7.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $7.50' }));
    await waitFor(() => expect(tipCalls()).toHaveLength(1));
    await within(dialog).findByRole('alert');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $7.50' }));
    await waitFor(() => expect(tipCalls()).toHaveLength(2));
    const [first, second] = tipCalls();
    expect(keyOf(second!)).toBe(keyOf(first!));
    expect(bodyOf(second!)).toEqual(bodyOf(first!));
    expect(bodyOf(first!)).toEqual({
      recipientUserId: creator.id,
      amount: 7.5,
      tipType: 'profile',
    });

    await within(dialog).findByRole('alert');
    chooseCustom(dialog, '8');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $8.00' }));
    await waitFor(() => expect(tipCalls()).toHaveLength(3));
    expect(keyOf(tipCalls()[2]!)).not.toBe(keyOf(first!));
  });

  it.each([
    ['0.99', 'The amount must be between $1.00 and $200.00.'],
    ['200.01', 'The amount must be between $1.00 and $200.00.'],
    ['2.505', 'Use an amount like 5.00, with at most two decimals.'],
    ['', 'Enter an amount.'],
  ])('refuses %s with an inline message and sends nothing', async (value, message) => {
    tipReplies = [() => ok(1)];
    const dialog = await openDialog();
    const input = chooseCustom(dialog, value);
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(tipCalls()).toHaveLength(0);
  });

  it('accepts the bounds 1.00 and 200.00', async () => {
    tipReplies = [() => ok(1)];
    const dialog = await openDialog();
    chooseCustom(dialog, '200.00');
    expect(within(dialog).getByRole('button', { name: 'Pay $200.00' })).toBeTruthy();
    chooseCustom(dialog, '1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $1.00' }));
    await waitFor(() => expect(tipCalls()).toHaveLength(1));
    expect(bodyOf(tipCalls()[0]!)).toMatchObject({ amount: 1 });
  });

  it('shows the insufficient-funds text and an Add funds link to /wallet', async () => {
    tipReplies = [() => json({ message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' }, 402)];
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    expect(await within(dialog).findByText('Insufficient funds')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Add funds' });
    expect(link.getAttribute('href')).toBe('/wallet');
    expect(toastMessages()).not.toContain('Tip of $5.00 sent to @maya');
  });

  it('falls back to the SPEC §8 payment text when the error carries no server message', async () => {
    tipReplies = [() => json({ code: 'INTERNAL' }, 500)];
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PAYMENT_UNKNOWN_ERROR);
    expect(PAYMENT_UNKNOWN_ERROR).toBe('An unknown error occurred during payment.');
  });

  it('refuses without a session, with the SPEC §5 text, and sends nothing', async () => {
    tipReplies = [() => ok(5)];
    // the session ended (another tab, expiry) while the dialog was open
    signOut();
    renderPage(<TipDialog open onClose={vi.fn()} recipient={creator} tipType="profile" />);
    const dialog = await screen.findByRole('dialog', { name: 'Tip Maya' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      PAYER_UNAUTHENTICATED_MESSAGE,
    );
    expect(PAYER_UNAUTHENTICATED_MESSAGE).toBe('You must be logged in to make a payment.');
    expect(tipCalls()).toHaveLength(0);
    expect(toastMessages()).not.toContain('Tip of $5.00 sent to @maya');
  });

  it('offers Add funds before paying when the balance is below the amount', async () => {
    balance = 50;
    const dialog = await openDialog();
    chooseCustom(dialog, '60');
    expect(within(dialog).getByRole('status').textContent).toMatch(/lower than this tip/);
    expect(within(dialog).getByRole('link', { name: 'Add funds' })).toBeTruthy();
  });
});

describe('Tip entry points', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async () =>
      json({ balance: 5, balanceCents: 500, currency: 'USD' }),
    );
    signIn(me);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows Tip on another creator’s post and sends tipType post with the post id', async () => {
    const post = makePost({}, creator);
    renderPage(<PostActions post={post} commentsHref={`/post/${post.id}`} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tip @maya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Maya' });
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/tips') ? ok(5) : json({ balance: 50, balanceCents: 5000, currency: 'USD' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    await waitFor(() => expect(tipCalls()).toHaveLength(1));
    expect(bodyOf(tipCalls()[0]!)).toEqual({
      recipientUserId: creator.id,
      amount: 5,
      tipType: 'post',
      contentId: post.id,
    });
  });

  it('is hidden on my own post', () => {
    const mine = makePost({}, { ...creator, id: me.id, username: me.username });
    const { router } = renderPage(<PostActions post={mine} commentsHref="/x" />);
    expect(screen.queryByRole('button', { name: /^Tip/ })).toBeNull();
    router.dispose();
  });

  it('is hidden on a non-creator’s post', () => {
    const fanPost = makePost({}, makePublicUser({ isCreator: false, accountType: 'fan' }));
    renderPage(<PostActions post={fanPost} commentsHref="/x" />);
    expect(screen.queryByRole('button', { name: /^Tip/ })).toBeNull();
  });

  it('is hidden on my own profile', () => {
    renderPage(<TipButton recipient={{ ...creator, id: me.id }} tipType="profile" />);
    expect(screen.queryByRole('button', { name: /^Tip/ })).toBeNull();
  });

  it('is hidden when signed out', () => {
    signOut();
    renderPage(<TipButton recipient={creator} tipType="profile" />);
    expect(screen.queryByRole('button', { name: /^Tip/ })).toBeNull();
  });
});
