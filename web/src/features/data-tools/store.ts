/**
 * Sync status (spec §3: lastSync, status, progress), kept in `data-storage` scoped per user id
 * (spec §9), encrypted like every stored value. Only lastSync is persisted; a page load is idle.
 */
import { DATA_TOOLS_MESSAGES } from '@fanspace/contracts';
import { create } from '../../lib/create-store.ts';
import { persist } from 'zustand/middleware';
import {
  DATA_STORAGE_KEY,
  dataStorageKey,
  secureStorage,
  userScopedJSONStorage,
} from '../../lib/storage/index.ts';
import { useAuthStore } from '../auth/store.ts';
import { userIdOf } from '../auth/user.ts';
import { syncData } from './api.ts';
import { initialSyncState, runSync, type SyncState } from './sync-machine.ts';

interface DataState {
  sync: SyncState;
  /** Runs the §4 sync; resolves with the final state. */
  startSync(options?: { wait?: (ms: number) => Promise<void> }): Promise<SyncState>;
  /** Forgets this user's stored data-storage values (clear cache). */
  clearLocal(): Promise<void>;
}

const currentUserId = () => userIdOf(useAuthStore.getState().user);

/** Spec §5: sync-style calls need a session and a current user. */
function sessionProblem(): string | null {
  const { token, isAuthenticated, user } = useAuthStore.getState();
  if (!token && !isAuthenticated) return DATA_TOOLS_MESSAGES.notAuthenticated;
  if (!userIdOf(user)) return DATA_TOOLS_MESSAGES.noCurrentUser;
  return null;
}

export const useDataStore = create<DataState>()(
  persist(
    (set, get) => ({
      sync: initialSyncState,
      async startSync(options = {}) {
        if (get().sync.status === 'syncing') return get().sync;
        const problem = sessionProblem();
        if (problem) {
          const failed: SyncState = { ...get().sync, status: 'error', error: problem };
          set({ sync: failed });
          return failed;
        }
        return runSync({
          call: syncData,
          from: get().sync,
          onChange: (sync) => set({ sync }),
          ...(options.wait ? { wait: options.wait } : {}),
        });
      },
      async clearLocal() {
        const userId = currentUserId();
        set({ sync: initialSyncState });
        if (userId) await secureStorage.removeItem(dataStorageKey(userId));
      },
    }),
    {
      name: DATA_STORAGE_KEY,
      storage: userScopedJSONStorage<{ sync: Pick<SyncState, 'lastSync'> }>(currentUserId),
      skipHydration: true,
      partialize: (s) => ({ sync: { lastSync: s.sync.lastSync } }),
      merge: (persisted, current) => {
        const lastSync = (persisted as { sync?: { lastSync?: unknown } } | undefined)?.sync
          ?.lastSync;
        return {
          ...current,
          sync: { ...initialSyncState, lastSync: typeof lastSync === 'string' ? lastSync : null },
        };
      },
    },
  ),
);
