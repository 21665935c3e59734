import { PAYER_UNAUTHENTICATED_MESSAGE } from '@fanspace/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makePublicUser } from '../../test/fixtures.ts';
import { renderPage, signOut, stubFetch, type FetchMock } from '../../test/render.tsx';
import { SubscribeButton } from './components/subscribe-button.tsx';

const creator = makePublicUser({
  id: '11111111-1111-4111-8111-111111111111',
  username: 'maya',
  displayName: 'Maya',
  isCreator: true,
  accountType: 'creator',
  subscriptionPrice: 9.99,
});

let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url) => {
    if (url === '/api/wallet/balance') return json({ balance: 20, balanceCents: 2000 });
    if (url === '/api/subscriptions') return json({ ok: true }, 201);
    return json({});
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('useSubscribeMutation', () => {
  it('refuses without a session, with the SPEC §5 text, and sends nothing', async () => {
    signOut();
    renderPage(<SubscribeButton user={creator} />);
    await userEvent.click(screen.getByRole('button', { name: /^Subscribe/ }));
    const dialog = screen.getByRole('dialog', { name: 'Subscribe to Maya' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      PAYER_UNAUTHENTICATED_MESSAGE,
    );
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/subscriptions')).toHaveLength(0);
  });
});
