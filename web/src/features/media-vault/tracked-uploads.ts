/**
 * Uploads recorded in the shared upload store (spec §3 Upload: id, file, progress, status,
 * startTime): status goes uploading → completed (spec §4); a failed upload leaves the store.
 */
import type { BulkUploadResponse, VaultMediaItem } from '@fanspace/contracts';
import { useUploadStore } from '../media/store.ts';
import { bulkUploadMedia, uploadMediaFile, type UploadOptions } from './upload-request.ts';

type SendOne = (
  file: File,
  options: UploadOptions & { folderId?: string | null },
) => Promise<VaultMediaItem>;

export function startTrackedUpload(
  file: File,
  options: { folderId?: string | null; signal?: AbortSignal; send?: SendOne } = {},
): { uploadId: string; done: Promise<VaultMediaItem> } {
  const store = useUploadStore.getState();
  const uploadId = store.start(file);
  const send: SendOne = options.send ?? ((f, o) => uploadMediaFile(f, o));
  const done = send(file, {
    folderId: options.folderId,
    signal: options.signal,
    onProgress: (percent) => useUploadStore.getState().setProgress(uploadId, percent),
  }).then(
    (item) => {
      useUploadStore.getState().complete(uploadId);
      return item;
    },
    (error: unknown) => {
      useUploadStore.getState().remove(uploadId);
      throw error;
    },
  );
  return { uploadId, done };
}

/** Several files in one bulk request; each shows the request's progress. */
export async function bulkTrackedUpload(
  files: File[],
  options: { folderId?: string | null } = {},
): Promise<BulkUploadResponse> {
  const ids = files.map((file) => useUploadStore.getState().start(file));
  try {
    const response = await bulkUploadMedia(files, {
      folderId: options.folderId,
      onProgress: (percent) =>
        ids.forEach((id) => useUploadStore.getState().setProgress(id, percent)),
    });
    const failed = new Set(response.failed.map((f) => f.filename));
    files.forEach((file, i) => {
      const id = ids[i];
      if (!id) return;
      if (failed.has(file.name)) useUploadStore.getState().remove(id);
      else useUploadStore.getState().complete(id);
    });
    return response;
  } catch (error) {
    ids.forEach((id) => useUploadStore.getState().remove(id));
    throw error;
  }
}
