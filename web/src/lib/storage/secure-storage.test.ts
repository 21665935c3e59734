import { describe, expect, it, vi } from 'vitest';
import type { StringCipher } from './cipher.ts';
import { createAesGcmCipher } from './cipher.ts';
import { MemoryStorage } from './memory-storage.ts';
import { userScopedJSONStorage } from './persist-adapter.ts';
import {
  createSecureStorage,
  dataStorageKey,
  MAX_VALUE_LENGTH,
  MIGRATED_KEYS,
  MIGRATION_FLAG_KEY,
  STORAGE_ERROR_MARKER,
} from './secure-storage.ts';

const SECRET = 'test-secret';

function setup(cipher?: StringCipher) {
  const backend = new MemoryStorage();
  const storage = createSecureStorage({ backend, secret: SECRET, cipher });
  return { backend, storage };
}

describe('secure storage: writes', () => {
  it('round-trips values and stores them encrypted', async () => {
    const { backend, storage } = setup();
    await storage.setItem('wallet-storage', '{"balance":12.5}');
    const raw = backend.getItem('wallet-storage');
    expect(raw).not.toBeNull();
    expect(raw).not.toContain('balance');
    expect(await storage.getItem('wallet-storage')).toBe('{"balance":12.5}');
  });

  it('cannot be read with another key', async () => {
    const { backend, storage } = setup();
    await storage.setItem('k', 'secret words');
    const other = createSecureStorage({ backend, secret: 'different' });
    expect(await other.getItem('k')).toBeNull();
  });

  it('cuts values longer than 1,000,000 characters', async () => {
    const { storage } = setup();
    await storage.setItem('big', 'x'.repeat(MAX_VALUE_LENGTH + 25));
    expect((await storage.getItem('big'))?.length).toBe(MAX_VALUE_LENGTH);
  });

  it('stores the value unencrypted when encryption fails', async () => {
    const broken: StringCipher = {
      encrypt: () => Promise.reject(new Error('no crypto')),
      decrypt: () => Promise.reject(new Error('no crypto')),
    };
    const { backend, storage } = setup(broken);
    await storage.setItem('user-ui-storage', '{"state":{"theme":"light"}}');
    expect(backend.getItem('user-ui-storage')).toBe('{"state":{"theme":"light"}}');
    expect(await storage.getItem('user-ui-storage')).toBe('{"state":{"theme":"light"}}');
  });

  it('stores the plain value when the encrypted write fails, and a marker when that fails too', async () => {
    const backend = new MemoryStorage();
    const storage = createSecureStorage({ backend, secret: SECRET });
    const realSet = backend.setItem.bind(backend);
    // First write attempt (encrypted) throws, the plain one succeeds.
    const spy = vi.spyOn(backend, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await storage.setItem('a', '[1,2]');
    expect(backend.getItem('a')).toBe('[1,2]');

    spy.mockImplementation((key, value) => {
      if (value !== STORAGE_ERROR_MARKER) throw new DOMException('full', 'QuotaExceededError');
      realSet(key, value);
    });
    await storage.setItem('b', 'will not fit');
    expect(backend.getItem('b')).toBe(STORAGE_ERROR_MARKER);
    expect(await storage.getItem('b')).toBeNull();

    spy.mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(storage.setItem('c', 'nothing works')).resolves.toBeUndefined();
  });

  it('keeps operations on one key in call order', async () => {
    const { backend, storage } = setup();
    const write = storage.setItem('auth-storage', '{"state":{"token":"t"}}');
    const remove = storage.removeItem('auth-storage');
    await Promise.all([write, remove]);
    expect(backend.getItem('auth-storage')).toBeNull();
  });
});

describe('secure storage: reads', () => {
  it('gives null for a missing value', async () => {
    const { storage } = setup();
    expect(await storage.getItem('nope')).toBeNull();
  });

  it('removes the key when the decrypted value is empty', async () => {
    const { backend, storage } = setup();
    await storage.setItem('empty', '');
    expect(backend.getItem('empty')).not.toBeNull();
    expect(await storage.getItem('empty')).toBeNull();
    expect(backend.getItem('empty')).toBeNull();
  });

  it.each([
    ['{"a":1}', '{"a":1}'],
    ['[1,2,3]', '[1,2,3]'],
    ['true', 'true'],
    ['false', 'false'],
    ['42', '42'],
    ['-3.5', '-3.5'],
    ['plain text', null],
    ['enc1:not-really', null],
    ['', null],
  ])('returns undecryptable %j as %j', async (raw, expected) => {
    const { backend, storage } = setup();
    backend.setItem('legacy', raw);
    expect(await storage.getItem('legacy')).toBe(expected);
  });
});

describe('secure storage: migration', () => {
  it('encrypts plain values of the listed keys once', async () => {
    const { backend, storage } = setup();
    for (const key of MIGRATED_KEYS) backend.setItem(key, `{"key":"${key}"}`);
    backend.setItem('media_cache_abc', '{"url":"x"}');
    backend.setItem('unrelated', '{"keep":"plain"}');

    const count = await storage.migrate();
    expect(count).toBe(MIGRATED_KEYS.length + 1);
    expect(backend.getItem(MIGRATION_FLAG_KEY)).toBe('true');
    for (const key of [...MIGRATED_KEYS, 'media_cache_abc']) {
      expect(backend.getItem(key)).not.toContain('"key"');
      expect(backend.getItem(key)).not.toContain('"url"');
    }
    expect(await storage.getItem('notification-storage')).toBe('{"key":"notification-storage"}');
    expect(await storage.getItem('media_cache_abc')).toBe('{"url":"x"}');
    expect(backend.getItem('unrelated')).toBe('{"keep":"plain"}');

    // The flag stops a second pass even if plain values show up again.
    backend.setItem('wallet-storage', '{"again":true}');
    expect(await storage.migrate()).toBe(0);
    expect(backend.getItem('wallet-storage')).toBe('{"again":true}');
  });

  it('leaves values that are already encrypted alone', async () => {
    const { backend, storage } = setup();
    await storage.setItem('template-storage', '{"t":1}');
    const before = backend.getItem('template-storage');
    expect(await storage.migrate()).toBe(0);
    expect(backend.getItem('template-storage')).toBe(before);
  });
});

describe('per-user data storage', () => {
  it('scopes persisted state by user id and drops writes with nobody signed in', async () => {
    const backend = new MemoryStorage();
    const storage = createSecureStorage({ backend, secret: SECRET });
    let userId: string | null = 'u1';
    const persist = userScopedJSONStorage<{ files: number }>(() => userId, storage);

    await persist.setItem('data-storage', { state: { files: 3 }, version: 0 });
    expect(backend.getItem(dataStorageKey('u1'))).not.toBeNull();
    expect(await persist.getItem('data-storage')).toEqual({ state: { files: 3 }, version: 0 });

    userId = 'u2';
    expect(await persist.getItem('data-storage')).toBeNull();

    userId = null;
    await persist.setItem('data-storage', { state: { files: 9 }, version: 0 });
    expect(backend.length).toBe(1);
  });
});

describe('AES-GCM cipher', () => {
  it('uses a fresh IV each time', async () => {
    const cipher = createAesGcmCipher(SECRET);
    const a = await cipher.encrypt('same');
    const b = await cipher.encrypt('same');
    expect(a).not.toBe(b);
    expect(await cipher.decrypt(a)).toBe('same');
    expect(await cipher.decrypt(b)).toBe('same');
  });
});
