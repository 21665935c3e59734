/** Onboarding: POST /users/me/complete-onboarding marks the account as set up (spec §7). */
import type { MeUser } from '@fanspace/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient, errorMessageOf } from '../../lib/api/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { authKeys } from '../auth/queries.ts';
import { useAuthStore } from '../auth/store.ts';

export function completeOnboarding(): Promise<MeUser> {
  return apiClient.post<MeUser>('/users/me/complete-onboarding');
}

export function useCompleteOnboardingMutation() {
  return useMutation({
    mutationFn: async () => {
      try {
        return await completeOnboarding();
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Could not finish setting up. Please try again.'));
      }
    },
    onSuccess: (user) => {
      const store = useAuthStore.getState();
      store.setUser(user);
      // Onboarding already offered creators to follow; the first-login modal would repeat it.
      store.acknowledgeFirstLogin();
      queryClient.setQueryData(authKeys.me(), user);
    },
  });
}
