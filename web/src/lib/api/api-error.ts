/**
 * The one error shape every API client rejects with (spec §8):
 * `{ status, message, data, url }`. `code` is ours: it lets callers tell a timeout from a
 * dropped connection without parsing message text.
 */
export type ApiErrorCode = 'HTTP' | 'NETWORK' | 'TIMEOUT' | 'ABORTED' | 'CONFIG' | 'AUTH_NOT_READY';

export const DEFAULT_ERROR_MESSAGE = 'An error occurred';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const CONFIG_ERROR_MESSAGE = 'Request configuration error';
export const AUTH_NOT_READY_MESSAGE = 'Auth not validated yet - request blocked';
export const ABORTED_MESSAGE = 'Request aborted';
export const SERVER_RENDER_MESSAGE = 'Not in the page data the server rendered with';

export function timeoutMessage(ms: number): string {
  return `timeout of ${ms}ms exceeded`;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly data: unknown;
  readonly url: string;
  readonly code: ApiErrorCode;

  constructor(init: {
    status: number;
    message: string;
    data?: unknown;
    url: string;
    code: ApiErrorCode;
  }) {
    super(init.message);
    this.status = init.status;
    this.data = init.data ?? null;
    this.url = init.url;
    this.code = init.code;
  }

  /** Plain object form, for logs and for code that wants the spec shape only. */
  toJSON(): { status: number; message: string; data: unknown; url: string } {
    return { status: this.status, message: this.message, data: this.data, url: this.url };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** body.message, else body.error, else the generic text – never an empty string. */
export function messageFromBody(body: unknown): string {
  if (isRecord(body)) {
    const { message, error } = body;
    if (typeof message === 'string' && message.trim() !== '') return message;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return DEFAULT_ERROR_MESSAGE;
}

/** Best-effort message for any thrown value, for forms that show errors inline. */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    // A server error without its own text reads better as the caller's context message.
    return error.code === 'HTTP' && error.message === DEFAULT_ERROR_MESSAGE
      ? fallback
      : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
