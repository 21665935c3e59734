/**
 * Uploads with progress. fetch cannot report upload progress, so these go through
 * XMLHttpRequest – with the same rules as the API clients: bearer token and XSRF header, the
 * auth-ready gate, the shared limiter of 5 upload/media calls per 10 s (spec §9), one retry
 * after 2 s on a 429, the error shape of spec §8, and the 401 handling.
 */
import type { BulkUploadResponse, VaultMediaItem } from '@fanspace/contracts';
import {
  ABORTED_MESSAGE,
  acquireMediaSlot,
  API_BASE_URL,
  ApiError,
  AUTH_NOT_READY_MESSAGE,
  messageFromBody,
  NETWORK_ERROR_MESSAGE,
  readCookie,
  reportApiFailure,
  timeoutMessage,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '../../lib/api/index.ts';
import { useAuthStore } from '../auth/store.ts';

export const UPLOAD_TIMEOUT_MS = 300_000;
export const UPLOAD_RETRY_AFTER_429_MS = 2_000;

export interface UploadOptions {
  /** 0–99 while bytes go out; the caller marks 100 when the server has answered. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendOnce(url: string, form: FormData, options: UploadOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = useAuthStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readCookie(typeof document === 'undefined' ? '' : document.cookie, XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(99, (event.loaded / event.total) * 100));
      }
    };
    const fail = (message: string, code: 'NETWORK' | 'TIMEOUT' | 'ABORTED') => () =>
      reject(new ApiError({ status: 0, message, url, code }));
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = fail(NETWORK_ERROR_MESSAGE, 'NETWORK');
    xhr.ontimeout = fail(timeoutMessage(UPLOAD_TIMEOUT_MS), 'TIMEOUT');
    xhr.onabort = fail(ABORTED_MESSAGE, 'ABORTED');

    if (options.signal?.aborted) {
      xhr.abort();
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export async function postUpload<T>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const url = `${API_BASE_URL}${path}`;
  const request = { method: 'POST' as const, path };
  const fail = (error: ApiError): ApiError => {
    reportApiFailure(error, request);
    return error;
  };
  if (!useAuthStore.getState().authReady) {
    throw fail(
      new ApiError({ status: -1, message: AUTH_NOT_READY_MESSAGE, url, code: 'AUTH_NOT_READY' }),
    );
  }
  for (let attempt = 0; ; attempt += 1) {
    await acquireMediaSlot();
    let response: RawResponse;
    try {
      response = await sendOnce(url, form, options);
    } catch (error) {
      throw fail(error as ApiError);
    }
    if (response.status === 429 && attempt === 0) {
      await new Promise((resolve) => setTimeout(resolve, UPLOAD_RETRY_AFTER_429_MS));
      continue;
    }
    if (response.status >= 200 && response.status <= 299) return response.body as T;
    throw fail(
      new ApiError({
        status: response.status,
        message: messageFromBody(response.body),
        data: response.body,
        url,
        code: 'HTTP',
      }),
    );
  }
}

/** POST /media/upload: one file into the vault. */
export function uploadMediaFile(
  file: File,
  options: UploadOptions & { folderId?: string | null; title?: string } = {},
): Promise<VaultMediaItem> {
  const form = new FormData();
  if (options.folderId) form.append('folderId', options.folderId);
  if (options.title) form.append('title', options.title);
  form.append('file', file, file.name);
  return postUpload<VaultMediaItem>('/media/upload', form, options);
}

/** POST /media/bulk-upload: up to 20 files in one request; failures are listed, not thrown. */
export function bulkUploadMedia(
  files: File[],
  options: UploadOptions & { folderId?: string | null } = {},
): Promise<BulkUploadResponse> {
  const form = new FormData();
  if (options.folderId) form.append('folderId', options.folderId);
  for (const file of files) form.append('files', file, file.name);
  return postUpload<BulkUploadResponse>('/media/bulk-upload', form, options);
}
