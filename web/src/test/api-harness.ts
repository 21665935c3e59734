/** A fake environment for the API clients: scripted fetch, a controllable session and clock. */
import { expect, vi } from 'vitest';
import { createApiRuntime, createHttpClient, type ApiRuntime } from '../lib/api/http-client.ts';
import { LIKE_TIMEOUT_MS } from '../lib/api/clients.ts';
import type { ApiEnvironment, ApiToast } from '../lib/api/types.ts';
import type { FetchMock } from './render.tsx';

export interface Harness {
  env: ApiEnvironment;
  runtime: ApiRuntime;
  fetch: ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;
  toasts: ApiToast[];
  session: {
    token: string | null;
    authenticated: boolean;
    ready: boolean;
    lastLoginAt: number | null;
    unauthorized: number;
  };
  setBetaPage(value: boolean): void;
  setCookies(value: string): void;
  api: ReturnType<typeof createHttpClient>;
  chat: ReturnType<typeof createHttpClient>;
  generic: ReturnType<typeof createHttpClient>;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function createHarness(): Harness {
  let beta = false;
  let cookies = '';
  const toasts: ApiToast[] = [];
  const session = {
    token: 'session-token' as string | null,
    authenticated: true,
    ready: true,
    lastLoginAt: null as number | null,
    unauthorized: 0,
  };
  const fetch = vi.fn<(input: string, init: RequestInit) => Promise<Response>>(async () =>
    json({ ok: true }),
  );
  const env: ApiEnvironment = {
    baseUrl: '/api',
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    readCookies: () => cookies,
    session: {
      getToken: () => session.token,
      isAuthenticated: () => session.authenticated,
      isAuthReady: () => session.ready,
      getLastLoginAt: () => session.lastLoginAt,
      onUnauthorized: () => {
        session.unauthorized += 1;
      },
    },
    notify: (toast) => toasts.push(toast),
    isBetaPage: () => beta,
  };
  const runtime = createApiRuntime(env);
  return {
    env,
    runtime,
    fetch,
    toasts,
    session,
    setBetaPage: (value) => {
      beta = value;
    },
    setCookies: (value) => {
      cookies = value;
    },
    api: createHttpClient({ name: 'api', timeoutMs: 30_000 }, runtime),
    chat: createHttpClient({ name: 'chat', timeoutMs: 300_000, chatToasts: true }, runtime),
    generic: createHttpClient({ name: 'generic', timeoutMs: null }, runtime),
  };
}

/** A fetch that only settles when its signal aborts, like a request to a dead server. */
export function hangingFetch(_input: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
}

/** Lets queued promise callbacks run (fake timers do not advance microtasks by themselves). */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i += 1) await Promise.resolve();
}

/**
 * Sends `request` to a server that never answers and checks that it gives up exactly at the
 * like timeout of SPEC §9 (10 s, not the 30 s default) with the client's timeout error.
 */
export async function expectLikeTimeout(
  fetchMock: FetchMock,
  request: () => Promise<unknown>,
  url: string,
): Promise<void> {
  expect(LIKE_TIMEOUT_MS).toBe(10_000);
  vi.useFakeTimers();
  fetchMock.mockImplementation(hangingFetch);
  let outcome: unknown = 'pending';
  void request().catch((error: unknown) => {
    outcome = error;
  });
  await vi.advanceTimersByTimeAsync(LIKE_TIMEOUT_MS - 1);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]![0]).toBe(url);
  expect(fetchMock.mock.calls[0]![1].signal?.aborted).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await flush(20);
  expect(outcome).toMatchObject({ code: 'TIMEOUT', message: 'timeout of 10000ms exceeded' });
}

export function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}
