import type { ApiError } from './api-error.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** Path relative to the API base, e.g. `/posts/user/42`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Plain values are sent as JSON; FormData, Blob and URLSearchParams as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Bearer token override. A string replaces the session token (2FA verification sends the
   * temp token); null sends no Authorization header at all.
   */
  token?: string | null;
  signal?: AbortSignal;
  /** Per-request timeout override in ms; 0 disables the timeout. */
  timeoutMs?: number;
  /** Opt this GET into the response cache (default lifetime 30 s). */
  cache?: boolean;
  /**
   * The one automatic retry 2 s after a 429. By default only rate-limited calls (upload and
   * media, see `isRateLimitedPath`) retry; false skips it there, true forces it elsewhere.
   */
  retryOn429?: boolean;
  responseType?: 'json' | 'text' | 'blob';
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ApiToast {
  type: ToastKind;
  message: string;
  title?: string;
}

/** What the clients need to know about the session; the auth store provides it. */
export interface SessionBridge {
  getToken(): string | null;
  isAuthenticated(): boolean;
  isAuthReady(): boolean;
  /** Epoch ms of the last successful login, for the 5 s grace period. */
  getLastLoginAt(): number | null;
  /** Ends the session and goes to /login. */
  onUnauthorized(): void;
}

export interface ApiEnvironment {
  baseUrl: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  now(): number;
  sleep(ms: number): Promise<void>;
  /** The raw `document.cookie` string, read for the XSRF-TOKEN cookie. */
  readCookies(): string;
  session: SessionBridge;
  notify(toast: ApiToast): void;
  /** Whether the page currently shown is a beta page (spec §2). */
  isBetaPage(): boolean;
  /** Sees every failed request, after the client's own handling (401, toasts). */
  reportError?(error: ApiError, request: { method: HttpMethod; path: string }): void;
}
