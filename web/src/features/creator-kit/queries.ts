/**
 * Creator kit queries: one key factory, read hooks and mutations that refresh their lists and
 * toast failures with the server's message.
 */
import type { TemplateType } from '@fanspace/contracts';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { automationApi, collaborationsApi, notesApi, templatesApi, widgetsApi } from './api.ts';

export const kitKeys = {
  all: ['creator-kit'] as const,
  notes: (userId: string) => [...kitKeys.all, 'notes', userId] as const,
  templates: (type?: TemplateType) => [...kitKeys.all, 'templates', type ?? 'all'] as const,
  templatesAll: () => [...kitKeys.all, 'templates'] as const,
  myWidgets: () => [...kitKeys.all, 'widgets', 'mine'] as const,
  userWidgets: (userId: string) => [...kitKeys.all, 'widgets', 'user', userId] as const,
  rules: () => [...kitKeys.all, 'rules'] as const,
  runs: (ruleId: string) => [...kitKeys.all, 'runs', ruleId] as const,
  collaborations: () => [...kitKeys.all, 'collaborations'] as const,
};

/** A mutation that toasts `failure` (or the server's text) and refreshes `keys` on success. */
function useKitMutation<TArgs, TResult>(
  run: (args: TArgs) => Promise<TResult>,
  keys: QueryKey[],
  failure: string,
  success?: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      if (success) toast.success(success);
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (error) => toast.error(errorMessageOf(error, failure)),
  });
}

// ---- notes ----
export const useNotesAbout = (userId: string, enabled = true) =>
  useQuery({
    queryKey: kitKeys.notes(userId),
    queryFn: () => notesApi.about(userId),
    enabled,
  });
export const useCreateNote = (userId: string) =>
  useKitMutation(
    (note: string) => notesApi.create(userId, note),
    [kitKeys.notes(userId)],
    'Failed to save note',
  );
export const useUpdateNote = (userId: string) =>
  useKitMutation(
    ({ id, note }: { id: string; note: string }) => notesApi.update(id, note),
    [kitKeys.notes(userId)],
    'Failed to save note',
  );
export const useDeleteNote = (userId: string) =>
  useKitMutation(
    (id: string) => notesApi.remove(id),
    [kitKeys.notes(userId)],
    'Failed to delete note',
  );

// ---- templates ----
export const useTemplates = (type?: TemplateType, enabled = true) =>
  useQuery({ queryKey: kitKeys.templates(type), queryFn: () => templatesApi.list(type), enabled });
export const useSaveTemplate = () =>
  useKitMutation(
    (args: Parameters<typeof templatesApi.create>[0] & { id?: string }) => {
      const { id, type, ...rest } = args;
      return id ? templatesApi.update(id, rest) : templatesApi.create({ type, ...rest });
    },
    [kitKeys.templatesAll()],
    'Failed to save template',
    'Template saved',
  );
export const useDeleteTemplate = () =>
  useKitMutation(
    (id: string) => templatesApi.remove(id),
    [kitKeys.templatesAll()],
    'Failed to delete template',
  );

// ---- widgets ----
export const useMyWidgets = () =>
  useQuery({ queryKey: kitKeys.myWidgets(), queryFn: widgetsApi.mine });
/** A profile's widgets (the profile page, and its prefetch: profile/prefetch.ts). */
export const userWidgetsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: kitKeys.userWidgets(userId),
    queryFn: () => widgetsApi.ofUser(userId),
  });
export const useUserWidgets = (userId: string | undefined) =>
  useQuery({ ...userWidgetsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
const widgetKeys = [kitKeys.myWidgets(), [...kitKeys.all, 'widgets', 'user']];
export const useCreateWidget = () =>
  useKitMutation(widgetsApi.create, widgetKeys, 'Failed to add widget', 'Widget added');
export const useUpdateWidget = () =>
  useKitMutation(
    ({ id, ...body }: Parameters<typeof widgetsApi.update>[1] & { id: string }) =>
      widgetsApi.update(id, body),
    widgetKeys,
    'Failed to update widget',
  );
export const useDeleteWidget = () =>
  useKitMutation(widgetsApi.remove, widgetKeys, 'Failed to remove widget');
export const useReorderWidgets = () =>
  useKitMutation(widgetsApi.reorder, widgetKeys, 'Failed to reorder widgets');

// ---- automation ----
export const useRules = (enabled = true) =>
  useQuery({ queryKey: kitKeys.rules(), queryFn: automationApi.list, enabled });
export const useRuleRuns = (ruleId: string | null) =>
  useQuery({
    queryKey: kitKeys.runs(ruleId ?? ''),
    queryFn: () => automationApi.runs(ruleId!),
    enabled: ruleId !== null,
  });
export const useSaveRule = () =>
  useKitMutation(
    (args: Parameters<typeof automationApi.create>[0] & { id?: string }) => {
      const { id, ...body } = args;
      return id ? automationApi.update(id, body) : automationApi.create(body);
    },
    [kitKeys.rules()],
    'Failed to save rule',
    'Rule saved',
  );
export const useToggleRule = () =>
  useKitMutation(
    ({ id, enabled }: { id: string; enabled: boolean }) => automationApi.update(id, { enabled }),
    [kitKeys.rules()],
    'Failed to update rule',
  );
export const useDeleteRule = () =>
  useKitMutation(automationApi.remove, [kitKeys.rules()], 'Failed to delete rule');

// ---- collaborations ----
export const useCollaborations = () =>
  useQuery({ queryKey: kitKeys.collaborations(), queryFn: collaborationsApi.list });
export const useInviteCollaborator = () =>
  useKitMutation(
    collaborationsApi.invite,
    [kitKeys.collaborations()],
    'Failed to send invite',
    'Invite sent',
  );
export const useAnswerCollaboration = () =>
  useKitMutation(
    ({ id, accept }: { id: string; accept: boolean }) =>
      accept ? collaborationsApi.accept(id) : collaborationsApi.decline(id),
    [kitKeys.collaborations()],
    'Failed to answer invite',
  );
export const useEndCollaboration = () =>
  useKitMutation(
    collaborationsApi.remove,
    [kitKeys.collaborations()],
    'Failed to end collaboration',
  );
