import { PAYER_UNAUTHENTICATED_MESSAGE } from '@fanspace/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeLockedPost } from '../../test/post-fixtures.ts';
import { renderPage, signOut, stubFetch, type FetchMock } from '../../test/render.tsx';
import { UnlockDialog } from './components/unlock-dialog.tsx';

let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url) => {
    if (url === '/api/wallet/balance') return json({ balance: 20, balanceCents: 2000 });
    if (url.endsWith('/unlock')) return json({ ok: true, postId: 'x', isUnlocked: true });
    return json({});
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('useUnlockPostMutation', () => {
  it('refuses without a session, with the SPEC §5 text, and sends nothing', async () => {
    // the session ended (another tab, expiry) while the unlock dialog was open
    signOut();
    const post = makeLockedPost();
    renderPage(<UnlockDialog post={post} open onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Unlock this post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $4.99' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      PAYER_UNAUTHENTICATED_MESSAGE,
    );
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/unlock'))).toHaveLength(0);
  });
});
