/** Identity verification (becoming a creator): GET/POST /users/me/verification (spec §7). */
import type { VerificationFileField, VerificationStatusResponse } from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export type VerificationFiles = Partial<Record<VerificationFileField, File>>;

export function fetchVerificationStatus(): Promise<VerificationStatusResponse> {
  return apiClient.get<VerificationStatusResponse>('/users/me/verification');
}

/** Multipart: idFront, optional idBack, selfieWithId (spec §5). */
export function submitVerification(files: VerificationFiles): Promise<VerificationStatusResponse> {
  const form = new FormData();
  if (files.idFront) form.append('idFront', files.idFront);
  if (files.idBack) form.append('idBack', files.idBack);
  if (files.selfieWithId) form.append('selfieWithId', files.selfieWithId);
  // Large photos on a slow phone connection: no 30 s cut-off.
  return apiClient.post<VerificationStatusResponse>('/users/me/verification', form, {
    timeoutMs: 0,
  });
}
