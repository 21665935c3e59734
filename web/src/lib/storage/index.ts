export {
  createSecureStorage,
  dataStorageKey,
  userScopedKey,
  looksLikePlainValue,
  DATA_STORAGE_KEY,
  MAX_VALUE_LENGTH,
  MIGRATED_KEYS,
  MIGRATION_FLAG_KEY,
  STORAGE_ERROR_MARKER,
} from './secure-storage.ts';
export type { SecureStorage } from './secure-storage.ts';
export { secureStorage, browserBackend, DEFAULT_STORAGE_KEY } from './browser-storage.ts';
export { secureJSONStorage, userScopedJSONStorage, toStateStorage } from './persist-adapter.ts';
export { MemoryStorage } from './memory-storage.ts';
