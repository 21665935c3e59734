import { describe, expect, it, vi } from 'vitest';
import { createHarness, flush, json } from '../../test/api-harness.ts';
import { AUTH_NOT_READY_MESSAGE } from './api-error.ts';
import type { HttpMethod } from './types.ts';

describe('429 retry (rate-limited media and upload calls)', () => {
  it('waits 2 seconds and retries once', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.fetch
      .mockResolvedValueOnce(json({ message: 'Slow down' }, 429))
      .mockResolvedValueOnce(json({ ok: 1 }));
    const pending = h.api.post('/media/upload');
    await flush(20);
    expect(h.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(h.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: 1 });
    expect(h.fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up after the one retry', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.fetch.mockImplementation(async () => json({ message: 'Slow down' }, 429));
    const pending = h.api.get('/media/m1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ status: 429, message: 'Slow down' });
    expect(h.fetch).toHaveBeenCalledTimes(2);
  });

  it('can be switched off per request', async () => {
    const h = createHarness();
    h.fetch.mockResolvedValueOnce(json({}, 429));
    await expect(h.api.get('/media/m1', { retryOn429: false })).rejects.toMatchObject({
      status: 429,
    });
    expect(h.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('auth-ready gate', () => {
  it('blocks requests before auth is validated, without calling the network', async () => {
    const h = createHarness();
    h.session.ready = false;
    await expect(h.api.get('/posts')).rejects.toMatchObject({ message: AUTH_NOT_READY_MESSAGE });
    await expect(h.api.get('/users/me/followers')).rejects.toMatchObject({
      message: AUTH_NOT_READY_MESSAGE,
    });
    await expect(h.api.get('/scheduler')).rejects.toMatchObject({
      message: AUTH_NOT_READY_MESSAGE,
    });
    expect(h.fetch).not.toHaveBeenCalled();
  });

  it.each<[HttpMethod, string]>([
    ['POST', '/auth/login'],
    ['POST', '/auth/signup'],
    ['POST', '/auth/reset-password'],
    ['POST', '/auth/verify-login'],
    ['POST', '/beta/verify-code'],
    ['POST', '/waitlist/signup'],
    ['GET', '/users/me'],
    ['POST', '/ai/assistant/chat'],
    ['POST', '/scheduler'],
    ['POST', '/scheduler/batch'],
  ])('lets %s %s through', async (method, path) => {
    const h = createHarness();
    h.session.ready = false;
    await expect(h.api.request({ method, path })).resolves.toMatchObject({ status: 200 });
    expect(h.fetch).toHaveBeenCalledTimes(1);
  });

  it('opens once auth is ready', async () => {
    const h = createHarness();
    h.session.ready = false;
    await expect(h.api.get('/posts')).rejects.toBeDefined();
    h.session.ready = true;
    await expect(h.api.get('/posts')).resolves.toEqual({ ok: true });
  });
});

describe('upload and media limiter', () => {
  it('lets 5 media calls start per 10 seconds and queues the rest', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    const results = Array.from({ length: 7 }, (_, i) => h.api.post(`/media/upload`, { i }));
    await flush(30);
    expect(h.fetch).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(h.fetch).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fetch).toHaveBeenCalledTimes(7);
    await expect(Promise.all(results)).resolves.toHaveLength(7);
  });

  it('shares the limit between uploads and media, and leaves other calls alone', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    for (let i = 0; i < 3; i += 1) void h.api.get(`/media/${i}`);
    for (let i = 0; i < 3; i += 1) void h.generic.post('/uploads/presigned-url', { i });
    for (let i = 0; i < 4; i += 1) void h.api.get(`/posts/${i}`);
    await flush(30);
    expect(h.fetch).toHaveBeenCalledTimes(9);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.fetch).toHaveBeenCalledTimes(10);
  });
});

describe('response caches', () => {
  it('caches personalized pricing for 60 s', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    await h.api.get('/pricing/personalized/c1');
    await vi.advanceTimersByTimeAsync(59_999);
    await h.api.get('/pricing/personalized/c1');
    expect(h.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await h.api.get('/pricing/personalized/c1');
    expect(h.fetch).toHaveBeenCalledTimes(2);
  });

  it('caches user posts for 5 s', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    await h.api.get('/posts/user/u1', { query: { limit: 50 } });
    await vi.advanceTimersByTimeAsync(4_999);
    await h.api.get('/posts/user/u1', { query: { limit: 50 } });
    expect(h.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await h.api.get('/posts/user/u1', { query: { limit: 50 } });
    expect(h.fetch).toHaveBeenCalledTimes(2);
  });

  it('caches other GETs for 30 s only when asked', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    await h.api.get('/users/trending');
    await h.api.get('/users/trending');
    expect(h.fetch).toHaveBeenCalledTimes(2);
    await h.api.get('/users/new', { cache: true });
    await vi.advanceTimersByTimeAsync(29_999);
    await h.api.get('/users/new', { cache: true });
    expect(h.fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    await h.api.get('/users/new', { cache: true });
    expect(h.fetch).toHaveBeenCalledTimes(4);
  });

  it('drops related entries after a successful write', async () => {
    const h = createHarness();
    await h.api.get('/posts/user/u1');
    await h.api.get('/pricing/personalized/c1');
    await h.api.post('/posts/p1/like');
    await h.api.get('/posts/user/u1');
    await h.api.get('/pricing/personalized/c1');
    expect(h.fetch).toHaveBeenCalledTimes(4); // posts refetched, pricing still cached
    await h.api.put('/users/me/subscription-price', { price: 9.99 });
    await h.api.get('/pricing/personalized/c1');
    expect(h.fetch).toHaveBeenCalledTimes(6);
  });

  it('drops cached user posts after a follow or a subscription, which may unlock them', async () => {
    const h = createHarness();
    await h.api.get('/posts/user/u1');
    await h.api.post('/users/u1/follow');
    await h.api.get('/posts/user/u1');
    expect(h.fetch).toHaveBeenCalledTimes(3);
    await h.api.post('/subscriptions', { creatorId: 'u1' });
    await h.api.get('/posts/user/u1');
    expect(h.fetch).toHaveBeenCalledTimes(5);
  });

  it('does not cache failures', async () => {
    const h = createHarness();
    h.fetch.mockResolvedValueOnce(json({}, 500));
    await expect(h.api.get('/pricing/personalized/c1')).rejects.toBeDefined();
    await h.api.get('/pricing/personalized/c1');
    expect(h.fetch).toHaveBeenCalledTimes(2);
  });
});
