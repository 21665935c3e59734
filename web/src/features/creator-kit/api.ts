/**
 * The creator kit's calls (our paths; SPEC §7 "Other families"): creator notes, templates,
 * profile widgets, automation rules and collaborations.
 */
import type {
  AutomationRule,
  AutomationRulesResponse,
  AutomationRunsResponse,
  Collaboration,
  CollaborationsResponse,
  CreateAutomationRuleBody,
  CreateCollaborationBody,
  CreateTemplateBody,
  CreateWidgetBody,
  CreatorNote,
  CreatorNotesResponse,
  KitOk,
  Template,
  TemplatesResponse,
  TemplateType,
  UpdateAutomationRuleBody,
  UpdateTemplateBody,
  UpdateWidgetBody,
  Widget,
  WidgetsResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

const id = (value: string) => encodeURIComponent(value);

export const notesApi = {
  about: (userId: string) =>
    apiClient.get<CreatorNotesResponse>(`/creator-notes/user/${id(userId)}`),
  create: (userId: string, note: string) =>
    apiClient.post<CreatorNote>('/creator-notes', { userId, note }),
  update: (noteId: string, note: string) =>
    apiClient.put<CreatorNote>(`/creator-notes/${id(noteId)}`, { note }),
  remove: (noteId: string) => apiClient.delete<KitOk>(`/creator-notes/${id(noteId)}`),
};

export const templatesApi = {
  list: (type?: TemplateType) =>
    apiClient.get<TemplatesResponse>('/templates', { query: type ? { type } : {} }),
  create: (body: CreateTemplateBody) => apiClient.post<Template>('/templates', body),
  update: (templateId: string, body: UpdateTemplateBody) =>
    apiClient.put<Template>(`/templates/${id(templateId)}`, body),
  remove: (templateId: string) => apiClient.delete<KitOk>(`/templates/${id(templateId)}`),
};

export const widgetsApi = {
  mine: () => apiClient.get<WidgetsResponse>('/widgets'),
  ofUser: (userId: string) => apiClient.get<WidgetsResponse>(`/widgets/user/${id(userId)}`),
  create: (body: CreateWidgetBody) => apiClient.post<Widget>('/widgets', body),
  update: (widgetId: string, body: UpdateWidgetBody) =>
    apiClient.put<Widget>(`/widgets/${id(widgetId)}`, body),
  remove: (widgetId: string) => apiClient.delete<KitOk>(`/widgets/${id(widgetId)}`),
  reorder: (ids: string[]) => apiClient.put<WidgetsResponse>('/widgets/reorder', { ids }),
};

export const automationApi = {
  list: () => apiClient.get<AutomationRulesResponse>('/automation-rules'),
  create: (body: CreateAutomationRuleBody) =>
    apiClient.post<AutomationRule>('/automation-rules', body),
  update: (ruleId: string, body: UpdateAutomationRuleBody) =>
    apiClient.put<AutomationRule>(`/automation-rules/${id(ruleId)}`, body),
  remove: (ruleId: string) => apiClient.delete<KitOk>(`/automation-rules/${id(ruleId)}`),
  runs: (ruleId: string) =>
    apiClient.get<AutomationRunsResponse>(`/automation-rules/${id(ruleId)}/runs`, {
      query: { limit: 50 },
    }),
};

export const collaborationsApi = {
  list: () => apiClient.get<CollaborationsResponse>('/collaborations'),
  invite: (body: CreateCollaborationBody) => apiClient.post<Collaboration>('/collaborations', body),
  accept: (collabId: string) =>
    apiClient.post<Collaboration>(`/collaborations/${id(collabId)}/accept`),
  decline: (collabId: string) =>
    apiClient.post<Collaboration>(`/collaborations/${id(collabId)}/decline`),
  remove: (collabId: string) => apiClient.delete<KitOk>(`/collaborations/${id(collabId)}`),
};
