import type { PromoQuote, WishlistItem } from '@fanspace/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { PromoCodeField } from './components/promo-code-field.tsx';
import { ProfileWishlist } from './components/profile-wishlist.tsx';
import { CreatorToolsPage } from './pages/creator-tools-page.tsx';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

const quote: PromoQuote = {
  valid: true,
  code: 'SUMMER20',
  percentOff: 20,
  originalPrice: 10,
  originalPriceCents: 1000,
  price: 8,
  priceCents: 800,
  discount: 2,
  discountCents: 200,
};

function Harness() {
  const [q, setQ] = useState<PromoQuote | null>(null);
  return (
    <>
      <PromoCodeField purpose="subscription" targetId="c1" quote={q} onQuote={setQ} />
      <p>price {q ? q.price : 10}</p>
    </>
  );
}

describe('promo code at checkout', () => {
  it('validates the code with the server and shows the discount', async () => {
    fetchMock.mockResolvedValue(json(quote));
    renderPage(<Harness />);
    await userEvent.type(screen.getByLabelText('Promo code'), 'summer20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('status')).textContent).toContain('SUMMER20 applied: 20% off');
    expect(screen.getByText('price 8')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/promo-codes/validate');
    expect(JSON.parse(String(init.body))).toEqual({
      code: 'summer20',
      purpose: 'subscription',
      targetId: 'c1',
    });
  });

  it("shows the server's reason for a refused code", async () => {
    fetchMock.mockResolvedValue(
      json({ message: 'This promo code has expired', code: 'PROMO_CODE_INVALID' }, 400),
    );
    renderPage(<Harness />);
    await userEvent.type(screen.getByLabelText('Promo code'), 'OLD');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code has expired')).toBeTruthy();
    expect(screen.getByText('price 10')).toBeTruthy();
  });
});

const item = (overrides: Partial<WishlistItem>): WishlistItem => ({
  id: crypto.randomUUID(),
  creatorId: 'c1',
  title: 'Lens',
  description: '',
  goalAmount: 100,
  goalCents: 10000,
  fundedAmount: 25,
  fundedCents: 2500,
  progress: 25,
  completed: false,
  completedAt: null,
  imageUrl: null,
  createdAt: new Date().toISOString(),
  ...overrides,
});

describe('profile wishlist', () => {
  const creator = makePublicUser({ id: 'c1', username: 'cara', isCreator: true });

  it('shows progress, and funding only for open items', async () => {
    fetchMock.mockResolvedValue(
      json({
        items: [item({ title: 'Lens' }), item({ title: 'Light', completed: true, progress: 100 })],
      }),
    );
    renderPage(<ProfileWishlist user={creator} isOwn={false} />);
    expect(await screen.findByText('Lens')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Lens funding' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    expect(screen.getAllByRole('button', { name: 'Fund this' })).toHaveLength(1);
    expect(screen.getByText('Funded')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Fund this' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Tip');
  });

  it('has an empty and an error state', async () => {
    fetchMock.mockResolvedValueOnce(json({ items: [] }));
    const { client } = renderPage(<ProfileWishlist user={creator} isOwn={false} />);
    expect(await screen.findByText('No wishlist items yet')).toBeTruthy();
    fetchMock.mockResolvedValue(json({ message: 'boom', code: 'INTERNAL' }, 500));
    await client.resetQueries();
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
  });
});

describe('creator tools page', () => {
  it('shows a fan how to become a creator instead of the forms', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Only creators', code: 'FORBIDDEN' }, 403));
    renderPage(<CreatorToolsPage />, { path: '/creator-tools', others: ['/settings/creator'] });
    expect(screen.getByText('Creator tools are for creators')).toBeTruthy();
    expect(screen.queryByText(/Could not load this list/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Set up a creator account' }));
    expect(await screen.findByText('Page /settings/creator')).toBeTruthy();
  });
});
