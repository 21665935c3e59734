import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isValidKey, keyFromPublicUrl } from './keys.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';

const root = fs.mkdtempSync('/tmp/fanspace-storage-');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('storage keys', () => {
  it('accepts namespaced keys with known extensions only', () => {
    expect(isValidKey('public/avatars/u1/a-b_c.1.webp')).toBe(true);
    expect(isValidKey('private/verification/u/s/idFront.webp')).toBe(true);
    for (const key of [
      'avatars/a.webp',
      'public/../private/x.webp',
      'public/./x.webp',
      'public//x.webp',
      '/public/x.webp',
      'public/.env.webp',
      'public/x.html',
      'public/x',
      'public/a\\b.webp',
      'public/a\u0000.webp',
      'public/' + 'a'.repeat(500) + '.webp',
    ])
      expect(isValidKey(key), key).toBe(false);
  });

  it('maps our public URLs back to keys and nothing else', () => {
    expect(keyFromPublicUrl('/api/files/public/avatars/u/x.webp')).toBe('public/avatars/u/x.webp');
    expect(keyFromPublicUrl('/api/files/private/x.webp')).toBeNull();
    expect(keyFromPublicUrl('https://cdn.example.com/api/files/public/x.webp')).toBeNull();
    expect(keyFromPublicUrl(null)).toBeNull();
  });
});

describe('LocalDiskStorage', () => {
  const storage = new LocalDiskStorage(root);

  it('puts, reads, streams, checks and deletes', async () => {
    const key = 'public/avatars/u1/one.webp';
    await storage.put(key, Buffer.from('bytes'), 'image/webp');
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key))?.toString()).toBe('bytes');
    const file = await storage.stream(key);
    expect(file).toMatchObject({ size: 5, contentType: 'image/webp' });
    file?.stream.destroy();
    expect(storage.publicUrl(key)).toBe('/api/files/public/avatars/u1/one.webp');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
  });

  it('keeps private files private on disk and without URLs', async () => {
    const key = 'private/verification/u1/s1/idFront.webp';
    await storage.put(key, Buffer.from('id'), 'image/webp');
    expect(fs.statSync(path.join(root, key)).mode & 0o777).toBe(0o600);
    expect(() => storage.publicUrl(key)).toThrow();
  });

  it('refuses bad keys and mismatched content types', async () => {
    await expect(
      storage.put('public/../../etc/x.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toThrow('Invalid storage key');
    await expect(storage.get('public/../x.webp')).rejects.toThrow('Invalid storage key');
    await expect(storage.put('public/a.webp', Buffer.from('x'), 'text/html')).rejects.toThrow();
  });
});
