/** Analytics, insights and the assistant (spec §7 Analytics, AI insights, the AI assistant chat). */
import type {
  AnalyticsAudience,
  AnalyticsContent,
  AnalyticsDashboard,
  AnalyticsEngagement,
  AnalyticsPeriod,
  AnalyticsRealtime,
  AssistantChatResponse,
  AssistantHistory,
  ContentSort,
  HelpArticle,
  Insight,
  InsightHistory,
  ProfileViewersResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export const fetchDashboard = (period: AnalyticsPeriod) =>
  apiClient.get<AnalyticsDashboard>('/analytics/v2/dashboard', { query: { period } });
export const fetchEngagement = (period: AnalyticsPeriod) =>
  apiClient.get<AnalyticsEngagement>('/analytics/engagement', { query: { period } });
export const fetchAudience = (period: AnalyticsPeriod) =>
  apiClient.get<AnalyticsAudience>('/analytics/audience', { query: { period } });
export const fetchContent = (period: AnalyticsPeriod, sort: ContentSort, page: number) =>
  apiClient.get<AnalyticsContent>('/analytics/content', {
    query: { period, sort, page, limit: 10 },
  });
export const fetchProfileViewers = (page: number) =>
  apiClient.get<ProfileViewersResponse>('/analytics/profile-viewers', { query: { page } });
export const fetchInsightHistory = () =>
  apiClient.get<InsightHistory>('/ai-insights/history', { query: { limit: 5 } });
export const generateInsight = (period: AnalyticsPeriod) =>
  apiClient.post<Insight>('/ai-insights/generate', { period });
export const fetchMonthlyInsight = () => apiClient.get<Insight>('/ai-insights/monthly');
export const deleteInsight = (id: string) =>
  apiClient.delete<{ ok: true }>(`/ai-insights/${encodeURIComponent(id)}`);
export const logAnalyticsAccess = (kind: 'authorized' | 'unauthorized', resource: string) =>
  apiClient.post(`/analytics/${kind}-access`, { resource });
export const fetchAssistantHistory = () => apiClient.get<AssistantHistory>('/assistant/messages');
export const sendAssistantMessage = (message: string) =>
  apiClient.post<AssistantChatResponse>('/assistant/chat', { message });
export const clearAssistantHistory = () => apiClient.delete<{ ok: true }>('/assistant/messages');
export const fetchHelpArticle = (id: string) =>
  apiClient.get<HelpArticle>(`/assistant/articles/${encodeURIComponent(id)}`);
/** the CSV download is a plain link (the session cookie carries the auth) */
export const exportUrl = (period: AnalyticsPeriod) => `/api/analytics/v2/export?period=${period}`;
export const fetchRealtime = () => apiClient.get<AnalyticsRealtime>('/analytics/v2/realtime');
