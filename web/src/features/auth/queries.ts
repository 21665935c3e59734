/** Auth query keys and mutations. Mutations put a successful session into the store. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { DEFAULT_ERROR_MESSAGE, errorMessageOf, isApiError } from '../../lib/api/index.ts';
import {
  fetchCurrentUser,
  forgotPassword,
  login,
  resetPassword,
  signup,
  verifyLogin,
  type LoginResponse,
  type SignupInput,
  type SignupResponse,
} from './auth-api.ts';
import { useAuthStore } from './store.ts';
import { extractUser, isValidSessionUser } from './user.ts';

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
} as const;

export const SIGNUP_MESSAGES = {
  emailTaken: 'Email already registered',
  failed: 'Signup failed',
} as const;

/** Re-reads the current user into the store; enabled only with a session. */
export function useCurrentUserQuery() {
  const enabled = useAuthStore((s) => s.authReady && s.isAuthenticated);
  return useQuery({
    queryKey: authKeys.me(),
    enabled,
    queryFn: async () => {
      const user = extractUser(await fetchCurrentUser());
      if (user) useAuthStore.getState().setUser(user);
      return user;
    },
  });
}

export type LoginOutcome =
  { kind: 'signed-in'; isFirstLogin: boolean } | { kind: 'two-factor'; tempToken: string };

function completeLogin(response: LoginResponse): LoginOutcome {
  if (!response.token || !isValidSessionUser(response.user)) throw new Error(LOGIN_MESSAGES.failed);
  const isFirstLogin = response.isFirstLogin === true;
  useAuthStore.getState().setSession(response.token, response.user, { isFirstLogin });
  return { kind: 'signed-in', isFirstLogin };
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: async (input: { identifier: string; password: string }): Promise<LoginOutcome> => {
      let response: LoginResponse;
      try {
        response = await login(input.identifier, input.password);
      } catch (error) {
        throw new Error(errorMessageOf(error, LOGIN_MESSAGES.error));
      }
      if (response.twoFactorRequired) {
        if (!response.tempToken) throw new Error(LOGIN_MESSAGES.failed);
        return { kind: 'two-factor', tempToken: response.tempToken };
      }
      return completeLogin(response);
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
        if (isApiError(error) && (error.status === 400 || error.status === 401)) {
          throw new Error(LOGIN_MESSAGES.invalidCode);
        }
        throw new Error(errorMessageOf(error, LOGIN_MESSAGES.codeFailed));
      }
      if (!response.token || !isValidSessionUser(response.user)) {
        throw new Error(LOGIN_MESSAGES.codeFailed);
      }
      return completeLogin(response);
    },
  });
}

export type SignupOutcome =
  | { kind: 'signed-in' }
  | { kind: 'verify'; channel: 'email' | 'phone'; message: string; email?: string };

function signupOutcome(response: SignupResponse, input: SignupInput): SignupOutcome {
  if (response.token && isValidSessionUser(response.user)) {
    useAuthStore.getState().setSession(response.token, response.user, { isFirstLogin: true });
    return { kind: 'signed-in' };
  }
  const channel = response.requiresPhoneVerification ? 'phone' : 'email';
  return {
    kind: 'verify',
    channel,
    email: response.email ?? input.email,
    message:
      response.message ??
      (channel === 'phone'
        ? 'We sent a code to your phone. Enter it to finish signing up.'
        : 'We sent a confirmation link to your email. Open it to finish signing up.'),
  };
}

export function useSignupMutation() {
  return useMutation({
    mutationFn: async (input: SignupInput): Promise<SignupOutcome> => {
      try {
        return signupOutcome(await signup(input), input);
      } catch (error) {
        if (isApiError(error)) {
          // Spec §8: a user in the error body still counts as a successful signup.
          const data = error.data as SignupResponse | null;
          if (data && isValidSessionUser(data.user)) return signupOutcome(data, input);
          if (error.status === 409) {
            throw new Error(
              error.message !== DEFAULT_ERROR_MESSAGE ? error.message : SIGNUP_MESSAGES.emailTaken,
            );
          }
        }
        throw new Error(errorMessageOf(error, SIGNUP_MESSAGES.failed));
      }
    },
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      try {
        await forgotPassword(email.trim());
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Failed to send reset email'));
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
        throw new Error(errorMessageOf(error, 'Password reset failed'));
      }
    },
  });
}
