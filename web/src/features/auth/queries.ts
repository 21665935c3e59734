/** Auth query keys and mutations. Mutations put a successful session into the store. */
import { ErrorCodes } from '@fanspace/contracts/errors';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_ERROR_MESSAGE,
  errorCodeOf,
  errorDataOf,
  errorMessageOf,
  isApiError,
} from '../../lib/api/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { fullDateTime } from '../../lib/relative-time.ts';
import {
  fetchCurrentUser,
  forgotPassword,
  login,
  resendVerification,
  resetPassword,
  signup,
  verifyEmail,
  verifyLogin,
  verifyPhone,
  type LoginResponse,
  type SignupInput,
  type SignupResponse,
} from './auth-api.ts';
import { useAuthStore } from './store.ts';
import { extractUser, isValidSessionUser, needsOnboarding, type SessionUser } from './user.ts';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export const LOGIN_MESSAGES = {
  failed: 'Login failed.',
  error: 'An error occurred during login.',
  codeRequired: 'Please enter your 2FA code.',
  invalidCode: 'Invalid 2FA code',
  codeFailed: '2FA verification failed',
  loginExpired: 'Your login has expired. Please log in again.',
} as const;

export const SIGNUP_MESSAGES = {
  emailTaken: 'Email already registered',
  failed: 'Signup failed',
} as const;

export const RESET_MESSAGES = {
  sendFailed: 'Failed to send reset email',
  resetFailed: 'Password reset failed',
} as const;

/** An error a form can place: `field` names the input it belongs to, `code` is the server's. */
export class FormFailure extends Error {
  readonly field: string | null;
  readonly code: string | null;
  constructor(message: string, options: { field?: unknown; code?: string | null } = {}) {
    super(message);
    this.name = 'FormFailure';
    this.field = typeof options.field === 'string' ? options.field : null;
    this.code = options.code ?? null;
  }
}

/**
 * Why a suspended account may not log in, with the end of the suspension as a date the reader
 * reads ('Jan 5, 2027, 3:00 PM' in their locale), not the ISO string of the server's message.
 * Null for every other failure.
 */
export function suspensionMessage(error: unknown): string | null {
  if (errorCodeOf(error) !== ErrorCodes.ACCOUNT_SUSPENDED) return null;
  const { suspendedUntil, reason } = errorDataOf(error);
  const until =
    typeof suspendedUntil === 'string' && !Number.isNaN(Date.parse(suspendedUntil))
      ? `until ${fullDateTime(suspendedUntil)}`
      : 'indefinitely';
  const why = typeof reason === 'string' && reason.trim() ? `: ${reason.trim()}` : '.';
  return `Your account is suspended ${until}${why}`;
}

/** Re-reads GET /users/me into the store (spec §4: follow, verification and others refresh it). */
export async function refreshCurrentUser(): Promise<SessionUser | null> {
  const user = extractUser(await fetchCurrentUser());
  if (user) {
    useAuthStore.getState().setUser(user);
    queryClient.setQueryData(authKeys.me(), user);
  }
  return user;
}

/** Re-reads the current user into the store; enabled only with a session. */
export function useCurrentUserQuery() {
  const enabled = useAuthStore((s) => s.authReady && s.isAuthenticated);
  return useQuery({ queryKey: authKeys.me(), enabled, queryFn: refreshCurrentUser });
}

export type LoginOutcome =
  | { kind: 'signed-in'; isFirstLogin: boolean; needsOnboarding: boolean }
  | { kind: 'two-factor'; tempToken: string }
  | { kind: 'verify-email'; email: string | null; message: string };

/** Stores the session of a login-shaped response (login, 2FA step, email verification). */
export function completeLogin(response: LoginResponse, failure: string): LoginOutcome {
  if (response.twoFactorRequired) {
    if (!response.tempToken) throw new Error(failure);
    return { kind: 'two-factor', tempToken: response.tempToken };
  }
  if (!response.token || !isValidSessionUser(response.user)) throw new Error(failure);
  const isFirstLogin = response.isFirstLogin === true;
  useAuthStore.getState().setSession(response.token, response.user, { isFirstLogin });
  queryClient.setQueryData(authKeys.me(), response.user);
  return { kind: 'signed-in', isFirstLogin, needsOnboarding: needsOnboarding(response.user) };
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: async (input: { identifier: string; password: string }): Promise<LoginOutcome> => {
      let response: LoginResponse;
      try {
        response = await login(input.identifier, input.password);
      } catch (error) {
        // An unverified account goes to the pending-verification screen instead of an error.
        if (errorCodeOf(error) === ErrorCodes.EMAIL_NOT_VERIFIED) {
          const { email } = errorDataOf(error);
          return {
            kind: 'verify-email',
            email: typeof email === 'string' ? email : null,
            message: errorMessageOf(error, 'Please verify your email address first.'),
          };
        }
        // The server said no: its reason, or 'Login failed.'. Anything else (no connection, a
        // timeout, a bug) is 'An error occurred during login.'.
        if (isApiError(error) && error.code === 'HTTP') {
          throw new Error(suspensionMessage(error) ?? errorMessageOf(error, LOGIN_MESSAGES.failed));
        }
        throw new Error(LOGIN_MESSAGES.error);
      }
      return completeLogin(response, LOGIN_MESSAGES.failed);
    },
  });
}

export function useVerifyLoginMutation() {
  return useMutation({
    mutationFn: async (input: { code: string; tempToken: string }): Promise<LoginOutcome> => {
      const code = input.code.trim();
      if (code === '') throw new Error(LOGIN_MESSAGES.codeRequired);
      let response: LoginResponse;
      try {
        response = await verifyLogin(code, input.tempToken);
      } catch (error) {
        const code = errorCodeOf(error);
        // the account was suspended or banned: its reason, not a wrong code
        const blocked = suspensionMessage(error);
        if (blocked) throw new FormFailure(blocked, { code });
        if (code === ErrorCodes.ACCOUNT_BANNED) {
          throw new FormFailure(errorMessageOf(error, LOGIN_MESSAGES.codeFailed), { code });
        }
        // The temp token lapsed (5 minutes) or was burnt by 5 wrong codes: no code can help.
        if (code === ErrorCodes.INVALID_TOKEN) {
          throw new FormFailure(LOGIN_MESSAGES.loginExpired, { code });
        }
        const wrongCode =
          code === ErrorCodes.INVALID_2FA_CODE || (isApiError(error) && error.status === 400);
        throw new Error(wrongCode ? LOGIN_MESSAGES.invalidCode : LOGIN_MESSAGES.codeFailed);
      }
      const outcome = completeLogin(response, LOGIN_MESSAGES.codeFailed);
      if (outcome.kind !== 'signed-in') throw new Error(LOGIN_MESSAGES.codeFailed);
      return outcome;
    },
  });
}

export type SignupOutcome =
  | { kind: 'signed-in'; needsOnboarding: boolean }
  | {
      kind: 'verify';
      message: string;
      email: string;
      phoneNumber: string | null;
      requiresPhoneVerification: boolean;
    };

function signupOutcome(response: Partial<SignupResponse>, input: SignupInput): SignupOutcome {
  if (response.token && isValidSessionUser(response.user)) {
    useAuthStore.getState().setSession(response.token, response.user, { isFirstLogin: true });
    return { kind: 'signed-in', needsOnboarding: needsOnboarding(response.user) };
  }
  const requiresPhoneVerification = response.requiresPhoneVerification === true;
  return {
    kind: 'verify',
    email: response.email ?? input.email,
    phoneNumber: response.phoneNumber ?? null,
    requiresPhoneVerification,
    message:
      response.message ||
      (requiresPhoneVerification
        ? 'Enter the codes we sent to your email and phone to finish signing up.'
        : 'Enter the code we sent to your email to finish signing up.'),
  };
}

/**
 * Spec §8 Signup: a 201, or a user in the error body, counts as success. A 409 shows the
 * server's message or 'Email already registered'; anything else 'Signup failed' unless the
 * server explained the problem (a weak password, a taken name).
 */
export function useSignupMutation() {
  return useMutation({
    mutationFn: async (input: SignupInput): Promise<SignupOutcome> => {
      let response: SignupResponse;
      try {
        response = await signup(input);
      } catch (error) {
        if (!isApiError(error)) throw new FormFailure(SIGNUP_MESSAGES.failed);
        const data = errorDataOf(error) as Partial<SignupResponse> & { field?: unknown };
        if (isValidSessionUser(data.user)) return signupOutcome(data, input);
        const code = errorCodeOf(error);
        const hasMessage = error.code === 'HTTP' && error.message !== DEFAULT_ERROR_MESSAGE;
        if (error.status === 409) {
          throw new FormFailure(hasMessage ? error.message : SIGNUP_MESSAGES.emailTaken, {
            field: code === ErrorCodes.USERNAME_TAKEN ? 'username' : 'email',
            code,
          });
        }
        throw new FormFailure(hasMessage ? error.message : SIGNUP_MESSAGES.failed, {
          field: data.field,
          code,
        });
      }
      return signupOutcome(response, input);
    },
  });
}

/** Email verification with the mailed code or link; signs the user in like a login. */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: async (
      input: { email: string; code: string } | { token: string },
    ): Promise<LoginOutcome> => {
      if ('code' in input && !/^\d{6}$/.test(input.code.trim())) {
        throw new Error('Enter the 6-digit code from the email.');
      }
      let response: LoginResponse;
      try {
        response = await verifyEmail(
          'token' in input
            ? { token: input.token }
            : { email: input.email, code: input.code.trim() },
        );
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Verification failed. Please try again.'));
      }
      return completeLogin(response, 'Verification failed. Please try again.');
    },
  });
}

export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      try {
        return await resendVerification(email.trim());
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Could not send a new code. Please try again.'));
      }
    },
  });
}

export function useVerifyPhoneMutation() {
  return useMutation({
    mutationFn: async (input: { phoneNumber: string | null; code: string }) => {
      const code = input.code.trim();
      if (!/^\d{6}$/.test(code)) throw new Error('Enter the 6-digit code from the text message.');
      try {
        return await verifyPhone({
          code,
          ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
        });
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Phone verification failed. Please try again.'));
      }
    },
    onSuccess: () => {
      if (useAuthStore.getState().isAuthenticated) void refreshCurrentUser().catch(() => null);
    },
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      try {
        await forgotPassword(email.trim());
      } catch (error) {
        throw new Error(errorMessageOf(error, RESET_MESSAGES.sendFailed));
      }
    },
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) => {
      try {
        await resetPassword(input.token, input.password);
      } catch (error) {
        throw new Error(errorMessageOf(error, RESET_MESSAGES.resetFailed));
      }
    },
    // The reset signed out every session, this browser's too: forget it now, so its next
    // request does not end it as 'expired' and take the user away from the confirmation.
    onSuccess: () => {
      if (!useAuthStore.getState().isAuthenticated) return;
      useAuthStore.getState().clearSession();
      queryClient.clear();
    },
  });
}
