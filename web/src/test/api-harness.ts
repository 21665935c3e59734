/** A fake environment for the API clients: scripted fetch, a controllable session and clock. */
import { vi } from 'vitest';
import { createApiRuntime, createHttpClient, type ApiRuntime } from '../lib/api/http-client.ts';
import type { ApiEnvironment, ApiToast } from '../lib/api/types.ts';

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

export function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}
