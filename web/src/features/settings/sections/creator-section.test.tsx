import { IbanMessages } from '@fanspace/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { CreatorSection } from './creator-section.tsx';

let fetchMock: FetchMock;
let ibanAnswer: () => Response;

const NOT_CONFIGURED = {
  configured: false,
  method: null,
  accountHolder: null,
  country: null,
  currency: null,
  bankName: null,
  accountType: null,
  last4: null,
  updatedAt: null,
};

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ isCreator: true, accountType: 'creator' }));
  ibanAnswer = () => json({ ...NOT_CONFIGURED, configured: true, accountType: 'iban' });
  fetchMock.mockImplementation(async (url, init) => {
    if (url.startsWith('/api/users/me/payout-settings')) {
      return init.method === 'PUT' ? ibanAnswer() : json(NOT_CONFIGURED);
    }
    return json({ status: 'none' });
  });
});
afterEach(() => vi.unstubAllGlobals());

const saves = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url.startsWith('/api/users/me/payout-settings') && init.method === 'PUT',
  );

async function fillPayout(iban: string) {
  await userEvent.type(await screen.findByLabelText('Account holder'), 'Maya Lens');
  await userEvent.type(screen.getByLabelText('Country'), 'DE');
  await userEvent.type(screen.getByLabelText('IBAN'), iban);
  await userEvent.click(screen.getByRole('button', { name: 'Save payout details' }));
}

function ibanFieldError(): string | null {
  const input = screen.getByLabelText('IBAN');
  const id = input.getAttribute('aria-describedby');
  return input.getAttribute('aria-invalid') === 'true' && id
    ? (document.getElementById(id)?.textContent ?? null)
    : null;
}

describe('payout details: the IBAN', () => {
  it('with wrong check digits is refused at its field, in the words the server uses', async () => {
    renderPage(<CreatorSection />);
    await fillPayout('DE89 3704 0044 0532 0130 01');
    await waitFor(() => expect(ibanFieldError()).toBe(IbanMessages.checksum));
    expect(saves()).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByLabelText('IBAN'));
  });

  it('that is not shaped like one says what an IBAN starts with', async () => {
    renderPage(<CreatorSection />);
    await fillPayout('12345');
    await waitFor(() => expect(ibanFieldError()).toBe(IbanMessages.format));
    expect(saves()).toHaveLength(0);
  });

  it('refused by the server shows the server’s message at the IBAN field', async () => {
    ibanAnswer = () =>
      json(
        { message: 'This bank does not take payouts', code: 'VALIDATION_FAILED', field: 'iban' },
        400,
      );
    renderPage(<CreatorSection />);
    await fillPayout('DE89 3704 0044 0532 0130 00');
    await waitFor(() => expect(ibanFieldError()).toBe('This bank does not take payouts'));
    expect(saves()).toHaveLength(1);
    expect(JSON.parse(String(saves()[0]![1].body))).toMatchObject({
      iban: 'DE89 3704 0044 0532 0130 00',
    });
  });
});
