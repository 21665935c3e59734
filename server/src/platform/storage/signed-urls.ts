import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * HMAC signatures for URLs the server hands out: private media (bound to one session) and
 * presigned direct uploads. The key is derived (HKDF) from DATA_ENCRYPTION_KEY, so every process
 * that shares that variable verifies the others' URLs; without it a random secret is kept in
 * DATA_DIR/secrets, which suits one machine.
 */

type SigningConfig = Pick<Config, 'DATA_ENCRYPTION_KEY' | 'dataDir'>;

const KEY_FILE = path.join('secrets', 'media-signing.key');
const keys = new WeakMap<object, Buffer>();

function fileSecret(dataDir: string): string {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: of two processes creating it at once, one loses cleanly and reads the winner's
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

function signingKey(config: SigningConfig): Buffer {
  const cached = keys.get(config);
  if (cached) return cached;
  const secret = config.DATA_ENCRYPTION_KEY ?? fileSecret(config.dataDir);
  // a key of its own: a signature can never be confused with anything the data cipher makes
  const key = Buffer.from(hkdfSync('sha256', secret, 'fanspace', 'fanspace:url-signing:v1', 32));
  keys.set(config, key);
  return key;
}

/** Signature over a purpose and its fields; fields are length-prefixed so none can bleed. */
export function signFields(config: SigningConfig, purpose: string, fields: string[]): string {
  const hmac = createHmac('sha256', signingKey(config));
  for (const part of [purpose, ...fields]) hmac.update(`${Buffer.byteLength(part)}:${part};`);
  return hmac.digest('base64url');
}

/** Constant-time check of a signature made by `signFields`. */
export function verifyFields(
  config: SigningConfig,
  purpose: string,
  fields: string[],
  signature: string,
): boolean {
  const expected = Buffer.from(signFields(config, purpose, fields));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Expiry of a URL made now: at least `ttlSeconds` ahead, rounded up to a 5-minute step so
 * the same item presented twice in a row gets the same URL (no image reloads on refetch).
 */
export function expiryFor(ttlSeconds: number, now = Date.now()): number {
  const step = 300;
  return Math.ceil((Math.floor(now / 1000) + ttlSeconds) / step) * step;
}
