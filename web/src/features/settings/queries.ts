/**
 * Settings query keys and mutations: profile, notification and privacy settings, security
 * (password, 2FA, sessions), creator settings and account deletion. Toast texts are spec §5/§8.
 */
import type {
  MeUser,
  PayoutSettingsBody,
  SessionsResponse,
  UpdateMeBody,
} from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorCodeOf, errorDataOf, errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { authKeys, FormFailure, refreshCurrentUser } from '../auth/queries.ts';
import { useAuthStore } from '../auth/store.ts';
import { profileKeys } from '../profile/queries.ts';
import {
  addSocialLinks,
  changePassword,
  deleteAccount,
  disableTwoFactor,
  enableTwoFactor,
  fetchPayoutSettings,
  fetchSessions,
  fetchTwoFactorStatus,
  regenerateBackupCodes,
  removeSocialLink,
  revokeOtherSessions,
  revokeSession,
  savePayoutSettings,
  setSubscriptionPrice,
  setupTwoFactor,
  updateMe,
  uploadProfileImage,
  type ProfileImageKind,
} from './settings-api.ts';

export const settingsKeys = {
  all: ['settings'] as const,
  twoFactor: () => [...settingsKeys.all, 'two-factor'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  payout: () => [...settingsKeys.all, 'payout'] as const,
};

export const SETTINGS_TOASTS = {
  profile: 'Profile details updated!',
  bio: 'Bio updated!',
  username: 'Username updated!',
  profileFailed: 'Failed to update profile. Please try again.',
  notifications: 'Notification settings updated!',
  privacy: 'Privacy settings updated!',
  notLoggedIn: 'Not logged in.',
  passwordFailed: 'Failed to change password',
  accountDeleted: 'Account deleted successfully',
} as const;

/** Puts the server's view of the account into the store and the caches that show it. */
function useAcceptMe() {
  const queryClient = useQueryClient();
  return (user: MeUser) => {
    useAuthStore.getState().setUser(user);
    queryClient.setQueryData(authKeys.me(), user);
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  };
}

export interface ProfileDetails {
  displayName: string;
  username: string;
  bio: string;
}

export type ProfileField = keyof ProfileDetails;

/** Which fields differ from the saved account, compared as the server will store them. */
export function changedProfileFields(
  saved: Partial<MeUser> | null,
  next: ProfileDetails,
): ProfileField[] {
  const fields: ProfileField[] = [];
  if ((saved?.displayName ?? '') !== next.displayName.trim()) fields.push('displayName');
  if ((saved?.username ?? '') !== next.username.trim()) fields.push('username');
  if ((saved?.bio ?? '') !== next.bio.trim()) fields.push('bio');
  return fields;
}

/** Spec §5: 'Bio updated!' or 'Username updated!' when only that changed, else the general one. */
export function profileToastFor(changed: ProfileField[]): string {
  if (changed.length === 1 && changed[0] === 'bio') return SETTINGS_TOASTS.bio;
  if (changed.length === 1 && changed[0] === 'username') return SETTINGS_TOASTS.username;
  return SETTINGS_TOASTS.profile;
}

export function useUpdateProfileMutation() {
  const accept = useAcceptMe();
  return useMutation({
    mutationFn: async (next: ProfileDetails) => {
      const changed = changedProfileFields(useAuthStore.getState().user, next);
      const body: UpdateMeBody = {};
      if (changed.includes('displayName')) body.displayName = next.displayName.trim() || null;
      if (changed.includes('username')) body.username = next.username.trim();
      if (changed.includes('bio')) body.bio = next.bio.trim();
      const user = changed.length > 0 ? await updateMe(body) : null;
      return { user, changed };
    },
    onSuccess: ({ user, changed }) => {
      if (!user) return; // nothing changed, nothing to announce
      accept(user);
      toast.success(profileToastFor(changed));
    },
    onError: () => {
      toast.error(SETTINGS_TOASTS.profileFailed);
    },
  });
}

export const IMAGE_TOASTS: Record<ProfileImageKind, string> = {
  avatar: 'Profile picture updated!',
  banner: 'Banner updated!',
};

/** Avatar or banner from a data-URL image; anything else is refused before any request. */
export function useProfileImageMutation(kind: ProfileImageKind) {
  const accept = useAcceptMe();
  return useMutation({
    mutationFn: async (image: string) => {
      const user = await uploadProfileImage(kind, image);
      if (!user) throw new Error('Choose an image file (JPEG, PNG, WebP or GIF).');
      return user;
    },
    onSuccess: (user) => {
      accept(user);
      toast.success(IMAGE_TOASTS[kind]);
    },
    onError: (error) => {
      toast.error(
        error.message.startsWith('Choose') ? error.message : SETTINGS_TOASTS.profileFailed,
      );
    },
  });
}

/** Saves one of the stored settings objects (shallow-merged by the server). */
function useSettingsObjectMutation(
  field: 'preferences' | 'privacy',
  success: string,
  failure: string,
) {
  const accept = useAcceptMe();
  return useMutation({
    mutationFn: (value: Record<string, unknown>) => updateMe({ [field]: value }),
    onSuccess: (user) => {
      accept(user);
      toast.success(success);
    },
    onError: (error) => {
      toast.error(errorMessageOf(error, failure));
    },
  });
}

export function useNotificationSettingsMutation() {
  return useSettingsObjectMutation(
    'preferences',
    SETTINGS_TOASTS.notifications,
    'Failed to update notification settings.',
  );
}

export function usePrivacySettingsMutation() {
  return useSettingsObjectMutation(
    'privacy',
    SETTINGS_TOASTS.privacy,
    'Failed to update privacy settings.',
  );
}

export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      const { token, isAuthenticated } = useAuthStore.getState();
      if (!token || !isAuthenticated) throw new Error(SETTINGS_TOASTS.notLoggedIn);
      try {
        return await changePassword(input.currentPassword, input.newPassword);
      } catch (error) {
        throw new Error(errorMessageOf(error, SETTINGS_TOASTS.passwordFailed));
      }
    },
    onSuccess: () => {
      toast.success('Password changed. Your other sessions were signed out.');
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    },
  });
}

// ---- two-factor ----

export function useTwoFactorStatusQuery() {
  return useQuery({ queryKey: settingsKeys.twoFactor(), queryFn: fetchTwoFactorStatus });
}

export function useSetupTwoFactorMutation() {
  return useMutation({
    mutationFn: async () => {
      try {
        return await setupTwoFactor();
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Could not start two-factor setup.'));
      }
    },
  });
}

/** Enable and disable change the account: refresh the status and the stored user. */
function useTwoFactorChange<T>(run: (code: string) => Promise<T>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const token = code.replace(/\s/g, '');
      if (token === '') throw new Error('Please enter your 2FA code.');
      try {
        return await run(token);
      } catch (error) {
        throw new Error(errorMessageOf(error, failure));
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor() });
      // the stored user (twoFactorEnabled) has no query observing authKeys.me(): re-read it
      void refreshCurrentUser().catch(() => null);
    },
  });
}

export function useEnableTwoFactorMutation() {
  return useTwoFactorChange(enableTwoFactor, 'Invalid 2FA code');
}

export function useDisableTwoFactorMutation() {
  return useTwoFactorChange(disableTwoFactor, 'Invalid 2FA code');
}

export function useRegenerateBackupCodesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code?: string) => {
      try {
        return await regenerateBackupCodes(code?.replace(/\s/g, '') || undefined);
      } catch (error) {
        // TWO_FACTOR_REQUIRED: the session is older than 15 minutes and must confirm with a code.
        throw new FormFailure(errorMessageOf(error, 'Could not create new backup codes.'), {
          code: errorCodeOf(error),
        });
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor() }),
  });
}

// ---- sessions ----

export function useSessionsQuery() {
  return useQuery({ queryKey: settingsKeys.sessions(), queryFn: fetchSessions });
}

/** Revoking is optimistic: the row goes at once and comes back if the server refuses. */
export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  const key = settingsKeys.sessions();
  return useMutation({
    mutationFn: (id: string) => revokeSession(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SessionsResponse>(key);
      if (previous) {
        queryClient.setQueryData<SessionsResponse>(key, {
          sessions: previous.sessions.filter((s) => s.id !== id),
        });
      }
      return { previous };
    },
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(errorMessageOf(error, 'Could not sign out that session.'));
    },
    onSuccess: () => toast.success('Session signed out.'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: (result) => {
      toast.success(
        result.revokedCount === 1
          ? 'Signed out 1 other session.'
          : `Signed out ${result.revokedCount} other sessions.`,
      );
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Could not sign out other sessions.')),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}

// ---- creator settings ----

export function useSubscriptionPriceMutation() {
  const accept = useAcceptMe();
  return useMutation({
    mutationFn: (price: number) => setSubscriptionPrice(price),
    onSuccess: (user) => {
      accept(user);
      toast.success('Subscription price updated!');
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to update subscription price.')),
  });
}

export function usePayoutSettingsQuery(enabled = true) {
  return useQuery({ queryKey: settingsKeys.payout(), queryFn: fetchPayoutSettings, enabled });
}

export function useSavePayoutSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PayoutSettingsBody) => {
      try {
        return await savePayoutSettings(body);
      } catch (error) {
        // the server names the field it refused (an IBAN with wrong check digits…): the form
        // shows its message there
        throw new FormFailure(errorMessageOf(error, 'Failed to save payout settings.'), {
          field: errorDataOf(error).field,
          code: errorCodeOf(error),
        });
      }
    },
    onSuccess: (view) => {
      queryClient.setQueryData(settingsKeys.payout(), view);
      toast.success('Payout settings saved!');
    },
  });
}

export function useAddSocialLinkMutation() {
  const accept = useAcceptMe();
  return useMutation({
    mutationFn: async (link: { platform: string; url: string }) => {
      const before = useAuthStore.getState().user?.socialLinks.length ?? 0;
      try {
        const user = await addSocialLinks([link]);
        // the server skips a link the profile already has (same platform and address)
        return { user, added: user.socialLinks.length > before };
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Failed to add the link.'));
      }
    },
    onSuccess: ({ user, added }) => {
      accept(user);
      if (added) toast.success('Link added!');
      else toast.info('That link is already on your profile.');
    },
  });
}

/** Optimistic: the link disappears at once and comes back if the server refuses. */
export function useRemoveSocialLinkMutation() {
  const accept = useAcceptMe();
  return useMutation({
    mutationFn: (id: string) => removeSocialLink(id),
    onMutate: (id) => {
      const previous = useAuthStore.getState().user;
      if (previous) {
        useAuthStore.getState().setUser({
          ...previous,
          socialLinks: previous.socialLinks.filter((link) => link.id !== id),
        });
      }
      return { previous };
    },
    onError: (error, _id, context) => {
      if (context?.previous) useAuthStore.getState().setUser(context.previous);
      toast.error(errorMessageOf(error, 'Failed to remove the link.'));
    },
    onSuccess: (user) => accept(user),
  });
}

// ---- account ----

/** Spec §4 Account deletion: toast, log out, clear the local keys, go to /login. */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: async (input: { password?: string; confirmation?: string }) => {
      try {
        return await deleteAccount(input);
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Failed to delete your account. Please try again.'));
      }
    },
    onSuccess: async () => {
      toast.success(SETTINGS_TOASTS.accountDeleted);
      await useAuthStore.getState().logout('deleted');
    },
  });
}
