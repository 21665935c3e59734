import { describe, expect, it, vi } from 'vitest';
import { createHarness, flush, hangingFetch, headersOf, json } from '../../test/api-harness.ts';
import { ApiError } from './api-error.ts';

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('http client: requests', () => {
  it('calls the /api base with cookies, bearer token and JSON accept', async () => {
    const h = createHarness();
    h.fetch.mockResolvedValueOnce(json({ hello: 'world' }));
    const data = await h.api.get('/posts', { query: { limit: 20, offset: 0, skip: undefined } });
    expect(data).toEqual({ hello: 'world' });
    const [url, init] = h.fetch.mock.calls[0]!;
    expect(url).toBe('/api/posts?limit=20&offset=0');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect(headersOf(init).get('Authorization')).toBe('Bearer session-token');
    expect(headersOf(init).get('Accept')).toBe('application/json');
  });

  it('uses an explicit token instead of the session (2FA temp token) and none for null', async () => {
    const h = createHarness();
    await h.api.post('/auth/verify-login', { code: '123456' }, { token: 'temp-token' });
    await h.api.post('/auth/login', { email: 'a@b.c', password: 'x' }, { token: null });
    expect(headersOf(h.fetch.mock.calls[0]![1]).get('Authorization')).toBe('Bearer temp-token');
    expect(headersOf(h.fetch.mock.calls[1]![1]).has('Authorization')).toBe(false);
  });

  it('sends JSON bodies with a content type, FormData as is', async () => {
    const h = createHarness();
    await h.api.post('/posts', { caption: 'hi' });
    const form = new FormData();
    form.append('caption', 'hi');
    await h.api.post('/posts', form);
    const [, jsonInit] = h.fetch.mock.calls[0]!;
    expect(jsonInit.body).toBe('{"caption":"hi"}');
    expect(headersOf(jsonInit).get('Content-Type')).toBe('application/json');
    const [, formInit] = h.fetch.mock.calls[1]!;
    expect(formInit.body).toBe(form);
    expect(headersOf(formInit).has('Content-Type')).toBe(false);
  });

  it('sends the XSRF-TOKEN cookie as X-XSRF-TOKEN on writes only', async () => {
    const h = createHarness();
    h.setCookies('theme=dark; XSRF-TOKEN=abc%3D123; other=1');
    await h.api.get('/users/me');
    await h.api.post('/posts/1/like');
    await h.api.delete('/posts/1/like');
    expect(headersOf(h.fetch.mock.calls[0]![1]).has('X-XSRF-TOKEN')).toBe(false);
    expect(headersOf(h.fetch.mock.calls[1]![1]).get('X-XSRF-TOKEN')).toBe('abc=123');
    expect(headersOf(h.fetch.mock.calls[2]![1]).get('X-XSRF-TOKEN')).toBe('abc=123');
  });

  it('treats exactly 200–299 as success', async () => {
    const h = createHarness();
    h.fetch.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(h.api.delete('/posts/1')).resolves.toBeNull();
    h.fetch.mockResolvedValueOnce(json({ edge: true }, 299));
    await expect(h.api.get('/edge')).resolves.toEqual({ edge: true });
    h.fetch.mockResolvedValueOnce(json({ message: 'moved' }, 300));
    expect((await rejection(h.api.get('/moved'))).status).toBe(300);
  });
});

describe('http client: error shape', () => {
  it('takes the message from body.message, then body.error, else the default', async () => {
    const h = createHarness();
    h.fetch.mockResolvedValueOnce(
      json({ message: 'Caption too long', code: 'VALIDATION_FAILED' }, 400),
    );
    const first = await rejection(h.api.post('/posts', {}));
    expect(first.toJSON()).toEqual({
      status: 400,
      message: 'Caption too long',
      data: { message: 'Caption too long', code: 'VALIDATION_FAILED' },
      url: '/api/posts',
    });

    h.fetch.mockResolvedValueOnce(json({ error: 'Nope' }, 422));
    expect((await rejection(h.api.get('/x'))).message).toBe('Nope');

    h.fetch.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    const third = await rejection(h.api.get('/x'));
    expect(third.message).toBe('An error occurred');
    expect(third.status).toBe(502);
  });

  it('reports a missing response as status 0 with the network message', async () => {
    const h = createHarness();
    h.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(h.api.get('/posts'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error. Please check your connection.');
    expect(error.url).toBe('/api/posts');
  });

  it('reports a request that cannot be built as status -1', async () => {
    const h = createHarness();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const bodyError = await rejection(h.api.post('/posts', circular));
    expect(bodyError.status).toBe(-1);
    expect(bodyError.message).toBe('Request configuration error');
    const headerError = await rejection(h.api.get('/posts', { headers: { 'X-Bad': 'a\nb' } }));
    expect(headerError.status).toBe(-1);
    expect(h.fetch).not.toHaveBeenCalled();
  });
});

describe('http client: timeouts', () => {
  it('times out the default client after 30 s', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.fetch.mockImplementation(hangingFetch);
    const pending = rejection(h.api.get('/slow'));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(h.fetch.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.status).toBe(0);
    expect(error.message).toBe('timeout of 30000ms exceeded');
  });

  it('gives the chat client 300 s and the generic client no timeout', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.fetch.mockImplementation(hangingFetch);
    const chat = rejection(h.chat.get('/chats/1/messages'));
    let genericSettled = false;
    void h.generic.get('/data/export/1/download').finally(() => {
      genericSettled = true;
    });
    await vi.advanceTimersByTimeAsync(299_999);
    expect(h.fetch.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await chat).message).toBe('timeout of 300000ms exceeded');
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(genericSettled).toBe(false);
  });

  it('honours a per-request timeout such as an upload limit', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.fetch.mockImplementation(hangingFetch);
    const pending = rejection(h.generic.post('/uploads/upload', 'x', { timeoutMs: 120_000 }));
    await vi.advanceTimersByTimeAsync(120_000);
    expect((await pending).message).toBe('timeout of 120000ms exceeded');
  });
});

describe('http client: 429 retry only for rate-limited calls (spec §8, §9)', () => {
  it('retries a 429 on an upload or media call once, after 2 s', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.fetch
      .mockResolvedValueOnce(json({ message: 'Slow down', code: 'RATE_LIMITED' }, 429))
      .mockResolvedValueOnce(json({ uploaded: true }))
      .mockResolvedValueOnce(json({ message: 'Slow down', code: 'RATE_LIMITED' }, 429))
      .mockResolvedValueOnce(json({ id: 'm1' }));
    const upload = h.generic.post('/uploads/upload', 'x');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(h.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(upload).resolves.toEqual({ uploaded: true });
    expect(h.fetch).toHaveBeenCalledTimes(2);

    const media = h.api.get('/media/m1');
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(media).resolves.toEqual({ id: 'm1' });
    expect(h.fetch).toHaveBeenCalledTimes(4);
    expect(h.fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/uploads/upload',
      '/api/uploads/upload',
      '/api/media/m1',
      '/api/media/m1',
    ]);
  });

  it('surfaces a 429 on any other call at once, without waiting or sending it again', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.fetch
      .mockResolvedValueOnce(json({ message: 'Too many attempts', code: 'RATE_LIMITED' }, 429))
      .mockResolvedValueOnce(json({ message: 'Daily limit reached', code: 'LIMIT_REACHED' }, 429));
    let login: unknown = 'pending';
    void h.api.post('/auth/login', { email: 'a@b.c', password: 'x' }).catch((e: unknown) => {
      login = e;
    });
    await flush(20);
    expect(login).toMatchObject({ status: 429, message: 'Too many attempts' });
    expect(h.fetch).toHaveBeenCalledTimes(1);

    const reel = rejection(h.api.post('/reels', 'form'));
    await flush(20);
    expect(await reel).toMatchObject({ status: 429, message: 'Daily limit reached' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps retryOn429 as an explicit override either way', async () => {
    vi.useFakeTimers();
    const h = createHarness();
    h.fetch.mockImplementation(async () => json({}, 429));
    await expect(h.api.get('/media/m1', { retryOn429: false })).rejects.toMatchObject({
      status: 429,
    });
    expect(h.fetch).toHaveBeenCalledTimes(1);
    const forced = rejection(h.api.get('/search', { retryOn429: true }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect((await forced).status).toBe(429);
    expect(h.fetch).toHaveBeenCalledTimes(3);
  });
});
