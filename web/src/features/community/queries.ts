/** Query keys and hooks of the community pages and account tools. */
import {
  SITE_TOOLS_MESSAGES,
  type Suggestion,
  type SuggestionListResponse,
} from '@fanspace/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast/toast-store.ts';
import * as api from './api.ts';

export const communityKeys = {
  all: ['community'] as const,
  suggestions: (sort: 'top' | 'new') => [...communityKeys.all, 'suggestions', sort] as const,
  roadmap: () => [...communityKeys.all, 'roadmap'] as const,
  team: () => [...communityKeys.all, 'team'] as const,
  myDmca: () => [...communityKeys.all, 'dmca', 'mine'] as const,
  onboarding: () => [...communityKeys.all, 'onboarding'] as const,
  moderation: () => [...communityKeys.all, 'moderation'] as const,
  translation: () => [...communityKeys.all, 'translation-status'] as const,
  admin: () => [...communityKeys.all, 'admin'] as const,
};

export const useSuggestionsQuery = (sort: 'top' | 'new') =>
  useQuery({
    queryKey: communityKeys.suggestions(sort),
    queryFn: async () => {
      try {
        return await api.fetchSuggestions(sort);
      } catch (error) {
        // spec §8: the suggestions load failure toast
        toast.error(SITE_TOOLS_MESSAGES.loadSuggestionsFailed);
        throw error;
      }
    },
  });

/** A list with a just-created suggestion in the place its sort gives it (newest of its votes). */
export function withCreated(
  data: SuggestionListResponse,
  created: Suggestion,
  sort: 'top' | 'new',
): SuggestionListResponse {
  const rest = data.suggestions.filter((s) => s.id !== created.id);
  const at = sort === 'new' ? 0 : rest.findIndex((s) => s.votes <= created.votes);
  const index = at === -1 ? rest.length : at;
  return { suggestions: [...rest.slice(0, index), created, ...rest.slice(index)] };
}

export function useCreateSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.createSuggestion,
    onSuccess: (result) => {
      toast.success(result.message ?? SITE_TOOLS_MESSAGES.suggestionCreated);
      // the new idea (with its author's vote) shows at once, whatever the refetch takes
      for (const sort of ['top', 'new'] as const)
        queryClient.setQueryData<SuggestionListResponse>(communityKeys.suggestions(sort), (data) =>
          data ? withCreated(data, result.suggestion, sort) : data,
        );
      void queryClient.invalidateQueries({ queryKey: [...communityKeys.all, 'suggestions'] });
    },
    onError: () => toast.error(SITE_TOOLS_MESSAGES.submitSuggestionFailed),
  });
}

/** Votes are optimistic and roll back on error. */
export function useVoteSuggestion(sort: 'top' | 'new') {
  const queryClient = useQueryClient();
  const key = communityKeys.suggestions(sort);
  return useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => api.voteSuggestion(id, on),
    onMutate: async ({ id, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SuggestionListResponse>(key);
      queryClient.setQueryData<SuggestionListResponse>(key, (data) =>
        data
          ? {
              suggestions: data.suggestions.map((s) =>
                s.id === id && s.voted !== on
                  ? { ...s, voted: on, votes: s.votes + (on ? 1 : -1) }
                  : s,
              ),
            }
          : data,
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error('Failed to save your vote');
    },
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: [...communityKeys.all, 'suggestions'] }),
  });
}

export const useRoadmapQuery = () =>
  useQuery({ queryKey: communityKeys.roadmap(), queryFn: api.fetchRoadmap });
export const useTeamQuery = () =>
  useQuery({ queryKey: communityKeys.team(), queryFn: api.fetchTeam });
export const useMyDmcaQuery = () =>
  useQuery({ queryKey: communityKeys.myDmca(), queryFn: api.fetchMyDmca });
export const onboardingQueryOptions = () =>
  queryOptions({ queryKey: communityKeys.onboarding(), queryFn: api.fetchOnboarding });
export const useOnboardingQuery = (enabled = true) =>
  useQuery({ ...onboardingQueryOptions(), enabled });
export const useModerationQuery = () =>
  useQuery({ queryKey: communityKeys.moderation(), queryFn: api.fetchModerationStatus });

/** Whether the server translates: asked once per session, the button hides when not. */
export const useTranslationEnabled = () =>
  useQuery({
    queryKey: communityKeys.translation(),
    queryFn: api.fetchTranslationStatus,
    staleTime: Infinity,
    retry: false,
    select: (status) => status.enabled,
  });

export function useDismissOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.dismissOnboardingStep,
    onSuccess: (data) => queryClient.setQueryData(communityKeys.onboarding(), data),
    onError: () => toast.error('Could not hide this step'),
  });
}
