import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMeUser } from '../../test/fixtures.ts';
import { signIn } from '../../test/render.tsx';
import { flush } from '../../test/api-harness.ts';
import { FakeXHR } from '../../test/fake-xhr.ts';
import { uploadMediaFile } from './upload-request.ts';

beforeEach(() => {
  vi.useFakeTimers();
  FakeXHR.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

describe('uploads share the client limiter (spec §9: 5 per 10 s)', () => {
  it('sends five at once and the sixth when the window has passed', async () => {
    const files = Array.from(
      { length: 6 },
      (_, i) => new File(['x'], `f${i}.jpg`, { type: 'image/jpeg' }),
    );
    files.forEach((file) => void uploadMediaFile(file).catch(() => undefined));
    await flush(10);
    expect(FakeXHR.instances).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(FakeXHR.instances).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(FakeXHR.instances).toHaveLength(6);
  });
});
