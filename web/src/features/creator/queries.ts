/**
 * Identity verification queries. While a submission is pending the status is re-checked; when
 * it says verified the current user is refreshed, which makes the account a creator (spec §4).
 */
import type { VerificationStatusResponse } from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { refreshCurrentUser } from '../auth/queries.ts';
import { useAuthStore } from '../auth/store.ts';
import { isCreatorUser } from '../auth/user.ts';
import {
  fetchVerificationStatus,
  submitVerification,
  type VerificationFiles,
} from './verification-api.ts';
import { pollUnlessFailed } from '../../lib/query-client.ts';

export const verificationKeys = {
  all: ['verification'] as const,
  status: () => [...verificationKeys.all, 'status'] as const,
};

export const PENDING_RECHECK_MS = 60_000;

export function useVerificationStatusQuery() {
  const query = useQuery({
    queryKey: verificationKeys.status(),
    queryFn: fetchVerificationStatus,
    refetchInterval: pollUnlessFailed(
      PENDING_RECHECK_MS,
      (data: VerificationStatusResponse | undefined) => data?.identityStatus === 'pending',
    ),
  });
  const status = query.data?.identityStatus;
  const user = useAuthStore((s) => s.user);
  const stale =
    status === 'verified' && (!isCreatorUser(user) || user?.identityStatus !== 'verified');

  useEffect(() => {
    if (stale) void refreshCurrentUser().catch(() => null);
  }, [stale]);

  return query;
}

export function useSubmitVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: VerificationFiles) => {
      if (!files.idFront || !files.selfieWithId) {
        throw new Error('Add the front of your ID and a selfie holding it.');
      }
      try {
        return await submitVerification(files);
      } catch (error) {
        throw new Error(
          errorMessageOf(error, 'Failed to submit your documents. Please try again.'),
        );
      }
    },
    onSuccess: (status: VerificationStatusResponse) => {
      queryClient.setQueryData(verificationKeys.status(), status);
      toast.success('Documents submitted. We will let you know once they are reviewed.');
      void refreshCurrentUser().catch(() => null);
    },
  });
}
