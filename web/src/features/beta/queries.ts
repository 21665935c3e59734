/** Beta query keys and mutations; feature switches are optimistic and roll back on error. */
import type { BetaFeature, WaitlistSignupBody } from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { refreshCurrentUser } from '../auth/queries.ts';
import { useAuthStore } from '../auth/store.ts';
import { useBetaAccess } from './beta-access.ts';
import {
  fetchBetaFeatures,
  inviteToBeta,
  joinWaitlist,
  sendBetaFeedback,
  setBetaFeature,
  verifyBetaCode,
} from './beta-api.ts';

export const betaKeys = {
  all: ['beta'] as const,
  features: () => [...betaKeys.all, 'features'] as const,
};

export function useVerifyBetaCodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const trimmed = code.trim();
      if (trimmed === '') throw new Error('Enter your beta access code.');
      try {
        return await verifyBetaCode(trimmed);
      } catch (error) {
        throw new Error(errorMessageOf(error, 'That code did not work.'));
      }
    },
    onSuccess: (result) => {
      useBetaAccess.getState().grant();
      toast.success(result.message || 'Welcome to the beta!');
      void queryClient.invalidateQueries({ queryKey: betaKeys.features() });
      if (useAuthStore.getState().isAuthenticated) void refreshCurrentUser().catch(() => null);
    },
  });
}

export function useBetaFeaturesQuery() {
  return useQuery({ queryKey: betaKeys.features(), queryFn: fetchBetaFeatures });
}

export function useToggleBetaFeatureMutation() {
  const queryClient = useQueryClient();
  const key = betaKeys.features();
  return useMutation({
    mutationFn: ({ id, userEnabled }: { id: string; userEnabled: boolean }) =>
      setBetaFeature(id, userEnabled),
    onMutate: async ({ id, userEnabled }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BetaFeature[]>(key);
      queryClient.setQueryData<BetaFeature[]>(key, (old) =>
        old?.map((f) => (f.id === id ? { ...f, userEnabled } : f)),
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(errorMessageOf(error, 'Could not change that feature.'));
    },
    onSuccess: (feature) => {
      queryClient.setQueryData<BetaFeature[]>(key, (old) =>
        old?.map((f) => (f.id === feature.id ? feature : f)),
      );
    },
  });
}

export function useBetaFeedbackMutation() {
  return useMutation({
    mutationFn: async (input: { featureId?: string; message: string }) => {
      const message = input.message.trim();
      if (message === '') throw new Error('Write a few words first.');
      try {
        return await sendBetaFeedback({
          message,
          ...(input.featureId ? { featureId: input.featureId } : {}),
        });
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Could not send your feedback.'));
      }
    },
    onSuccess: (result) => toast.success(result.message || 'Thanks for your feedback!'),
  });
}

export function useBetaInviteMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      try {
        return await inviteToBeta(email.trim());
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Could not send the invitation.'));
      }
    },
    onSuccess: (result) => toast.success(result.message || 'Invitation sent'),
  });
}

export function useJoinWaitlistMutation() {
  return useMutation({
    mutationFn: async (body: WaitlistSignupBody) => {
      try {
        return await joinWaitlist({ ...body, email: body.email.trim() });
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Could not join the waitlist. Please try again.'));
      }
    },
  });
}
