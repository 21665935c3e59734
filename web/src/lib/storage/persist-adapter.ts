/** Zustand `persist` storage over the secure storage (async, encrypted). */
import { createJSONStorage, type PersistStorage, type StateStorage } from 'zustand/middleware';
import { secureStorage } from './browser-storage.ts';
import { userScopedKey, type SecureStorage } from './secure-storage.ts';

export function toStateStorage(storage: SecureStorage): StateStorage<Promise<void>> {
  return {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => storage.setItem(name, value),
    removeItem: (name) => storage.removeItem(name),
  };
}

export function secureJSONStorage<S>(storage: SecureStorage = secureStorage): PersistStorage<S> {
  // createJSONStorage only returns undefined when its factory throws; ours never does.
  return createJSONStorage<S>(() => toStateStorage(storage)) as PersistStorage<S>;
}

/**
 * Persist storage whose key is scoped to the signed-in user (`name:userId`). With nobody
 * signed in, reads give null and writes are dropped rather than landing in a shared slot.
 */
export function userScopedJSONStorage<S>(
  getUserId: () => string | null,
  storage: SecureStorage = secureStorage,
): PersistStorage<S> {
  const scoped: StateStorage<Promise<void>> = {
    getItem: async (name) => {
      const id = getUserId();
      return id ? storage.getItem(userScopedKey(name, id)) : null;
    },
    setItem: async (name, value) => {
      const id = getUserId();
      if (id) await storage.setItem(userScopedKey(name, id), value);
    },
    removeItem: async (name) => {
      const id = getUserId();
      if (id) await storage.removeItem(userScopedKey(name, id));
    },
  };
  return createJSONStorage<S>(() => scoped) as PersistStorage<S>;
}
