/** Model release queries: the creator's list (shared with the composer's picker) and mutations. */
import type { ModelRelease } from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  createPendingRelease,
  createRelease,
  fetchConsent,
  fetchReleases,
  revokeRelease,
  signConsent,
  type ModelPartInput,
  type ReleaseFiles,
} from './api.ts';

export const releaseKeys = {
  all: ['releases'] as const,
  list: () => [...releaseKeys.all, 'list'] as const,
  consent: (token: string) => [...releaseKeys.all, 'consent', token] as const,
};

export function useReleasesQuery(enabled = true) {
  return useQuery({
    queryKey: releaseKeys.list(),
    queryFn: async () => (await fetchReleases()).releases,
    enabled,
  });
}

/** Releases a post may name: signed ones only (the server refuses the rest). */
export const signedReleases = (releases: ModelRelease[] | undefined) =>
  (releases ?? []).filter((r) => r.status === 'signed');

export function useCreateReleaseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      model: ModelPartInput;
      creatorSignatureDataUrl: string;
      files: ReleaseFiles;
    }) => {
      try {
        return await createRelease(input.model, input.creatorSignatureDataUrl, input.files);
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Failed to save the model release.'));
      }
    },
    onSuccess: () => {
      toast.success('Model release saved');
      void queryClient.invalidateQueries({ queryKey: releaseKeys.list() });
    },
  });
}

export function useInviteReleaseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (modelName: string) => {
      try {
        return await createPendingRelease(modelName);
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Failed to create the consent link.'));
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: releaseKeys.list() }),
  });
}

export function useRevokeReleaseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeRelease(id),
    onSuccess: () => {
      toast.success('Model release revoked');
      void queryClient.invalidateQueries({ queryKey: releaseKeys.list() });
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to revoke the model release.')),
  });
}

export function useConsentQuery(token: string) {
  return useQuery({
    queryKey: releaseKeys.consent(token),
    queryFn: () => fetchConsent(token),
    retry: false,
  });
}

export function useSignConsentMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { model: ModelPartInput; files: ReleaseFiles }) => {
      try {
        return await signConsent(token, input.model, input.files);
      } catch (error) {
        throw new Error(errorMessageOf(error, 'Failed to sign the release. Please try again.'));
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: releaseKeys.consent(token) }),
  });
}
