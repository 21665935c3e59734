import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { registerNavigator } from '../../lib/navigation.ts';
import { secureStorage } from '../../lib/storage/index.ts';
import { SESSION_KEYS, useAuthStore } from './store.ts';
import { makeMeUser } from '../../test/fixtures.ts';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

describe('auth store logout', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(json({ ok: true }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('clears the session and local keys, goes to /login and tells the server', async () => {
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate);
    useAuthStore.getState().setSession('tok', makeMeUser({ id: 'u1', username: 'ana' }));
    for (const key of SESSION_KEYS) localStorage.setItem(key, '{"old":true}');
    localStorage.setItem('user-ui-storage', '{"kept":true}');

    await useAuthStore.getState().logout();

    expect(useAuthStore.getState()).toMatchObject({
      token: null,
      user: null,
      isAuthenticated: false,
    });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    for (const key of SESSION_KEYS) expect(await secureStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('user-ui-storage')).toBe('{"kept":true}');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    unregister();
  });

  it('skips the server call when the session already expired', async () => {
    const unregister = registerNavigator(vi.fn());
    useAuthStore.getState().setSession('tok', makeMeUser({ id: 'u1' }));
    await useAuthStore.getState().logout('expired');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAuthStore.getState().endedBecause).toBe('expired');
    unregister();
  });
});
