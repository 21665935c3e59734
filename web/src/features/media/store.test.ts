import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOB_CLEANUP_DELAY_MS, scheduleBlobCleanup, useUploadStore } from './store.ts';

describe('uploads', () => {
  beforeEach(() => useUploadStore.setState({ uploads: [] }));

  it('goes from uploading to completed with clamped progress', () => {
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    const id = useUploadStore.getState().start(file);
    expect(useUploadStore.getState().uploads[0]).toMatchObject({
      id,
      file,
      progress: 0,
      status: 'uploading',
    });
    useUploadStore.getState().setProgress(id, 140);
    expect(useUploadStore.getState().uploads[0]?.progress).toBe(100);
    useUploadStore.getState().complete(id);
    expect(useUploadStore.getState().uploads[0]?.status).toBe('completed');
    useUploadStore.getState().clearCompleted();
    expect(useUploadStore.getState().uploads).toEqual([]);
  });

  it('revokes blob URLs 1 second after a send', () => {
    vi.useFakeTimers();
    const revoke = vi.fn();
    scheduleBlobCleanup(['blob:a', 'blob:b'], revoke);
    vi.advanceTimersByTime(BLOB_CLEANUP_DELAY_MS - 1);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke.mock.calls).toEqual([['blob:a'], ['blob:b']]);
  });
});
