import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderPage, signOut, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { useAuthStore } from '../store.ts';
import { LoginPage } from './login-page.tsx';

let fetchMock: FetchMock;

function renderLogin() {
  return renderPage(<LoginPage />, {
    at: '/login',
    others: ['/', '/onboarding', '/verify-email'],
  }).router;
}

async function submitCredentials(identifier = 'ana', password = 'correct horse') {
  await userEvent.type(screen.getByLabelText('Email or username'), identifier);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

async function reachTwoFactorStep() {
  fetchMock.mockResolvedValueOnce(
    json({
      token: null,
      user: null,
      twoFactorRequired: true,
      tempToken: 'temp-123',
      isFirstLogin: false,
    }),
  );
  const router = renderLogin();
  await submitCredentials();
  const verify = await screen.findByRole('button', { name: 'Verify and log in' });
  return { router, verify };
}

describe('LoginPage', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    signOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('logs in with a username and goes home', async () => {
    const user = makeMeUser({ id: 'u1', username: 'ana' });
    fetchMock.mockResolvedValueOnce(
      json({ token: 'tok', user, isFirstLogin: false, twoFactorRequired: false, tempToken: null }),
    );
    const router = renderLogin();
    await submitCredentials();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'ana', password: 'correct horse' });
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok', isAuthenticated: true });
  });

  it('sends an email as email and shows the server message on failure', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401),
    );
    renderLogin();
    await submitCredentials('ana@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      email: 'ana@example.com',
      password: 'wrong',
    });
  });

  it("says 'Login failed.' when the server refuses without a reason", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    renderLogin();
    await submitCredentials();
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed.');
  });

  it("says 'An error occurred during login.' when the request never gets an answer", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderLogin();
    await submitCredentials();
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred during login.');
  });

  it('tells a suspended account until when, as a readable date rather than the ISO string', async () => {
    const until = '2027-01-05T15:00:00.000Z';
    fetchMock.mockResolvedValueOnce(
      json(
        {
          message: `Your account is suspended until ${until}: Spam`,
          code: 'ACCOUNT_SUSPENDED',
          reason: 'Spam',
          suspendedUntil: until,
        },
        403,
      ),
    );
    renderLogin();
    await submitCredentials();
    const text = (await screen.findByRole('alert')).textContent ?? '';
    const readable = new Date(until).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(text).toBe(`Your account is suspended until ${readable}: Spam`);
    expect(text).not.toContain('2027-01-05T');
  });

  it('sends an unverified account to the verification screen with its email', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          message: 'Please verify your email address first.',
          code: 'EMAIL_NOT_VERIFIED',
          email: 'ana@example.com',
        },
        403,
      ),
    );
    const router = renderLogin();
    await submitCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.state).toMatchObject({ email: 'ana@example.com' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it("asks for the 2FA code: 'Please enter your 2FA code.' when empty, then verifies with the temp token", async () => {
    const { router, verify } = await reachTwoFactorStep();
    await userEvent.click(verify);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your 2FA code.');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(
      json({
        token: 'final',
        user: makeMeUser({ id: 'u1' }),
        twoFactorRequired: false,
        tempToken: null,
        isFirstLogin: false,
      }),
    );
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(verify);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/auth/verify-login');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer temp-123');
    expect(JSON.parse(String(init.body))).toEqual({ code: '123456' });
    expect(useAuthStore.getState().token).toBe('final');
  });

  it("shows 'Invalid 2FA code' for a wrong code and keeps the user on the step", async () => {
    const { verify } = await reachTwoFactorStep();
    fetchMock.mockResolvedValueOnce(
      json(
        { message: 'Invalid two-factor code', code: 'INVALID_2FA_CODE', attemptsRemaining: 4 },
        401,
      ),
    );
    await userEvent.type(screen.getByLabelText('Authentication code'), '000000');
    await userEvent.click(verify);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid 2FA code');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'));
  });

  it('lets a phone type a backup code: the code field does not ask for a digits-only keypad', async () => {
    await reachTwoFactorStep();
    const field = screen.getByLabelText('Authentication code');
    // backup codes look like 'bxpb8-xkvyh'; a numeric keypad has no letters or dash
    expect(field.getAttribute('inputmode')).not.toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('sends the user back to the password step once the temp token has lapsed', async () => {
    const { verify } = await reachTwoFactorStep();
    fetchMock.mockResolvedValueOnce(
      json({ message: 'Your login has expired. Please log in again.', code: 'INVALID_TOKEN' }, 401),
    );
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(verify);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your login has expired. Please log in again.',
    );
    // retrying a code with the dead token cannot work: the step offers a new login instead
    expect(screen.queryByRole('button', { name: 'Verify and log in' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log in again' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
  });

  it("shows '2FA verification failed' when the step fails for another reason", async () => {
    const { verify } = await reachTwoFactorStep();
    fetchMock.mockResolvedValueOnce(json({ message: 'boom', code: 'INTERNAL' }, 500));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(verify);
    expect((await screen.findByRole('alert')).textContent).toBe('2FA verification failed');
  });

  it('goes to onboarding when the account has not finished it', async () => {
    const user = makeMeUser({ onboardingCompleted: false });
    fetchMock.mockResolvedValueOnce(
      json({ token: 'tok', user, isFirstLogin: true, twoFactorRequired: false, tempToken: null }),
    );
    const router = renderLogin();
    await submitCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(useAuthStore.getState().isFirstLogin).toBe(true);
  });
});
