import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { renderRoutes, signOut, stubFetch, type FetchMock } from '../../../test/render.tsx';
import {
  forgetReferral,
  rememberedReferral,
  rememberReferral,
} from '../../referrals/referral-link.ts';
import { useAuthStore } from '../store.ts';
import { SignupPage } from './signup-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

let fetchMock: FetchMock;

function renderSignup() {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/onboarding', element: <p>Onboarding</p> },
      { path: '/', element: <p>Home</p> },
    ],
    { at: '/signup' },
  ).router;
}

async function fillAndSubmit(password = 'a-long-passphrase') {
  await userEvent.type(screen.getByLabelText('Username'), 'new.fan_1');
  await userEvent.type(screen.getByLabelText('Email'), 'new@fan.test');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

function signupResponse(overrides: Record<string, unknown> = {}) {
  return {
    token: null,
    user: makeMeUser({ username: 'new.fan_1', email: 'new@fan.test', onboardingCompleted: false }),
    requiresVerification: true,
    requiresEmailVerification: true,
    requiresPhoneVerification: false,
    message: 'Account created. Enter the code we sent to your email to finish.',
    email: 'new@fan.test',
    phoneNumber: null,
    pendingSignupId: 'p1',
    ...overrides,
  };
}

describe('SignupPage outcomes', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    signOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the username and password rules before sending anything', async () => {
    renderSignup();
    await userEvent.type(screen.getByLabelText('Username'), 'no spaces!');
    await userEvent.type(screen.getByLabelText('Email'), 'new@fan.test');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const username = screen.getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    const describedBy = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toMatch(/3–30 characters/);
    expect(screen.getByText('Use at least 10 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(username);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a 201 without a token opens the pending email verification screen; the code signs in', async () => {
    fetchMock.mockResolvedValueOnce(json(signupResponse(), 201));
    const router = renderSignup();
    await fillAndSubmit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('new@fan.test')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      username: 'new.fan_1',
      email: 'new@fan.test',
      password: 'a-long-passphrase',
    });
    // The code was just mailed: resending waits for the cooldown.
    expect(
      (screen.getByRole('button', { name: /Resend code/ }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fetchMock.mockResolvedValueOnce(
      json({
        token: 'session',
        user: makeMeUser({ onboardingCompleted: false }),
        twoFactorRequired: false,
        tempToken: null,
        isFirstLogin: true,
      }),
    );
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/auth/verify-email');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'new@fan.test', code: '123456' });
    expect(useAuthStore.getState()).toMatchObject({ token: 'session', isAuthenticated: true });
  });

  it('asks for the phone code after the email when the signup had a phone number', async () => {
    fetchMock.mockResolvedValueOnce(
      json(signupResponse({ requiresPhoneVerification: true, phoneNumber: '+15551234567' }), 201),
    );
    const router = renderSignup();
    await fillAndSubmit();
    await screen.findByLabelText('Verification code');
    fetchMock.mockResolvedValueOnce(
      json({
        token: 's',
        user: makeMeUser(),
        twoFactorRequired: false,
        tempToken: null,
        isFirstLogin: true,
      }),
    );
    await userEvent.type(screen.getByLabelText('Verification code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify email' }));

    await screen.findByLabelText('Phone verification code');
    expect(screen.getByText('+15551234567')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(
      json({
        ok: true,
        message: 'Phone number verified',
        phoneNumber: '+15551234567',
        phoneVerified: true,
      }),
    );
    fetchMock.mockResolvedValue(json(makeMeUser({ phoneVerified: true })));
    await userEvent.type(screen.getByLabelText('Phone verification code'), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verify phone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[2]!;
    expect(url).toBe('/api/auth/verify-phone');
    expect(JSON.parse(String(init.body))).toEqual({ code: '222222', phoneNumber: '+15551234567' });
  });

  it('a 409 shows the server message', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ message: 'Username already taken', code: 'USERNAME_TAKEN' }, 409),
    );
    renderSignup();
    await fillAndSubmit();
    expect(await screen.findByText('Username already taken')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it("a 409 without a message says 'Email already registered'", async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 'EMAIL_TAKEN' }, 409));
    renderSignup();
    await fillAndSubmit();
    expect(await screen.findByText('Email already registered')).toBeTruthy();
  });

  it('a user in the error body still counts as a successful signup', async () => {
    fetchMock.mockResolvedValueOnce(json(signupResponse(), 500));
    const router = renderSignup();
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
  });

  it("anything else says 'Signup failed'", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    renderSignup();
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Signup failed');
  });

  it('asks for a beta code when the server requires one, and sends it', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ message: 'A beta access code is required to sign up', code: 'BETA_REQUIRED' }, 403),
    );
    renderSignup();
    await fillAndSubmit();
    const betaField = await screen.findByLabelText('Beta access code');
    expect(screen.getByText('A beta access code is required to sign up')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json(signupResponse(), 201));
    await userEvent.type(betaField, 'BETA-123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1].body))).toMatchObject({
      betaCode: 'BETA-123',
    });
  });
});

describe('SignupPage referral links', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    signOut();
  });
  afterEach(() => {
    forgetReferral();
    vi.unstubAllGlobals();
  });

  it('shows who invited the visitor and sends the referral code with the signup', async () => {
    rememberReferral('MAYALENS');
    fetchMock.mockImplementation(async (url) =>
      url.includes('/referrals/code/MAYALENS')
        ? json({
            code: 'MAYALENS',
            valid: true,
            referrer: { username: 'maya.lens', displayName: 'Maya Lens' },
          })
        : json(signupResponse(), 201),
    );
    renderSignup();
    expect((await screen.findByRole('status')).textContent).toBe('Invited by Maya Lens.');
    await fillAndSubmit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1].body))).toMatchObject({
      referralCode: 'MAYALENS',
    });
    // used once: a later signup on this browser starts without it
    expect(rememberedReferral()).toBeNull();
  });

  it('tells the visitor an unknown referral link does not block the signup', async () => {
    rememberReferral('ZZZZ2345');
    fetchMock.mockImplementation(async (url) =>
      url.includes('/referrals/code/')
        ? json({ code: 'NOT_FOUND', message: 'This referral code does not exist' }, 404)
        : json(signupResponse(), 201),
    );
    renderSignup();
    expect((await screen.findByRole('status')).textContent).toMatch(/You can still sign up/);
    await fillAndSubmit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1].body)).referralCode).toBeUndefined();
  });
});
