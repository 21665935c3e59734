/** The app-wide secure storage instance, over localStorage when the browser allows it. */
import { MemoryStorage } from './memory-storage.ts';
import { createSecureStorage, type SecureStorage } from './secure-storage.ts';

/** Built-in fallback secret. Set VITE_STORAGE_KEY in production builds to replace it. */
export const DEFAULT_STORAGE_KEY = 'fanspace-default-storage-key-change-me';

export function resolveStorageSecret(configured: string | undefined): string {
  return configured && configured.trim() !== '' ? configured : DEFAULT_STORAGE_KEY;
}

function pickBackend(): Storage {
  try {
    const storage = window.localStorage;
    const probe = '__fanspace_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    // Private modes and disabled storage throw on access; keep the session working in memory.
    return new MemoryStorage();
  }
}

export const browserBackend: Storage = pickBackend();

export const secureStorage: SecureStorage = createSecureStorage({
  backend: browserBackend,
  secret: resolveStorageSecret(import.meta.env.VITE_STORAGE_KEY),
});
