import { fireEvent, screen, waitFor } from '@testing-library/react';
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
import {
  SettingsPage,
  parseTerms,
  validateModeration,
  validateSettings,
} from './settings-page.tsx';

const features = { registrationsOpen: true, tips: true, paidMessages: true, massMessages: true };
const current = {
  feePercent: 20,
  referralPercent: 5,
  referralMonths: 12,
  proPackPrice: 9.99,
  betaRequired: false,
  features,
  limits: { massMessagesPerDay: 5 },
  moderation: { flaggedTerms: ['casino'], reportThreshold: 3 },
};
/** The form's draft: the current switches and limit unless a test changes them. */
const draft = (fields: { feePercent: string; proPackPrice: string; betaRequired: boolean }) => ({
  features: { ...features },
  massMessagesPerDay: '5',
  ...fields,
});
let fetchMock: FetchMock;

function puts() {
  return fetchMock.mock.calls.filter(
    ([u, init]) => u.endsWith('/admin/settings') && init.method === 'PUT',
  );
}

describe('validateSettings', () => {
  it('keeps to the contract bounds and sends only what changed', () => {
    expect(
      validateSettings(
        draft({ feePercent: '20', proPackPrice: '9.99', betaRequired: true }),
        current,
      ),
    ).toEqual({
      body: { betaRequired: true },
    });
    expect(
      validateSettings(
        draft({ feePercent: '12.5', proPackPrice: '4.99', betaRequired: false }),
        current,
      ),
    ).toEqual({
      body: { feePercent: 12.5, proPackPrice: 4.99 },
    });
    const bad = validateSettings(
      draft({ feePercent: '51', proPackPrice: '0.5', betaRequired: false }),
      current,
    );
    expect(bad).toEqual({
      errors: {
        feePercent: 'The fee is a percentage from 0 to 50.',
        proPackPrice: 'The price is from 0.99 to 999.99, like 9.99.',
      },
    });
    expect(
      'errors' in
        validateSettings(
          draft({ feePercent: '', proPackPrice: '9.99', betaRequired: false }),
          current,
        ),
    ).toBe(true);
    expect(
      'errors' in
        validateSettings(
          draft({ feePercent: 'abc', proPackPrice: '9.999', betaRequired: false }),
          current,
        ),
    ).toBe(true);
    expect(
      validateSettings(
        {
          ...draft({ feePercent: '20', proPackPrice: '9.99', betaRequired: false }),
          features: { ...features, tips: false },
          massMessagesPerDay: '2',
        },
        current,
      ),
    ).toEqual({ body: { features: { tips: false }, limits: { massMessagesPerDay: 2 } } });
    expect(
      validateSettings(
        {
          ...draft({ feePercent: '20', proPackPrice: '9.99', betaRequired: false }),
          massMessagesPerDay: '1.5',
        },
        current,
      ),
    ).toEqual({ errors: { massMessagesPerDay: 'A whole number from 0 to 100.' } });
  });
});

describe('validateModeration', () => {
  const moderation = { flaggedTerms: ['casino'], reportThreshold: 3 };
  it('reads one term per line and sends only what changed', () => {
    expect(parseTerms(' casino \n\nfree   money\nCASINO\r\n')).toEqual(['casino', 'free money']);
    expect(validateModeration({ terms: 'casino\n', reportThreshold: '3' }, moderation)).toEqual({
      body: {},
    });
    expect(
      validateModeration({ terms: 'casino\npoker', reportThreshold: '2' }, moderation),
    ).toEqual({ body: { flaggedTerms: ['casino', 'poker'], reportThreshold: 2 } });
    expect(validateModeration({ terms: '', reportThreshold: '3' }, moderation)).toEqual({
      body: { flaggedTerms: [] },
    });
  });

  it('keeps to the limits', () => {
    expect(validateModeration({ terms: 'x', reportThreshold: '0' }, moderation)).toEqual({
      errors: { reportThreshold: 'A whole number from 1 to 100.' },
    });
    expect(validateModeration({ terms: 'x', reportThreshold: '2.5' }, moderation)).toHaveProperty(
      'errors.reportThreshold',
    );
    const many = Array.from({ length: 501 }, (_, i) => `t${i}`).join('\n');
    expect(validateModeration({ terms: many, reportThreshold: '3' }, moderation)).toEqual({
      errors: { terms: 'At most 500 terms.' },
    });
    expect(
      validateModeration({ terms: 'y'.repeat(101), reportThreshold: '3' }, moderation),
    ).toHaveProperty('errors.terms');
  });
});

describe('SettingsPage', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/admin/settings') && (init.method ?? 'GET') === 'GET') return json(current);
      if (url.endsWith('/admin/settings') && init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { moderation?: object };
        return json({
          ...current,
          ...body,
          moderation: { ...current.moderation, ...body.moderation },
        });
      }
      if (url.endsWith('/admin/grant-free-pro') && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { username: string };
        if (body.username === 'ghost')
          return json({ message: 'User not found', code: 'NOT_FOUND' }, 404);
        return json({
          message: `Pro access granted to ${body.username.toLowerCase()}`,
          userId: '77777777-7777-4777-8777-777777777777',
          username: body.username.toLowerCase(),
          proPackActiveUntil: '2027-01-01T00:00:00.000Z',
        });
      }
      if (url.endsWith('/admin/notifications/system') && init.method === 'POST') {
        return json({ message: 'Notification sent to 2 users', recipients: 2 });
      }
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses out-of-range values without calling the server', async () => {
    renderPage(<SettingsPage />);
    const fee = await screen.findByLabelText('Platform fee (%)');
    expect((fee as HTMLInputElement).value).toBe('20');
    fireEvent.change(fee, { target: { value: '75' } });
    fireEvent.change(screen.getByLabelText('Pro pack price (USD)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The fee is a percentage from 0 to 50.')).toBeTruthy();
    expect(screen.getByText('The price is from 0.99 to 999.99, like 9.99.')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('saves the changed fields', async () => {
    renderPage(<SettingsPage />);
    fireEvent.change(await screen.findByLabelText('Platform fee (%)'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Beta access required' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toastMessages()).toContain('Platform settings saved.'));
    expect(JSON.parse(String(puts()[0]![1].body))).toEqual({ feePercent: 15, betaRequired: true });
  });

  it('edits the flagged terms and the report threshold', async () => {
    renderPage(<SettingsPage />);
    const terms = await screen.findByLabelText('Flagged terms');
    expect((terms as HTMLTextAreaElement).value).toBe('casino');
    expect(screen.getByText(/1 of 500/)).toBeTruthy();
    fireEvent.change(terms, { target: { value: 'casino\nfree money' } });
    fireEvent.change(screen.getByLabelText('Report threshold'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save moderation settings' }));
    expect(await screen.findByText('A whole number from 1 to 100.')).toBeTruthy();
    expect(puts()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Report threshold'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save moderation settings' }));
    await waitFor(() => expect(toastMessages()).toContain('Moderation settings saved.'));
    expect(JSON.parse(String(puts()[0]![1].body))).toEqual({
      moderation: { flaggedTerms: ['casino', 'free money'], reportThreshold: 2 },
    });
    // the fee form kept its own draft
    expect((screen.getByLabelText('Platform fee (%)') as HTMLInputElement).value).toBe('20');
  });

  it('sends a system notification to listed usernames', async () => {
    renderPage(<SettingsPage />);
    await screen.findByLabelText('Platform fee (%)');
    fireEvent.change(screen.getByLabelText('Message'), {
      target: { value: 'Maintenance tonight' },
    });
    fireEvent.click(screen.getByLabelText('Some users'));
    fireEvent.change(screen.getByLabelText('Usernames'), { target: { value: '@ann, bob ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(toastMessages()).toContain('Notification sent to 2 users'));
    const sent = fetchMock.mock.calls.find(([u]) => u.endsWith('/admin/notifications/system'));
    expect(JSON.parse(String(sent![1].body))).toEqual({
      message: 'Maintenance tonight',
      targetUsers: ['ann', 'bob'],
    });
  });

  it('grants free pro with username, months and reason and shows the spec toasts', async () => {
    renderPage(<SettingsPage />);
    await screen.findByLabelText('Platform fee (%)');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '@Ann' } });
    fireEvent.change(screen.getByLabelText('Months'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Contest winner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Pro' }));
    await waitFor(() => expect(toastMessages()).toContain('Pro access granted to ann'));
    const grant = fetchMock.mock.calls.find(([u]) => u.endsWith('/admin/grant-free-pro'));
    expect(JSON.parse(String(grant![1].body))).toEqual({
      username: 'Ann',
      months: 3,
      reason: 'Contest winner',
    });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ghost' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Pro' }));
    await waitFor(() => expect(toastMessages()).toContain('Failed to grant pro access'));
  });
});
