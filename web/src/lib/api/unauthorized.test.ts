import { describe, expect, it, vi } from 'vitest';
import { createHarness, json } from '../../test/api-harness.ts';
import { SESSION_EXPIRED_MESSAGE } from './unauthorized.ts';

const unauthorized = () =>
  json({ message: 'Session expired or revoked', code: 'SESSION_REVOKED' }, 401);

describe('401 handling', () => {
  it('logs out and shows the info toast while logged in with a token', async () => {
    const h = createHarness();
    h.fetch.mockResolvedValueOnce(unauthorized());
    await expect(h.api.get('/users/me/followers')).rejects.toMatchObject({ status: 401 });
    expect(h.session.unauthorized).toBe(1);
    expect(h.toasts).toEqual([{ type: 'info', message: SESSION_EXPIRED_MESSAGE }]);
  });

  it('is ignored within 5 seconds of a login, and handled after', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.session.lastLoginAt = Date.now();
    h.fetch.mockImplementation(async () => unauthorized());
    await vi.advanceTimersByTimeAsync(4_999);
    await expect(h.api.get('/posts')).rejects.toMatchObject({ status: 401 });
    expect(h.session.unauthorized).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await expect(h.api.get('/posts')).rejects.toMatchObject({ status: 401 });
    expect(h.session.unauthorized).toBe(1);
  });

  it.each([
    '/auth/login',
    '/auth/verify-login',
    '/stripe/create-payment-intent',
    '/payments/methods',
    '/beta/verify-code',
  ])('is ignored for %s', async (path) => {
    const h = createHarness();
    h.fetch.mockResolvedValueOnce(unauthorized());
    await expect(h.api.post(path, {})).rejects.toMatchObject({ status: 401 });
    expect(h.session.unauthorized).toBe(0);
    expect(h.toasts).toEqual([]);
  });

  it('does nothing for a visitor or a session without a token', async () => {
    const h = createHarness();
    h.fetch.mockImplementation(async () => unauthorized());
    h.session.authenticated = false;
    await expect(h.api.get('/posts')).rejects.toMatchObject({ status: 401 });
    h.session.authenticated = true;
    h.session.token = null;
    await expect(h.api.get('/posts')).rejects.toMatchObject({ status: 401 });
    expect(h.session.unauthorized).toBe(0);
    expect(h.toasts).toEqual([]);
  });

  it('shows the toast at most once per second', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.fetch.mockImplementation(async () => unauthorized());
    await Promise.allSettled([h.api.get('/a'), h.api.get('/b'), h.chat.get('/chats')]);
    expect(h.toasts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    await Promise.allSettled([h.api.get('/c')]);
    expect(h.toasts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.allSettled([h.api.get('/d')]);
    expect(h.toasts).toHaveLength(2);
    expect(h.toasts.every((t) => t.message === SESSION_EXPIRED_MESSAGE && t.type === 'info')).toBe(
      true,
    );
  });
});
