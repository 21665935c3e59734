/**
 * Uploads in flight (spec §3 Upload: id, file, progress, status, startTime). The composer and
 * chat add files here; the progress tray reads from it.
 */
import { create } from '../../lib/create-store.ts';

export type UploadStatus = 'uploading' | 'completed';

export interface Upload {
  id: string;
  file: File;
  /** 0–100. */
  progress: number;
  status: UploadStatus;
  startTime: number;
}

/** Spec §4: temporary blob URLs are revoked 1 second after a send (the preview may still paint). */
export const BLOB_CLEANUP_DELAY_MS = 1_000;

interface UploadState {
  uploads: Upload[];
  start(file: File): string;
  setProgress(id: string, progress: number): void;
  complete(id: string): void;
  remove(id: string): void;
  clearCompleted(): void;
}

let counter = 0;

export const useUploadStore = create<UploadState>()((set) => ({
  uploads: [],
  start(file) {
    counter += 1;
    const id = `upload-${Date.now().toString(36)}-${counter}`;
    set((s) => ({
      uploads: [
        ...s.uploads,
        { id, file, progress: 0, status: 'uploading', startTime: Date.now() },
      ],
    }));
    return id;
  },
  setProgress(id, progress) {
    const clamped = Math.min(100, Math.max(0, Math.round(progress)));
    set((s) => ({
      uploads: s.uploads.map((u) =>
        u.id === id && u.status === 'uploading' ? { ...u, progress: clamped } : u,
      ),
    }));
  },
  complete(id) {
    set((s) => ({
      uploads: s.uploads.map((u) =>
        u.id === id ? { ...u, progress: 100, status: 'completed' } : u,
      ),
    }));
  },
  remove(id) {
    set((s) => ({ uploads: s.uploads.filter((u) => u.id !== id) }));
  },
  clearCompleted() {
    set((s) => ({ uploads: s.uploads.filter((u) => u.status !== 'completed') }));
  },
}));

export function scheduleBlobCleanup(
  urls: string[],
  revoke: (url: string) => void = (url) => URL.revokeObjectURL(url),
): void {
  setTimeout(() => urls.forEach((url) => revoke(url)), BLOB_CLEANUP_DELAY_MS);
}
