/** Auth calls of spec §7. Pure request functions; state changes happen in queries.ts. */
import type {
  AuthMessageResponse,
  LoginBody,
  LoginResponse,
  SignupBody,
  SignupResponse,
  VerifyEmailBody,
  VerifyPhoneBody,
  VerifyPhoneResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export type { LoginResponse, SignupResponse };

export type SignupInput = Pick<
  SignupBody,
  'username' | 'email' | 'password' | 'betaCode' | 'referralCode'
>;

/** The form takes "email or username"; the API wants one named field. */
export function loginBody(identifier: string, password: string): LoginBody {
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
  const body: SignupBody = {
    username: input.username,
    email: input.email,
    password: input.password,
    ...(input.betaCode ? { betaCode: input.betaCode } : {}),
    ...(input.referralCode ? { referralCode: input.referralCode } : {}),
  };
  return apiClient.post<SignupResponse>('/auth/signup', body, { token: null });
}

/** {email, code} from the mail, or {token} from its link. Logs the user in like a login. */
export function verifyEmail(body: VerifyEmailBody): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>('/auth/verify-email', body, { token: null });
}

export function resendVerification(email: string): Promise<AuthMessageResponse> {
  return apiClient.post<AuthMessageResponse>(
    '/auth/resend-verification',
    { email },
    { token: null },
  );
}

/** Works signed in (the account's phone) and right after signup (names the phone number). */
export function verifyPhone(body: VerifyPhoneBody): Promise<VerifyPhoneResponse> {
  return apiClient.post<VerifyPhoneResponse>('/auth/verify-phone', body);
}

export function forgotPassword(email: string): Promise<AuthMessageResponse> {
  return apiClient.post<AuthMessageResponse>('/auth/forgot-password', { email }, { token: null });
}

export function resetPassword(token: string, password: string): Promise<AuthMessageResponse> {
  return apiClient.post<AuthMessageResponse>(
    '/auth/reset-password',
    { token, password },
    { token: null },
  );
}

export function fetchCurrentUser(): Promise<unknown> {
  return apiClient.get<unknown>('/users/me');
}

export function logoutRequest(token: string): Promise<unknown> {
  return apiClient.post('/auth/logout', undefined, { token });
}
