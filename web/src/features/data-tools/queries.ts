/** Data tools query keys and hooks. Jobs are polled while any of them is still running. */
import type {
  ConsentBody,
  DataExportsPage,
  DataImportsPage,
  DataExportBody,
  DataImportType,
  RetentionSettingsBody,
} from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clearApiCache, errorMessageOf } from '../../lib/api/index.ts';
import { formatBytes } from '../../lib/read-file.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { refreshCurrentUser } from '../auth/queries.ts';
import { profileKeys } from '../profile/queries.ts';
import {
  cancelDeletion,
  cancelImport,
  cleanupData,
  clearServerCache,
  deleteExport,
  fetchConsent,
  fetchDeletionRequest,
  fetchExports,
  fetchImports,
  fetchRetention,
  fetchStorageUsage,
  optimizeStorage,
  recordConsent,
  requestDeletion,
  requestExport,
  saveRetention,
  startImport,
} from './api.ts';
import { useDataStore } from './store.ts';
import { plural } from '../../lib/plural.ts';
import { pollUnlessFailed } from '../../lib/query-client.ts';

export const dataKeys = {
  all: ['data-tools'] as const,
  exports: () => [...dataKeys.all, 'exports'] as const,
  imports: () => [...dataKeys.all, 'imports'] as const,
  storage: () => [...dataKeys.all, 'storage'] as const,
  retention: () => [...dataKeys.all, 'retention'] as const,
  deletion: () => [...dataKeys.all, 'deletion'] as const,
  consent: () => [...dataKeys.all, 'consent'] as const,
};

export const JOB_POLL_MS = 1_500;
const running = (jobs: Array<{ status: string }> | undefined) =>
  jobs?.some((j) => j.status === 'pending' || j.status === 'processing') ?? false;

export const useExportsQuery = () =>
  useQuery({
    queryKey: dataKeys.exports(),
    queryFn: fetchExports,
    refetchInterval: pollUnlessFailed(JOB_POLL_MS, (data: DataExportsPage | undefined) =>
      running(data?.exports),
    ),
  });

/** Imports started or seen running in this tab, until they are seen finished. */
const watchedImports = new Set<string>();

export function useImportsQuery() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: dataKeys.imports(),
    queryFn: fetchImports,
    refetchInterval: pollUnlessFailed(JOB_POLL_MS, (data: DataImportsPage | undefined) =>
      running(data?.imports),
    ),
  });
  const jobs = query.data?.imports;
  // A finished profile or social-links import changed the account: show it without a reload.
  useEffect(() => {
    let accountChanged = false;
    for (const job of jobs ?? []) {
      if (running([job])) watchedImports.add(job.id);
      else if (watchedImports.delete(job.id) && job.type !== 'media') accountChanged = true;
    }
    if (!accountChanged) return;
    void refreshCurrentUser().catch(() => null);
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  }, [jobs, queryClient]);
  return query;
}

export const useStorageUsageQuery = () =>
  useQuery({ queryKey: dataKeys.storage(), queryFn: fetchStorageUsage });
export const useRetentionQuery = () =>
  useQuery({ queryKey: dataKeys.retention(), queryFn: fetchRetention });
export const useDeletionQuery = () =>
  useQuery({ queryKey: dataKeys.deletion(), queryFn: fetchDeletionRequest });
export const useConsentQuery = () =>
  useQuery({ queryKey: dataKeys.consent(), queryFn: fetchConsent });

/** A mutation whose failure is a toast with the server's message and whose success toasts. */
function useDataMutation<V, R>(
  run: (value: V) => Promise<R>,
  options: {
    success?: (result: R) => string | null;
    failure: string;
    invalidate: ReadonlyArray<readonly unknown[]>;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      const text = options.success?.(result);
      if (text) toast.success(text);
      for (const key of options.invalidate) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toast.error(errorMessageOf(error, options.failure)),
  });
}

export const useRequestExport = () =>
  useDataMutation((body: DataExportBody) => requestExport(body), {
    success: () => 'Export requested. We will let you know when it is ready.',
    failure: 'Failed to request the export',
    invalidate: [dataKeys.exports()],
  });

export const useDeleteExport = () =>
  useDataMutation((id: string) => deleteExport(id), {
    success: () => 'Export deleted',
    failure: 'Failed to delete the export',
    invalidate: [dataKeys.exports(), dataKeys.storage()],
  });

export const useStartImport = () =>
  useDataMutation(
    async ({ file, type }: { file: File; type: DataImportType }) => {
      const job = await startImport(file, type);
      watchedImports.add(job.id); // it may finish before the list shows it running
      return job;
    },
    {
      success: () => 'File accepted. Importing…',
      failure: 'Failed to import the file',
      invalidate: [dataKeys.imports()],
    },
  );

export const useCancelImport = () =>
  useDataMutation((id: string) => cancelImport(id), {
    success: () => 'Import cancelled',
    failure: 'Failed to cancel the import',
    invalidate: [dataKeys.imports()],
  });

export const useOptimizeStorage = () =>
  useDataMutation((_: void) => optimizeStorage(), {
    success: (r) =>
      r.bytesFreed > 0
        ? `Storage optimized: ${formatBytes(r.bytesFreed)} freed`
        : 'Nothing to free',
    failure: 'Failed to optimize storage',
    invalidate: [dataKeys.storage(), dataKeys.exports()],
  });

export const useCleanup = () =>
  useDataMutation((olderThan: string) => cleanupData(olderThan), {
    success: (r) =>
      `Removed ${plural(r.deleted.exports, 'export')}, ${plural(r.deleted.imports, 'import')} and ${plural(r.deleted.notifications, 'notification')}`,
    failure: 'Failed to clean up',
    invalidate: [dataKeys.exports(), dataKeys.imports(), dataKeys.storage(), ['notifications']],
  });

export const useSaveRetention = () =>
  useDataMutation((body: RetentionSettingsBody) => saveRetention(body), {
    success: () => 'Retention settings saved',
    failure: 'Failed to save retention settings',
    invalidate: [dataKeys.retention()],
  });

export const useRecordConsent = () =>
  useDataMutation((body: ConsentBody) => recordConsent(body), {
    success: () => 'Consent saved',
    failure: 'Failed to save your choice',
    invalidate: [dataKeys.consent()],
  });

export const useRequestDeletion = () =>
  useDataMutation((reason: string) => requestDeletion(reason), {
    success: () => 'Deletion scheduled. You can cancel it during the grace period.',
    failure: 'Failed to request deletion',
    invalidate: [dataKeys.deletion()],
  });

export const useCancelDeletion = () =>
  useDataMutation((_: void) => cancelDeletion(), {
    success: () => 'Deletion cancelled. Your account stays.',
    failure: 'Failed to cancel the deletion',
    invalidate: [dataKeys.deletion()],
  });

/**
 * Clear cache: the server's caches of this user, then this browser's: the API response cache,
 * every React Query entry (active ones refetch) and this user's data-storage values.
 */
export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearServerCache,
    onSuccess: async () => {
      clearApiCache();
      await useDataStore.getState().clearLocal();
      await queryClient.resetQueries();
      toast.success('Cache cleared');
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to clear the cache')),
  });
}
