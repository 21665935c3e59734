/** The chat client's error toasts, word for word from spec §8. */
import type { ApiError } from './api-error.ts';

export const CHAT_TOASTS = {
  network: 'Network Error: Please check your connection.',
  forbidden: "Forbidden: You don't have permission to access this resource.",
  notFound: 'Not Found: The requested resource was not found.',
  server: 'Server Error: Something went wrong on our end. Please try again later.',
} as const;

/** The toast text for a failed chat call, or null when none should show. */
export function chatToastMessage(error: ApiError, onBetaPage: boolean): string | null {
  if (error.code === 'NETWORK' || error.code === 'TIMEOUT') return CHAT_TOASTS.network;
  if (error.code !== 'HTTP') return null; // aborted, blocked or never sent: nothing to tell
  const { status } = error;
  if (status === 401) return null; // the session rule owns 401s
  if (status === 400) return `Bad Request: ${error.message}`;
  if (status === 403) return onBetaPage ? null : CHAT_TOASTS.forbidden;
  if (status === 404) return CHAT_TOASTS.notFound;
  // The spec names 500; a 502/503 from a proxy means the same thing to the person chatting.
  if (status >= 500) return CHAT_TOASTS.server;
  if (status >= 400) return `Error: ${error.message}`;
  return null;
}
