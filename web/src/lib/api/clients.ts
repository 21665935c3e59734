/**
 * The app's three API clients (spec §7/§9) over one shared browser runtime. The session and
 * the toast sink are bound later by the app (see `bindApiSession`), which keeps lib/ free of
 * imports from features/ and ui/.
 */
import { createApiRuntime, createHttpClient } from './http-client.ts';
import { isBetaPath } from './url-rules.ts';
import type { ApiError } from './api-error.ts';
import type { ApiEnvironment, ApiToast, HttpMethod, SessionBridge } from './types.ts';

export type ApiErrorListener = (
  error: ApiError,
  request: { method: HttpMethod; path: string },
) => void;

export const API_BASE_URL = '/api';
export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * SPEC §9 "Like request timeout: 10 seconds": every like and unlike (posts, comments,
 * messages, reels, community posts) passes it as its `timeoutMs`.
 */
export const LIKE_TIMEOUT_MS = 10_000;
export const CHAT_TIMEOUT_MS = 300_000;

const anonymousSession: SessionBridge = {
  getToken: () => null,
  isAuthenticated: () => false,
  // Until the auth store binds itself nothing is validated, so the gate stays shut.
  isAuthReady: () => false,
  getLastLoginAt: () => null,
  onUnauthorized: () => undefined,
};

let boundSession: SessionBridge = anonymousSession;
let toastSink: (toast: ApiToast) => void = () => undefined;
const errorListeners = new Set<ApiErrorListener>();

export function bindApiSession(session: SessionBridge): void {
  boundSession = session;
}

export function bindApiToasts(sink: (toast: ApiToast) => void): void {
  toastSink = sink;
}

/**
 * Lets a feature react to failed requests of any client (e.g. the become-creator modal on a
 * 403 ONLY_CREATORS) without every call site handling it. Returns the unsubscribe function.
 */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

const browserEnvironment: ApiEnvironment = {
  baseUrl: API_BASE_URL,
  fetch: (input, init) => globalThis.fetch(input, init),
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  readCookies: () => (typeof document === 'undefined' ? '' : document.cookie),
  session: {
    getToken: () => boundSession.getToken(),
    isAuthenticated: () => boundSession.isAuthenticated(),
    isAuthReady: () => boundSession.isAuthReady(),
    getLastLoginAt: () => boundSession.getLastLoginAt(),
    onUnauthorized: () => boundSession.onUnauthorized(),
  },
  notify: (toast) => toastSink(toast),
  isBetaPage: () => typeof window !== 'undefined' && isBetaPath(window.location.pathname),
  reportError: (error, request) => {
    errorListeners.forEach((listener) => listener(error, request));
  },
};

const runtime = createApiRuntime(browserEnvironment);

/** Default client: 30 s timeout. Most feature calls go here. */
export const apiClient = createHttpClient({ name: 'api', timeoutMs: DEFAULT_TIMEOUT_MS }, runtime);

/** Chat client: 300 s timeout (large media messages) and the chat error toasts. */
export const chatClient = createHttpClient(
  { name: 'chat', timeoutMs: CHAT_TIMEOUT_MS, chatToasts: true },
  runtime,
);

/** Generic client behind the shared helper: no timeout by default (long exports, uploads). */
export const genericClient = createHttpClient({ name: 'generic', timeoutMs: null }, runtime);

/**
 * For requests that cannot go through fetch (XMLHttpRequest uploads, which report progress):
 * wait for a slot of the shared upload/media limiter (spec §9: 5 per 10 s).
 */
export function acquireMediaSlot(): Promise<void> {
  return runtime.mediaLimiter.acquire();
}

/** Gives such a request's failure the same treatment as the clients' own (401 rule, listeners). */
export function reportApiFailure(
  error: ApiError,
  request: { method: HttpMethod; path: string },
): void {
  if (error.code === 'HTTP' && error.status === 401) runtime.unauthorized.handle(request.path);
  browserEnvironment.reportError?.(error, request);
}

/** Forget cached responses, e.g. when the signed-in user changes. */
export function clearApiCache(): void {
  runtime.cache.clear();
  runtime.boot.clear();
}

/**
 * Answers the first request of each URL in `responses` from them (boot data the server embedded
 * in index.html, lib/api/boot-responses.ts). The caller has checked they are this session's.
 * `exclusive`: no other request is sent meanwhile (the server's render of the page).
 */
export function installBootResponses(
  responses: Record<string, unknown>,
  options?: { exclusive?: boolean },
): void {
  runtime.boot.install(responses, options);
}
