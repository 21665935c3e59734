/** Start-up session handling: bind the API clients to the store, then validate (spec §4–§5). */
import { bindApiSession, isApiError } from '../../lib/api/index.ts';
import { fetchCurrentUser } from './auth-api.ts';
import { useAuthStore } from './store.ts';
import { extractUser } from './user.ts';

/** Statuses that mean "this token is no good" rather than "try later". */
const SESSION_REJECTED = new Set([401, 403, 404]);

export function bindSessionToApi(): void {
  bindApiSession({
    getToken: () => useAuthStore.getState().token,
    isAuthenticated: () => useAuthStore.getState().isAuthenticated,
    isAuthReady: () => useAuthStore.getState().authReady,
    getLastLoginAt: () => useAuthStore.getState().lastLoginAt,
    onUnauthorized: () => {
      void useAuthStore.getState().logout('expired');
    },
  });
}

/**
 * Validates the stored token with GET /users/me, then opens the auth-ready gate.
 * A response without userId, id, username or email ends the session. When the server
 * cannot be reached we keep the stored session: the next real request will tell.
 */
export async function validateSession(): Promise<void> {
  const store = useAuthStore.getState();
  if (!store.token) {
    if (store.isAuthenticated || store.user) store.clearSession();
    store.setAuthReady(true);
    return;
  }
  try {
    const user = extractUser(await fetchCurrentUser());
    if (user) useAuthStore.setState({ user, isAuthenticated: true });
    else useAuthStore.getState().clearSession();
  } catch (error) {
    if (isApiError(error) && SESSION_REJECTED.has(error.status)) {
      useAuthStore.getState().clearSession();
    }
  } finally {
    useAuthStore.getState().setAuthReady(true);
  }
}
