/**
 * Community pages, rights notices and account tools (spec §7 "Other families": suggestions,
 * roadmap, team, contact, feedback, rights/DMCA, onboarding, moderation, translation).
 */
import type {
  AdminDmcaPage,
  AdminDmcaUpdateBody,
  AdminSuggestionPage,
  AdminSuggestionUpdateBody,
  ContactBody,
  ContactMessagesPage,
  ContactResponse,
  DmcaCounterNoticeBody,
  DmcaMineResponse,
  DmcaNoticeBody,
  DmcaNoticeResponse,
  DmcaSubmittedResponse,
  ModerationStatusResponse,
  OkResponse,
  OnboardingResponse,
  RoadmapItemBody,
  RoadmapItemResponse,
  RoadmapResponse,
  SiteFeedbackBody,
  SiteFeedbackCreatedResponse,
  SiteFeedbackPage,
  SuggestionListResponse,
  SuggestionResponse,
  TeamResponse,
  TranslateBody,
  TranslateResponse,
  TranslationStatusResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

const id = (value: string) => encodeURIComponent(value);

export const fetchSuggestions = (sort: 'top' | 'new') =>
  apiClient.get<SuggestionListResponse>('/suggestions', { query: { sort } });
export const createSuggestion = (body: { title: string; description?: string }) =>
  apiClient.post<SuggestionResponse>('/suggestions', body);
export const voteSuggestion = (suggestionId: string, on: boolean) =>
  on
    ? apiClient.post<SuggestionResponse>(`/suggestions/${id(suggestionId)}/vote`)
    : apiClient.delete<SuggestionResponse>(`/suggestions/${id(suggestionId)}/vote`);

export const fetchRoadmap = () => apiClient.get<RoadmapResponse>('/roadmap');
export const fetchTeam = () => apiClient.get<TeamResponse>('/team');
export const sendContact = (body: ContactBody) => apiClient.post<ContactResponse>('/contact', body);
export const sendFeedback = (body: SiteFeedbackBody) =>
  apiClient.post<SiteFeedbackCreatedResponse>('/feedback', body);

export const submitDmca = (body: DmcaNoticeBody) =>
  apiClient.post<DmcaSubmittedResponse>('/dmca', body);
export const fetchMyDmca = () => apiClient.get<DmcaMineResponse>('/dmca/mine');
export const sendCounterNotice = (noticeId: string, body: DmcaCounterNoticeBody) =>
  apiClient.post<DmcaNoticeResponse>(`/dmca/${id(noticeId)}/counter-notice`, body);

export const fetchOnboarding = () => apiClient.get<OnboardingResponse>('/onboarding');
export const dismissOnboardingStep = (step: string) =>
  apiClient.post<OnboardingResponse>(`/onboarding/steps/${id(step)}/dismiss`);
export const fetchModerationStatus = () =>
  apiClient.get<ModerationStatusResponse>('/moderation/status');

export const fetchTranslationStatus = () =>
  apiClient.get<TranslationStatusResponse>('/translation/status');
export const translate = (body: TranslateBody) =>
  apiClient.post<TranslateResponse>('/translation/translate', body);

// ---- back office ----
export const fetchAdminDmca = (page: number, status?: string) =>
  apiClient.get<AdminDmcaPage>('/admin/dmca', {
    query: { page, limit: 20, ...(status ? { status } : {}) },
  });
export const updateAdminDmca = (noticeId: string, body: AdminDmcaUpdateBody) =>
  apiClient.put<DmcaNoticeResponse>(`/admin/dmca/${id(noticeId)}`, body);
export const fetchAdminContact = (page: number) =>
  apiClient.get<ContactMessagesPage>('/admin/contact', { query: { page, limit: 20 } });
export const fetchAdminFeedback = (page: number) =>
  apiClient.get<SiteFeedbackPage>('/admin/feedback', { query: { page, limit: 20 } });
export const createRoadmapItem = (body: RoadmapItemBody) =>
  apiClient.post<RoadmapItemResponse>('/admin/roadmap', body);
export const updateRoadmapItem = (itemId: string, body: Partial<RoadmapItemBody>) =>
  apiClient.put<RoadmapItemResponse>(`/admin/roadmap/${id(itemId)}`, body);
export const deleteRoadmapItem = (itemId: string) =>
  apiClient.delete<OkResponse>(`/admin/roadmap/${id(itemId)}`);
export const fetchAdminSuggestions = (page: number, status?: string) =>
  apiClient.get<AdminSuggestionPage>('/admin/suggestions', {
    query: { page, limit: 20, ...(status ? { status } : {}) },
  });
export const updateAdminSuggestion = (suggestionId: string, body: AdminSuggestionUpdateBody) =>
  apiClient.put<SuggestionResponse>(`/admin/suggestions/${id(suggestionId)}`, body);
