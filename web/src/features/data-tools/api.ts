/** Privacy and data tools (spec §7 Data tools and the GDPR family), the caller's own data. */
import type {
  CleanupResponse,
  ClearCacheResponse,
  ConsentBody,
  ConsentState,
  DataExportBody,
  DataExportJob,
  DataExportsPage,
  DataImportJob,
  DataImportsPage,
  DataImportType,
  DataSyncResponse,
  DeletionRequestResponse,
  MessageResponse,
  OptimizeStorageResponse,
  RetentionSettings,
  RetentionSettingsBody,
  StorageUsageResponse,
} from '@fanspace/contracts';
import { API_BASE_URL, apiClient, genericClient } from '../../lib/api/index.ts';

const id = (value: string) => encodeURIComponent(value);

export const requestExport = (body: DataExportBody) =>
  apiClient.post<DataExportJob>('/data/export', body);
export const fetchExports = () =>
  apiClient.get<DataExportsPage>('/data/exports', { query: { limit: 20 } });
export const deleteExport = (exportId: string) =>
  apiClient.delete<MessageResponse>(`/data/export/${id(exportId)}`);
/** A plain link: the browser streams the zip to disk with the session cookie. */
export const exportDownloadUrl = (exportId: string) =>
  `${API_BASE_URL}/data/export/${id(exportId)}/download`;
export const PERSONAL_DATA_URL = `${API_BASE_URL}/data/personal-data`;

/** Uploads can take long: the generic client has no timeout. */
export function startImport(file: File, type: DataImportType) {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file, file.name);
  return genericClient.post<DataImportJob>('/data/import', form);
}
export const fetchImports = () =>
  apiClient.get<DataImportsPage>('/data/imports', { query: { limit: 20 } });
export const cancelImport = (importId: string) =>
  apiClient.post<DataImportJob>(`/data/import/${id(importId)}/cancel`);

export const syncData = () => apiClient.post<DataSyncResponse>('/data/sync');
export const clearServerCache = () => apiClient.post<ClearCacheResponse>('/data/clear-cache');
export const optimizeStorage = () =>
  apiClient.post<OptimizeStorageResponse>('/data/optimize-storage');
export const fetchStorageUsage = () => apiClient.get<StorageUsageResponse>('/data/storage-usage');
export const cleanupData = (olderThan: string) =>
  apiClient.post<CleanupResponse>('/data/cleanup', { olderThan });

export const fetchRetention = () => apiClient.get<RetentionSettings>('/data/retention-settings');
export const saveRetention = (body: RetentionSettingsBody) =>
  apiClient.put<RetentionSettings>('/data/retention-settings', body);

export const fetchDeletionRequest = () =>
  apiClient.get<DeletionRequestResponse>('/data/deletion-request');
export const requestDeletion = (reason: string) =>
  apiClient.post<DeletionRequestResponse>('/data/deletion-request', reason ? { reason } : {});
export const cancelDeletion = () =>
  apiClient.delete<DeletionRequestResponse>('/data/deletion-request');

export const fetchConsent = () => apiClient.get<ConsentState>('/gdpr/consent');
export const recordConsent = (body: ConsentBody) =>
  apiClient.post<ConsentState>('/gdpr/consent', body);
