/**
 * fetch-based API client implementing the request rules of spec §7–§9. Three clients share
 * one runtime (cache, media limiter, 401 handling) and differ only in timeout and toasts.
 */
import {
  ABORTED_MESSAGE,
  ApiError,
  AUTH_NOT_READY_MESSAGE,
  CONFIG_ERROR_MESSAGE,
  SERVER_RENDER_MESSAGE,
  messageFromBody,
  NETWORK_ERROR_MESSAGE,
  timeoutMessage,
} from './api-error.ts';
import { createBootResponses, type BootResponses } from './boot-responses.ts';
import { chatToastMessage } from './chat-toasts.ts';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from './csrf.ts';
import { createRateLimiter, MEDIA_RATE_LIMIT, type RateLimiter } from './rate-limiter.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';
import { createUnauthorizedHandler, type UnauthorizedHandler } from './unauthorized.ts';
import { cacheTtlFor, isAuthGateExempt, isRateLimitedPath } from './url-rules.ts';
import type { ApiEnvironment, ApiResponse, HttpMethod, RequestOptions } from './types.ts';

export const RETRY_AFTER_429_MS = 2_000;

export interface ApiRuntime {
  env: ApiEnvironment;
  cache: ResponseCache;
  /** the answers embedded in index.html, each for the first request of its URL */
  boot: BootResponses;
  mediaLimiter: RateLimiter;
  unauthorized: UnauthorizedHandler;
}

export function createApiRuntime(env: ApiEnvironment): ApiRuntime {
  return {
    env,
    cache: createResponseCache(() => env.now()),
    boot: createBootResponses(() => env.now()),
    mediaLimiter: createRateLimiter({ ...MEDIA_RATE_LIMIT, now: () => env.now() }),
    unauthorized: createUnauthorizedHandler({
      session: env.session,
      now: () => env.now(),
      notify: (toast) => env.notify(toast),
    }),
  };
}

export interface ClientConfig {
  name: string;
  /** null = no timeout (the generic client). */
  timeoutMs: number | null;
  /** Show the chat-client error toasts of spec §8. */
  chatToasts?: boolean;
}

type BodylessOptions = Omit<RequestOptions, 'path' | 'method' | 'body'>;

export interface HttpClient {
  readonly name: string;
  request<T>(options: RequestOptions): Promise<ApiResponse<T>>;
  get<T>(path: string, options?: BodylessOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: BodylessOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: BodylessOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: BodylessOptions): Promise<T>;
  delete<T>(path: string, options?: BodylessOptions & { body?: unknown }): Promise<T>;
}

interface Prepared {
  url: string;
  init: RequestInit;
}

const SAFE_METHODS = new Set<HttpMethod>(['GET']);

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

function buildUrl(baseUrl: string, options: RequestOptions): string {
  const path = options.path.startsWith('/') ? options.path : `/${options.path}`;
  let url = `${baseUrl}${path}`;
  if (options.query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE_FORBIDDEN = /[\r\n\0]/;

/** Browsers reject these in fetch() too, but as a TypeError that looks like a network failure. */
function checkHeaders(headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name) || HEADER_VALUE_FORBIDDEN.test(value)) {
      throw new TypeError(`Invalid header ${name}`);
    }
  }
}

function prepare(env: ApiEnvironment, options: RequestOptions, method: HttpMethod): Prepared {
  const url = buildUrl(env.baseUrl, options);
  checkHeaders(options.headers);
  const headers = new Headers(options.headers);
  if (!headers.has('Accept') && options.responseType !== 'blob') {
    headers.set('Accept', 'application/json');
  }
  const token = options.token === undefined ? env.session.getToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (!SAFE_METHODS.has(method)) {
    const xsrf = readCookie(env.readCookies(), XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  let body: BodyInit | undefined;
  if (options.body !== undefined && options.body !== null) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      const json = JSON.stringify(options.body);
      if (json === undefined) throw new TypeError('Body is not serialisable');
      body = json;
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
  }
  return { url, init: { method, headers, body, credentials: 'include' } };
}

async function parseBody(
  response: Response,
  type: RequestOptions['responseType'],
): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  if (type === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (text === '') return null;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (type === 'text' && response.ok) return text;
  if (contentType.includes('json') || type === 'json' || type === undefined) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createHttpClient(config: ClientConfig, runtime: ApiRuntime): HttpClient {
  const { env } = runtime;

  function fail(error: ApiError, path: string, method: HttpMethod): ApiError {
    if (error.code === 'HTTP' && error.status === 401) runtime.unauthorized.handle(path);
    env.reportError?.(error, { method, path });
    if (config.chatToasts) {
      const message = chatToastMessage(error, env.isBetaPage());
      if (message) env.notify({ type: 'error', message });
    }
    return error;
  }

  async function send(
    prepared: Prepared,
    options: RequestOptions,
  ): Promise<{ response: Response; body: unknown }> {
    const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? 0;
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : null;
    const external = options.signal;
    const onExternalAbort = (): void => controller.abort();
    if (external?.aborted) controller.abort();
    external?.addEventListener('abort', onExternalAbort);
    try {
      const response = await env.fetch(prepared.url, {
        ...prepared.init,
        signal: controller.signal,
      });
      // The timeout covers the body too: a stalled download is as stuck as a stalled connect.
      const body = await parseBody(response, options.responseType);
      return { response, body };
    } catch {
      if (timedOut) {
        throw new ApiError({
          status: 0,
          message: timeoutMessage(timeoutMs),
          url: prepared.url,
          code: 'TIMEOUT',
        });
      }
      if (external?.aborted) {
        throw new ApiError({
          status: 0,
          message: ABORTED_MESSAGE,
          url: prepared.url,
          code: 'ABORTED',
        });
      }
      throw new ApiError({
        status: 0,
        message: NETWORK_ERROR_MESSAGE,
        url: prepared.url,
        code: 'NETWORK',
      });
    } finally {
      if (timer !== null) clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    }
  }

  async function request<T>(options: RequestOptions): Promise<ApiResponse<T>> {
    const method = options.method ?? 'GET';
    const { path } = options;
    const fallbackUrl = `${env.baseUrl}${path}`;

    if (!env.session.isAuthReady() && !isAuthGateExempt(method, path)) {
      throw fail(
        new ApiError({
          status: -1,
          message: AUTH_NOT_READY_MESSAGE,
          url: fallbackUrl,
          code: 'AUTH_NOT_READY',
        }),
        path,
        method,
      );
    }

    let prepared: Prepared;
    try {
      prepared = prepare(env, options, method);
    } catch {
      throw fail(
        new ApiError({
          status: -1,
          message: CONFIG_ERROR_MESSAGE,
          url: fallbackUrl,
          code: 'CONFIG',
        }),
        path,
        method,
      );
    }

    const ttl = method === 'GET' ? cacheTtlFor(path, options.cache ?? false) : null;
    // Keyed by API path + query (no base) so write invalidation can match resource families.
    const cacheKey = prepared.url.slice(env.baseUrl.length);
    // the block is the session's: not for a request with a token of its own (2FA, a new login)
    if (
      method === 'GET' &&
      options.token === undefined &&
      (options.responseType ?? 'json') === 'json'
    ) {
      const embedded = runtime.boot.take(cacheKey);
      if (embedded.hit) return { data: embedded.value as T, status: 200, headers: new Headers() };
    }
    if (ttl !== null) {
      const cached = runtime.cache.get(cacheKey);
      if (cached.hit) return { data: cached.value as T, status: 200, headers: new Headers() };
    }
    if (runtime.boot.exclusive()) {
      throw fail(
        new ApiError({
          status: -1,
          message: SERVER_RENDER_MESSAGE,
          url: fallbackUrl,
          code: 'CONFIG',
        }),
        path,
        method,
      );
    }

    for (let attempt = 0; ; attempt += 1) {
      if (isRateLimitedPath(path)) await runtime.mediaLimiter.acquire();
      let result: { response: Response; body: unknown };
      try {
        result = await send(prepared, options);
      } catch (error) {
        throw fail(error as ApiError, path, method);
      }
      const { response, body } = result;

      // Spec §8: a 429 on a rate-limited call (the ones the client limiter governs, spec §9)
      // waits 2 s and is sent once more; any other 429 (RATE_LIMITED login, LIMIT_REACHED)
      // is an answer, not a hiccup, and surfaces at once.
      const retry429 = options.retryOn429 ?? isRateLimitedPath(path);
      if (response.status === 429 && attempt === 0 && retry429) {
        await env.sleep(RETRY_AFTER_429_MS);
        continue;
      }
      if (response.status >= 200 && response.status <= 299) {
        if (method !== 'GET') {
          runtime.cache.invalidateForWrite(path);
          runtime.boot.clear();
        } else if (ttl !== null) runtime.cache.set(cacheKey, body, ttl);
        return { data: body as T, status: response.status, headers: response.headers };
      }
      throw fail(
        new ApiError({
          status: response.status,
          message: messageFromBody(body),
          data: body,
          url: prepared.url,
          code: 'HTTP',
        }),
        path,
        method,
      );
    }
  }

  const data = async <T>(options: RequestOptions): Promise<T> => (await request<T>(options)).data;

  return {
    name: config.name,
    request,
    get: (path, options) => data({ ...options, path, method: 'GET' }),
    post: (path, body, options) => data({ ...options, path, body, method: 'POST' }),
    put: (path, body, options) => data({ ...options, path, body, method: 'PUT' }),
    patch: (path, body, options) => data({ ...options, path, body, method: 'PATCH' }),
    delete: (path, options) => data({ ...options, path, method: 'DELETE' }),
  };
}
