import type { VaultMediaItem } from '@fanspace/contracts';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMeUser } from '../../test/fixtures.ts';
import { signIn } from '../../test/render.tsx';
import { isApiError } from '../../lib/api/index.ts';
import { useUploadStore } from '../media/store.ts';
import { FakeXHR } from '../../test/fake-xhr.ts';
import { startTrackedUpload } from './tracked-uploads.ts';

const item = { id: 'm1', mediaType: 'image', title: 'sunset.jpg' } as VaultMediaItem;

beforeEach(() => {
  FakeXHR.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  useUploadStore.setState({ uploads: [] });
  signIn(makeMeUser(), 'session-token');
});
afterEach(() => vi.unstubAllGlobals());

function only() {
  const [upload] = useUploadStore.getState().uploads;
  return upload;
}

describe('tracked uploads (spec §3 Upload, §4 uploading → completed)', () => {
  it('goes uploading 0 → progress → completed 100 and resolves with the vault item', async () => {
    const file = new File(['jpeg bytes'], 'sunset.jpg', { type: 'image/jpeg' });
    const { uploadId, done } = startTrackedUpload(file);

    expect(only()).toMatchObject({ id: uploadId, file, progress: 0, status: 'uploading' });
    expect(typeof only()?.startTime).toBe('number');

    await waitFor(() => expect(FakeXHR.instances).toHaveLength(1));
    const xhr = FakeXHR.instances[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/media/upload');
    expect(xhr.headers.Authorization).toBe('Bearer session-token');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    xhr.progress(50, 100);
    expect(only()).toMatchObject({ progress: 50, status: 'uploading' });
    // Bytes all sent, server still processing: not "completed" before it answers.
    xhr.progress(100, 100);
    expect(only()).toMatchObject({ progress: 99, status: 'uploading' });

    xhr.respond(201, item);
    await expect(done).resolves.toEqual(item);
    expect(only()).toMatchObject({ progress: 100, status: 'completed' });
  });

  it('leaves the store and rejects with the server’s message when refused', async () => {
    const file = new File(['x'], 'notes.pdf', { type: 'application/pdf' });
    const { done } = startTrackedUpload(file);
    await waitFor(() => expect(FakeXHR.instances).toHaveLength(1));
    FakeXHR.instances[0]!.respond(415, {
      message: 'This file type is not supported',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const error = await done.catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(415);
    expect(isApiError(error) && error.message).toBe('This file type is not supported');
    expect(useUploadStore.getState().uploads).toEqual([]);
  });

  it('reports a dropped connection with the spec’s network message', async () => {
    const { done } = startTrackedUpload(new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(FakeXHR.instances).toHaveLength(1));
    FakeXHR.instances[0]!.onerror?.();
    await expect(done).rejects.toMatchObject({
      status: 0,
      message: 'Network error. Please check your connection.',
    });
  });
});
