import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * Field-level encryption for secrets we must keep readable (bank details): AES-256-GCM with a
 * key derived (HKDF-SHA256) from DATA_ENCRYPTION_KEY. Without that variable a random key is
 * generated once under DATA_DIR/secrets, which suits one machine; several processes must share
 * the variable. The associated data binds a ciphertext to its row (e.g. the user id), so a
 * value copied into another row does not decrypt.
 */
export interface DataCipher {
  encrypt(plaintext: string, associatedData: string): string;
  decrypt(payload: string, associatedData: string): string;
}

const VERSION = 'v1';
const KEY_FILE = path.join('secrets', 'data-encryption.key');

export function createDataCipher(secret: string): DataCipher {
  const key = Buffer.from(
    hkdfSync('sha256', secret, 'fanspace', 'fanspace:data-encryption:v1', 32),
  );
  return {
    encrypt(plaintext, associatedData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(associatedData));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, ...[iv, tag, body].map((b) => b.toString('base64url'))].join('.');
    },
    decrypt(payload, associatedData) {
      const [version, iv, tag, body] = payload.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('Unsupported ciphertext format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(associatedData));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** The key file's secret, created on first use; `wx` makes a concurrent creator lose cleanly. */
function keyFileSecret(dataDir: string): string {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

const ciphers = new WeakMap<object, DataCipher>();

export function getDataCipher(config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'dataDir'>): DataCipher {
  const cached = ciphers.get(config);
  if (cached) return cached;
  const cipher = createDataCipher(config.DATA_ENCRYPTION_KEY ?? keyFileSecret(config.dataDir));
  ciphers.set(config, cipher);
  return cipher;
}
