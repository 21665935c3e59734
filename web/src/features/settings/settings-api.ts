/** Own-account calls of spec §7 Users and Auth (profile, security, sessions, creator settings). */
import type {
  AddSocialLinksBody,
  AuthMessageResponse,
  BackupCodesResponse,
  DeleteMeBody,
  MeUser,
  MessageResponse,
  PayoutSettingsBody,
  PayoutSettingsView,
  RevokeSessionsResponse,
  SessionsResponse,
  TwoFactorDisableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
  UpdateMeBody,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export type ProfileImageKind = 'avatar' | 'banner';

/** Spec §5: avatar and banner updates require a data-URL image; anything else is not sent. */
export function isDataUrlImage(value: unknown): value is string {
  return (
    typeof value === 'string' && /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]+$/i.test(value)
  );
}

export function updateMe(body: UpdateMeBody): Promise<MeUser> {
  return apiClient.put<MeUser>('/users/me', body);
}

/** Returns null without a request when `image` is not a data-URL image (spec §5). */
export async function uploadProfileImage(
  kind: ProfileImageKind,
  image: string,
): Promise<MeUser | null> {
  if (!isDataUrlImage(image)) return null;
  return apiClient.put<MeUser>(`/users/me/${kind}`, { image });
}

export function changePassword(
  currentPassword: string,
  newPassword: string,
): Promise<AuthMessageResponse> {
  return apiClient.post<AuthMessageResponse>('/users/me/change-password', {
    currentPassword,
    newPassword,
  });
}

// ---- two-factor ----

export function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return apiClient.get<TwoFactorStatus>('/auth/2fa/status');
}

export function setupTwoFactor(): Promise<TwoFactorSetupResponse> {
  return apiClient.post<TwoFactorSetupResponse>('/auth/2fa/setup');
}

export function enableTwoFactor(token: string): Promise<BackupCodesResponse> {
  return apiClient.post<BackupCodesResponse>('/auth/2fa/enable', { token });
}

export function disableTwoFactor(token: string): Promise<TwoFactorDisableResponse> {
  return apiClient.post<TwoFactorDisableResponse>('/auth/2fa/disable', { token });
}

export function regenerateBackupCodes(token?: string): Promise<BackupCodesResponse> {
  return apiClient.post<BackupCodesResponse>(
    '/users/2fa/backup-codes/regenerate',
    token ? { token } : {},
  );
}

// ---- sessions ----

export function fetchSessions(): Promise<SessionsResponse> {
  return apiClient.get<SessionsResponse>('/users/me/sessions');
}

export function revokeSession(id: string): Promise<RevokeSessionsResponse> {
  return apiClient.delete<RevokeSessionsResponse>(`/users/me/sessions/${encodeURIComponent(id)}`);
}

export function revokeOtherSessions(): Promise<RevokeSessionsResponse> {
  return apiClient.delete<RevokeSessionsResponse>('/users/me/sessions/all-others');
}

// ---- creator settings ----

export function setSubscriptionPrice(price: number): Promise<MeUser> {
  return apiClient.put<MeUser>('/users/me/subscription-price', { price });
}

export function fetchPayoutSettings(): Promise<PayoutSettingsView> {
  return apiClient.get<PayoutSettingsView>('/users/me/payout-settings');
}

export function savePayoutSettings(body: PayoutSettingsBody): Promise<PayoutSettingsView> {
  return apiClient.put<PayoutSettingsView>('/users/me/payout-settings', body);
}

export function addSocialLinks(socialLinks: AddSocialLinksBody['socialLinks']): Promise<MeUser> {
  return apiClient.post<MeUser>('/users/me/social-links', { socialLinks });
}

export function removeSocialLink(id: string): Promise<MeUser> {
  return apiClient.delete<MeUser>(`/users/me/social-links/${encodeURIComponent(id)}`);
}

// ---- account ----

export function deleteAccount(body: DeleteMeBody): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>('/users/me', { body });
}
