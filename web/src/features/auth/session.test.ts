import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { bindSessionToApi, validateSession } from './session.ts';
import { useAuthStore } from './store.ts';
import { makeMeUser } from '../../test/fixtures.ts';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

describe('start-up session validation', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    bindSessionToApi();
    useAuthStore.setState({
      token: 'stored',
      user: makeMeUser({ id: 'u1' }),
      isAuthenticated: true,
      authReady: false,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('keeps the session when /users/me returns an identity, then opens the gate', async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 'u1', username: 'ana', email: 'a@b.c' }));
    await validateSession();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/me');
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Authorization')).toBe(
      'Bearer stored',
    );
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      authReady: true,
      user: { username: 'ana' },
    });
  });

  it('ends the session when the response has no userId, id, username or email', async () => {
    fetchMock.mockResolvedValueOnce(json({ bio: 'who am I' }));
    await validateSession();
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      token: null,
      authReady: true,
    });
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await validateSession();
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      token: 'stored',
      authReady: true,
    });
  });

  it('opens the gate straight away without a stored token', async () => {
    useAuthStore.setState({ token: null, user: null, isAuthenticated: false });
    await validateSession();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAuthStore.getState().authReady).toBe(true);
  });
});
