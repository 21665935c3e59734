import type { ReferralsOverview } from '@fanspace/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import { useToastStore } from '../../../ui/toast/toast-store.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { ReferralsPage } from './referrals-page.tsx';

vi.mock('../../../lib/clipboard.ts', () => ({ copyText: vi.fn(async () => true) }));

const LINK = 'https://fanspace.test/signup?ref=ABCD2345';

function overview(overrides: Partial<ReferralsOverview> = {}): ReferralsOverview {
  return {
    code: 'ABCD2345',
    link: LINK,
    counts: { signedUp: 2, becameCreators: 1 },
    earnings: {
      total: 1.49,
      totalCents: 149,
      pending: 0.49,
      pendingCents: 49,
      available: 1,
      availableCents: 100,
      ratePercent: 5,
      windowMonths: 12,
    },
    referred: [
      {
        username: 'leo_beats',
        displayName: 'Leo Beats',
        joinedAt: '2026-11-20T10:00:00.000Z',
        isCreator: true,
        earnedCents: 149,
      },
    ],
    hasMore: false,
    nextCursor: null,
    ...overrides,
  };
}

let fetchMock: FetchMock;

describe('ReferralsPage', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser());
    useToastStore.getState().clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the link with a copy button, the counts, the earnings and the people', async () => {
    fetchMock.mockResolvedValue(json(overview()));
    renderPage(<ReferralsPage />);
    expect(screen.getByText('Loading referrals…')).toBeTruthy();

    const link = await screen.findByLabelText('Referral link');
    expect((link as HTMLInputElement).value).toBe(LINK);
    const counts = screen.getByRole('list', { name: 'People you referred' });
    expect(within(counts).getByText('Leo Beats')).toBeTruthy();
    expect(within(counts).getByText('Creator')).toBeTruthy();
    const earnings = screen.getByLabelText('Referral earnings');
    expect(within(earnings).getByText('$1.49')).toBeTruthy();
    expect(within(earnings).getByText('$0.49')).toBeTruthy();
    expect(within(earnings).getByText('$1.00')).toBeTruthy();
    expect(within(screen.getByLabelText('Referral counts')).getByText('2')).toBeTruthy();
    expect(screen.getByText(/you receive 5% of their sales for 12 months/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(copyText).toHaveBeenCalledWith(LINK);
    await waitFor(() => expect(toastMessages()).toContain('Referral link copied'));
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/referrals?limit=20');
  });

  it('says so when nobody signed up yet', async () => {
    fetchMock.mockResolvedValue(
      json(overview({ referred: [], counts: { signedUp: 0, becameCreators: 0 } })),
    );
    renderPage(<ReferralsPage />);
    expect(await screen.findByRole('heading', { name: 'No one yet' })).toBeTruthy();
  });

  it('shows an error with a retry, then the page', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 'INTERNAL', message: 'boom' }, 500));
    fetchMock.mockResolvedValue(json(overview()));
    renderPage(<ReferralsPage />);
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Referral link')).toBeTruthy();
  });

  it('loads more people with the keyset cursor', async () => {
    fetchMock.mockImplementation(async (url) =>
      url.includes('cursor=c1')
        ? json(
            overview({
              referred: [
                {
                  username: 'ada',
                  displayName: null,
                  joinedAt: '2026-11-01T10:00:00.000Z',
                  isCreator: false,
                  earnedCents: 0,
                },
              ],
            }),
          )
        : json(overview({ hasMore: true, nextCursor: 'c1' })),
    );
    renderPage(<ReferralsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    const list = screen.getByRole('list', { name: 'People you referred' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('@ada · joined', { exact: false })).toBeTruthy();
  });
});
