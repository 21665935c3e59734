/**
 * Session state (spec §4 Auth), persisted encrypted under `auth-storage`. `authReady` is never
 * persisted: it turns true only once this page load has validated the stored session.
 */
import { create } from '../../lib/create-store.ts';
import { persist } from 'zustand/middleware';
import { clearApiCache } from '../../lib/api/index.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import {
  DATA_STORAGE_KEY,
  dataStorageKey,
  secureJSONStorage,
  secureStorage,
} from '../../lib/storage/index.ts';
import { logoutRequest } from './auth-api.ts';
import { userIdOf, type SessionUser } from './user.ts';

export const AUTH_STORAGE_KEY = 'auth-storage';

/** Local keys a logout clears (spec §4); UI preferences stay with the device. */
export const SESSION_KEYS = [
  AUTH_STORAGE_KEY,
  'token',
  'currentUser',
  'user-storage',
  'post-storage',
  'social-storage',
] as const;

/** Spec §4 Account deletion: the local keys cleared after the account is deleted. */
export const ACCOUNT_DELETION_KEYS = [...SESSION_KEYS, DATA_STORAGE_KEY] as const;

export type LogoutReason = 'user' | 'expired' | 'idle' | 'deleted';

interface PersistedAuth {
  token: string | null;
  user: SessionUser | null;
  isAuthenticated: boolean;
}

export interface AuthState extends PersistedAuth {
  authReady: boolean;
  /** Epoch ms of the last login in this tab, for the 401 grace period. */
  lastLoginAt: number | null;
  isFirstLogin: boolean;
  /** Why the last session ended, for the banner on the login page. */
  endedBecause: LogoutReason | null;
  setSession(token: string, user: SessionUser, options?: { isFirstLogin?: boolean }): void;
  setUser(user: SessionUser): void;
  setAuthReady(ready: boolean): void;
  /** Forget the session locally without calling the server or navigating. */
  clearSession(): void;
  clearEndedReason(): void;
  /** The first-login follow suggestions were shown (or onboarding covered them). */
  acknowledgeFirstLogin(): void;
  logout(reason?: LogoutReason): Promise<void>;
}

const signedOut = { token: null, user: null, isAuthenticated: false, lastLoginAt: null };

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      ...signedOut,
      authReady: false,
      isFirstLogin: false,
      endedBecause: null,

      setSession(token, user, options) {
        clearApiCache();
        set({
          token,
          user,
          isAuthenticated: true,
          authReady: true,
          lastLoginAt: Date.now(),
          isFirstLogin: options?.isFirstLogin ?? false,
          endedBecause: null,
        });
      },
      setUser(user) {
        set({ user });
      },
      setAuthReady(authReady) {
        set({ authReady });
      },
      clearSession() {
        set({ ...signedOut });
      },
      clearEndedReason() {
        set({ endedBecause: null });
      },
      acknowledgeFirstLogin() {
        set({ isFirstLogin: false });
      },
      async logout(reason = 'user') {
        const { token, isAuthenticated, user } = get();
        if (!token && !isAuthenticated) {
          navigateTo('/login', { replace: true });
          return;
        }
        set({ ...signedOut, endedBecause: reason, isFirstLogin: false });
        clearApiCache();
        queryClient.clear();
        navigateTo('/login', { replace: true });
        const keys: string[] = [...(reason === 'deleted' ? ACCOUNT_DELETION_KEYS : SESSION_KEYS)];
        const userId = userIdOf(user);
        // Data storage is kept per user id (spec §9): a deleted account takes its copy along.
        if (reason === 'deleted' && userId) keys.push(dataStorageKey(userId));
        // Storage ops for one key run in order, so this lands after persist's own write.
        await Promise.all(keys.map((key) => secureStorage.removeItem(key)));
        // An expired or deleted account has no server session left to end.
        if (token && reason !== 'expired' && reason !== 'deleted') {
          // Best effort: the local session is already gone whatever the server says.
          await logoutRequest(token).catch(() => undefined);
        }
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: secureJSONStorage<PersistedAuth>(),
      skipHydration: true,
      partialize: (s): PersistedAuth => ({
        token: s.token,
        user: s.user,
        isAuthenticated: s.isAuthenticated,
      }),
    },
  ),
);
