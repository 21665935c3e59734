import type { AnalyticsPeriod, ContentSort } from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  clearAssistantHistory,
  deleteInsight,
  fetchAssistantHistory,
  fetchAudience,
  fetchContent,
  fetchDashboard,
  fetchEngagement,
  fetchHelpArticle,
  fetchInsightHistory,
  fetchMonthlyInsight,
  fetchProfileViewers,
  fetchRealtime,
  generateInsight,
  sendAssistantMessage,
} from './api.ts';
import { pollUnlessFailed } from '../../lib/query-client.ts';

export const analyticsKeys = {
  all: ['analytics'] as const,
  dashboard: (p: AnalyticsPeriod) => [...analyticsKeys.all, 'dashboard', p] as const,
  engagement: (p: AnalyticsPeriod) => [...analyticsKeys.all, 'engagement', p] as const,
  audience: (p: AnalyticsPeriod) => [...analyticsKeys.all, 'audience', p] as const,
  content: (p: AnalyticsPeriod, s: ContentSort, page: number) =>
    [...analyticsKeys.all, 'content', p, s, page] as const,
  viewers: (page: number) => [...analyticsKeys.all, 'viewers', page] as const,
  insights: ['ai-insights'] as const,
  assistant: ['assistant'] as const,
};

export const useDashboard = (p: AnalyticsPeriod) =>
  useQuery({
    queryKey: analyticsKeys.dashboard(p),
    queryFn: () => fetchDashboard(p),
    placeholderData: keepPreviousData,
  });
export const useEngagement = (p: AnalyticsPeriod) =>
  useQuery({
    queryKey: analyticsKeys.engagement(p),
    queryFn: () => fetchEngagement(p),
    placeholderData: keepPreviousData,
  });
export const useAudience = (p: AnalyticsPeriod) =>
  useQuery({
    queryKey: analyticsKeys.audience(p),
    queryFn: () => fetchAudience(p),
    placeholderData: keepPreviousData,
  });
export const useContent = (p: AnalyticsPeriod, s: ContentSort, page: number) =>
  useQuery({
    queryKey: analyticsKeys.content(p, s, page),
    queryFn: () => fetchContent(p, s, page),
    placeholderData: keepPreviousData,
  });
export const useProfileViewers = (page: number) =>
  useQuery({
    queryKey: analyticsKeys.viewers(page),
    queryFn: () => fetchProfileViewers(page),
    placeholderData: keepPreviousData,
  });
export const useInsightHistory = () =>
  useQuery({ queryKey: analyticsKeys.insights, queryFn: fetchInsightHistory });
export const useHelpArticle = (id: string | null) =>
  useQuery({ queryKey: ['help', id], queryFn: () => fetchHelpArticle(id!), enabled: id !== null });

export function useGenerateInsight() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { period: AnalyticsPeriod } | { monthly: true }) =>
      'monthly' in input ? fetchMonthlyInsight() : generateInsight(input.period),
    onSuccess: () => qc.invalidateQueries({ queryKey: analyticsKeys.insights }),
    onError: () => toast.error('Could not generate insights. Please try again.'),
  });
}

export function useDeleteInsight() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteInsight,
    onSuccess: () => qc.invalidateQueries({ queryKey: analyticsKeys.insights }),
    onError: () => toast.error('Could not delete the insight.'),
  });
}

export const useAssistantHistory = () =>
  useQuery({ queryKey: analyticsKeys.assistant, queryFn: fetchAssistantHistory });

export function useAskAssistant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendAssistantMessage,
    onSuccess: () => qc.invalidateQueries({ queryKey: analyticsKeys.assistant }),
    onError: () => toast.error('The assistant could not answer. Please try again.'),
  });
}

export function useClearAssistant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: clearAssistantHistory,
    onSuccess: () => qc.invalidateQueries({ queryKey: analyticsKeys.assistant }),
  });
}

/** The last 30 minutes, refreshed every 30 seconds while the page is open. */
export const useRealtime = () =>
  useQuery({
    queryKey: [...analyticsKeys.all, 'realtime'],
    queryFn: fetchRealtime,
    refetchInterval: pollUnlessFailed(30_000),
  });
