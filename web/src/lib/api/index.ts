export {
  ApiError,
  isApiError,
  errorMessageOf,
  messageFromBody,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  CONFIG_ERROR_MESSAGE,
  AUTH_NOT_READY_MESSAGE,
} from './api-error.ts';
export type { ApiErrorCode } from './api-error.ts';
export {
  apiClient,
  chatClient,
  genericClient,
  bindApiSession,
  bindApiToasts,
  clearApiCache,
  installBootResponses,
  onApiError,
  acquireMediaSlot,
  reportApiFailure,
  API_BASE_URL,
  LIKE_TIMEOUT_MS,
} from './clients.ts';
export type { HttpClient } from './http-client.ts';
export type { ApiErrorListener } from './clients.ts';
export { errorCodeOf, errorDataOf } from './error-details.ts';
export { readCookie, XSRF_COOKIE, XSRF_HEADER } from './csrf.ts';
export { timeoutMessage, ABORTED_MESSAGE } from './api-error.ts';
export type { ApiToast, RequestOptions, SessionBridge } from './types.ts';
export { isBetaPath } from './url-rules.ts';
export { sessionTagOf, takeBootData } from './boot-responses.ts';
