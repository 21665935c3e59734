/** Model releases (spec §7 Releases): the creator's list and forms, and the public consent link. */
import type {
  ConsentSignedResponse,
  ConsentView,
  PendingReleaseResponse,
  ReleaseFileField,
  ReleaseListResponse,
  ReleaseResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export type ReleaseFiles = Partial<Record<ReleaseFileField, File>>;

/** The model's part of a release, as the form holds it (spec §3 Model release). */
export interface ModelPartInput {
  modelName: string;
  modelDob: string;
  idType: string;
  idNumber: string;
  signatureDataUrl: string;
}

function releaseForm(model: ModelPartInput, files: ReleaseFiles, extra: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...model, ...extra })) form.append(name, value);
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file);
  return form;
}

export const fetchReleases = () => apiClient.get<ReleaseListResponse>('/releases/list');

/** Spec §5: a model release always sends all fields; only the back ID photo is optional. */
export const createRelease = (
  model: ModelPartInput,
  creatorSignatureDataUrl: string,
  files: ReleaseFiles,
) =>
  apiClient.post<ReleaseResponse>(
    '/releases',
    releaseForm(model, files, { creatorSignatureDataUrl }),
    { timeoutMs: 0 },
  );

export const createPendingRelease = (modelName: string) =>
  apiClient.post<PendingReleaseResponse>('/releases/pending', { modelName });

export const revokeRelease = (id: string) => apiClient.delete<unknown>(`/releases/${id}`);

export const fetchConsent = (token: string) =>
  apiClient.get<ConsentView>(`/releases/consent/${encodeURIComponent(token)}`);

export const signConsent = (token: string, model: ModelPartInput, files: ReleaseFiles) =>
  apiClient.post<ConsentSignedResponse>(
    `/releases/consent/${encodeURIComponent(token)}`,
    releaseForm(model, files, {}),
    { timeoutMs: 0 },
  );
