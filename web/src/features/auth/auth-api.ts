/** Auth calls of spec §7. Pure request functions; state changes happen in queries.ts. */
import { apiClient } from '../../lib/api/index.ts';
import type { SessionUser } from './user.ts';

export interface LoginResponse {
  token?: string;
  user?: SessionUser;
  twoFactorRequired?: boolean;
  tempToken?: string;
  isFirstLogin?: boolean;
}

export interface SignupInput {
  username: string;
  email: string;
  password: string;
}

export interface SignupResponse {
  token?: string;
  user?: SessionUser;
  requiresVerification?: boolean;
  requiresPhoneVerification?: boolean;
  requiresEmailVerification?: boolean;
  message?: string;
  email?: string;
  phoneNumber?: string;
  pendingSignupId?: string;
}

/** The form takes "email or username"; the API wants one named field. */
export function loginBody(identifier: string, password: string) {
  const id = identifier.trim();
  return id.includes('@') ? { email: id, password } : { username: id, password };
}

export function login(identifier: string, password: string): Promise<LoginResponse> {
  // No bearer: a stale token from an old session must not ride along with a fresh login.
  return apiClient.post<LoginResponse>('/auth/login', loginBody(identifier, password), {
    token: null,
  });
}

/** Second factor: the bearer is the temp token from the login response (spec §7). */
export function verifyLogin(code: string, tempToken: string): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>('/auth/verify-login', { code }, { token: tempToken });
}

export function signup(input: SignupInput): Promise<SignupResponse> {
  return apiClient.post<SignupResponse>('/auth/signup', input, { token: null });
}

export function forgotPassword(email: string): Promise<unknown> {
  return apiClient.post('/auth/forgot-password', { email }, { token: null });
}

export function resetPassword(token: string, password: string): Promise<unknown> {
  return apiClient.post('/auth/reset-password', { token, password }, { token: null });
}

export function fetchCurrentUser(): Promise<unknown> {
  return apiClient.get<unknown>('/users/me');
}

export function logoutRequest(token: string): Promise<unknown> {
  return apiClient.post('/auth/logout', undefined, { token });
}
