import type { PaymentMethod } from '@fanspace/contracts';
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
import { PaymentMethodsCard } from './payment-methods-card.tsx';

let fetchMock: FetchMock;
let methods: PaymentMethod[];

describe('PaymentMethodsCard (test provider)', () => {
  beforeEach(() => {
    methods = [];
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      const method = init.method ?? 'GET';
      if (url.endsWith('/stripe/config'))
        return json({
          provider: 'test',
          publishableKey: null,
          testCards: [
            { paymentMethodId: 'pm_card_visa', brand: 'visa', last4: '4242' },
            { paymentMethodId: 'pm_card_mastercard', brand: 'mastercard', last4: '4444' },
          ],
        });
      if (url.endsWith('/payments/payment-methods') && method === 'GET')
        return json({
          paymentMethods: methods,
          defaultPaymentMethodId: methods.find((m) => m.isDefault)?.id ?? null,
        });
      if (url.endsWith('/payments/payment-methods') && method === 'POST') {
        const { paymentMethodId } = JSON.parse(String(init.body)) as { paymentMethodId: string };
        const added: PaymentMethod = {
          id: `0000000${methods.length}-0000-4000-8000-000000000000`,
          paymentMethodId,
          provider: 'test',
          brand: paymentMethodId === 'pm_card_visa' ? 'visa' : 'mastercard',
          last4: paymentMethodId === 'pm_card_visa' ? '4242' : '4444',
          expMonth: 12,
          expYear: 2034,
          isDefault: methods.length === 0,
          createdAt: new Date().toISOString(),
        };
        methods = [...methods, added];
        return json(added, 201);
      }
      if (url.includes('/payments/payment-methods/') && method === 'DELETE') {
        const id = decodeURIComponent(url.split('/').pop()!);
        methods = methods.filter((m) => m.id !== id);
        return json({ ok: true, message: 'Payment method removed', id });
      }
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds a test card, shows it as default, and removes it', async () => {
    renderPage(<PaymentMethodsCard />);
    expect(await screen.findByText('No saved cards')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Test card'), {
      target: { value: 'pm_card_visa' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add test card' }));
    const list = await screen.findByRole('list', { name: 'Saved payment methods' });
    expect(within(list).getByText(/Visa •••• 4242/)).toBeTruthy();
    expect(within(list).getByText('Default')).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([u, i]) => u.endsWith('/payments/payment-methods') && i.method === 'POST',
    );
    expect(JSON.parse(String(post![1].body))).toEqual({ paymentMethodId: 'pm_card_visa' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Visa ending 4242' }));
    await waitFor(() => expect(screen.getByText('No saved cards')).toBeTruthy());
  });

  it('removes a card once on a double click: no second request, no error', async () => {
    renderPage(<PaymentMethodsCard />);
    fireEvent.change(await screen.findByLabelText('Test card'), {
      target: { value: 'pm_card_visa' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add test card' }));
    await screen.findByRole('list', { name: 'Saved payment methods' });
    const remove = screen.getByRole('button', { name: 'Remove Visa ending 4242' });
    fireEvent.click(remove);
    fireEvent.click(remove);
    await waitFor(() => expect(screen.getByText('No saved cards')).toBeTruthy());
    const deletes = fetchMock.mock.calls.filter(([, i]) => i.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(toastMessages()).not.toContain('Failed to remove payment method');
    expect(toastMessages()).toContain('Card removed.');
  });
});
