import type { Config } from '../../platform/config.ts';
import { getDataCipher } from '../../platform/crypto/data-encryption.ts';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';

/**
 * TOTP secrets are encrypted at rest (AES-256-GCM, platform/crypto, bound to the account id),
 * so a database dump alone does not let anyone mint 2FA codes. A stored value without the
 * cipher's "v1." prefix is a legacy plain base32 secret (base32 never contains a dot): it is
 * still accepted, and `sealLegacyTotpSecrets` encrypts such rows at start.
 */
type CipherConfig = Pick<Config, 'DATA_ENCRYPTION_KEY' | 'dataDir'>;

const aad = (userId: string) => `totp-secret:${userId}`;
const isSealed = (stored: string) => stored.startsWith('v1.');

export function sealTotpSecret(config: CipherConfig, userId: string, secret: string): string {
  return getDataCipher(config).encrypt(secret, aad(userId));
}

export function openTotpSecret(
  config: CipherConfig,
  user: Pick<UserRow, 'id' | 'totp_secret'>,
): string | null {
  const stored = user.totp_secret;
  if (!stored) return null;
  if (!isSealed(stored)) return stored;
  try {
    return getDataCipher(config).decrypt(stored, aad(user.id));
  } catch {
    // another key, or a value copied from another account: no code can match it
    return null;
  }
}

/** Encrypts every plain secret left from before encryption; returns how many were sealed. */
export async function sealLegacyTotpSecrets(config: CipherConfig, db: Db): Promise<number> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .where('totp_secret', 'not like', 'v1.%')
    .execute();
  for (const row of rows)
    await db
      .updateTable('users')
      .set({ totp_secret: sealTotpSecret(config, row.id, row.totp_secret!) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', row.totp_secret)
      .execute();
  return rows.length;
}
