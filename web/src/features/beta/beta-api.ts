/** Beta gate calls (spec §7 Beta) and the waitlist (spec §7 Waitlist). */
import type {
  BetaFeature,
  BetaFeaturesResponse,
  BetaFeedbackBody,
  MessageResponse,
  VerifyBetaCodeResponse,
  WaitlistSignupBody,
  WaitlistSignupResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export function verifyBetaCode(code: string): Promise<VerifyBetaCodeResponse> {
  return apiClient.post<VerifyBetaCodeResponse>('/beta/verify-code', { code });
}

export async function fetchBetaFeatures(): Promise<BetaFeature[]> {
  return (await apiClient.get<BetaFeaturesResponse>('/beta/features')).features;
}

export function setBetaFeature(id: string, userEnabled: boolean): Promise<BetaFeature> {
  return apiClient.put<BetaFeature>(`/beta/features/${encodeURIComponent(id)}`, { userEnabled });
}

export function sendBetaFeedback(body: BetaFeedbackBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/beta/feedback', body);
}

export function inviteToBeta(email: string): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/beta/invite', { email });
}

export function joinWaitlist(body: WaitlistSignupBody): Promise<WaitlistSignupResponse> {
  return apiClient.post<WaitlistSignupResponse>('/waitlist/signup', body, { token: null });
}
