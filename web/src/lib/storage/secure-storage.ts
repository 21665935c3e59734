/**
 * Encrypted browser storage with the exact write/read fallbacks of spec §9. All methods are
 * async (Web Crypto is) and operations on one key run in call order, so a remove issued
 * after a set can never be overtaken by the slower encrypted write.
 */
import { createAesGcmCipher, type StringCipher } from './cipher.ts';

export const MAX_VALUE_LENGTH = 1_000_000;
/** Written when neither the encrypted nor the plain write worked; reads back as null. */
export const STORAGE_ERROR_MARKER = '__storage_write_failed__';
export const MIGRATION_FLAG_KEY = 'storage-migrated';
export const MEDIA_CACHE_KEY = 'media-cache';
export const MEDIA_CACHE_PREFIX = 'media_cache_';
/** Keys that may hold plain values from before encryption was introduced. */
export const MIGRATED_KEYS = [
  'notification-storage',
  'wallet-storage',
  'user-ui-storage',
  'user-notification-storage',
  'collaboration-storage',
  'data-storage',
  'template-storage',
  'messages-fab-position',
  'creatorGettingStartedCard-minimized',
  MEDIA_CACHE_KEY,
] as const;

export interface SecureStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  /** Encrypts legacy plain values once; resolves to how many keys it rewrote. */
  migrate(): Promise<number>;
}

/** A value kept when decryption fails: JSON objects/arrays, booleans and numbers only. */
export function looksLikePlainValue(raw: string): boolean {
  const text = raw.trim();
  if (text.startsWith('{') || text.startsWith('[')) return true;
  if (text === 'true' || text === 'false') return true;
  return text !== '' && Number.isFinite(Number(text));
}

export function createSecureStorage(options: {
  backend: Storage;
  secret: string;
  cipher?: StringCipher;
}): SecureStorage {
  const { backend } = options;
  const cipher = options.cipher ?? createAesGcmCipher(options.secret);
  const queues = new Map<string, Promise<unknown>>();

  function serial<T>(key: string, op: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(op, op);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  }

  async function write(key: string, value: string): Promise<void> {
    const capped = value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH) : value;
    try {
      backend.setItem(key, await cipher.encrypt(capped));
      return;
    } catch {
      // fall through: keep the data readable rather than lose it
    }
    try {
      backend.setItem(key, capped);
      return;
    } catch {
      // fall through: usually a full quota
    }
    try {
      backend.setItem(key, STORAGE_ERROR_MARKER);
    } catch {
      // Nothing left to try; the caller's in-memory state still holds the value.
    }
  }

  async function read(key: string): Promise<string | null> {
    const raw = backend.getItem(key);
    if (raw === null) return null;
    let plain: string;
    try {
      plain = await cipher.decrypt(raw);
    } catch {
      return looksLikePlainValue(raw) ? raw : null;
    }
    if (plain === '') {
      backend.removeItem(key);
      return null;
    }
    return plain;
  }

  async function isEncrypted(raw: string): Promise<boolean> {
    try {
      await cipher.decrypt(raw);
      return true;
    } catch {
      return false;
    }
  }

  function keysToMigrate(): string[] {
    const keys = new Set<string>(MIGRATED_KEYS);
    for (let i = 0; i < backend.length; i += 1) {
      const key = backend.key(i);
      if (key?.startsWith(MEDIA_CACHE_PREFIX)) keys.add(key);
    }
    return [...keys];
  }

  return {
    getItem: (key) => serial(key, () => read(key)),
    setItem: (key, value) => serial(key, () => write(key, value)),
    removeItem: (key) =>
      serial(key, async () => {
        backend.removeItem(key);
      }),
    async migrate() {
      if (backend.getItem(MIGRATION_FLAG_KEY) === 'true') return 0;
      let rewritten = 0;
      for (const key of keysToMigrate()) {
        await serial(key, async () => {
          const raw = backend.getItem(key);
          if (raw === null || (await isEncrypted(raw))) return;
          await write(key, raw);
          rewritten += 1;
        });
      }
      try {
        backend.setItem(MIGRATION_FLAG_KEY, 'true');
      } catch {
        // Retried next start; migrating twice is harmless because encrypted values are skipped.
      }
      return rewritten;
    },
  };
}

/** Key for data kept per signed-in user, so two accounts on one browser never mix. */
export function userScopedKey(baseKey: string, userId: string): string {
  return `${baseKey}:${userId}`;
}

export const DATA_STORAGE_KEY = 'data-storage';

export function dataStorageKey(userId: string): string {
  return userScopedKey(DATA_STORAGE_KEY, userId);
}
