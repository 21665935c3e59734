import type { AppContext } from '../../platform/context.ts';
import { getDataCipher } from '../../platform/crypto/data-encryption.ts';
import { lazyModule } from '../../platform/lazy-module.ts';

/** web-push, loaded when a process first needs the keys or sends a push. */
export const loadWebPush = lazyModule(async () => (await import('web-push')).default);

/**
 * The server's VAPID key pair: generated on first start, stored in platform_settings with the
 * private key encrypted (platform/crypto/data-encryption, bound to this setting), shared by
 * every process. Concurrent first starts meet on the setting's primary key: one insert wins
 * and everyone reads the winner.
 */

export const VAPID_SETTING = 'web_push.vapid';
const AAD = `platform_settings:${VAPID_SETTING}`;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

type Ctx = Pick<AppContext, 'db' | 'config'>;
const cache = new WeakMap<object, Promise<VapidKeys>>();

interface Stored {
  publicKey?: unknown;
  privateKeyEncrypted?: unknown;
}

async function loadOrCreate(ctx: Ctx): Promise<VapidKeys> {
  const cipher = getDataCipher(ctx.config);
  const read = () =>
    ctx.db
      .selectFrom('platform_settings')
      .select('value')
      .where('key', '=', VAPID_SETTING)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    const fresh = (await loadWebPush()).generateVAPIDKeys();
    await ctx.db
      .insertInto('platform_settings')
      .values({
        key: VAPID_SETTING,
        value: JSON.stringify({
          publicKey: fresh.publicKey,
          privateKeyEncrypted: cipher.encrypt(fresh.privateKey, AAD),
          createdAt: new Date().toISOString(),
        }),
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await read();
  }
  const stored = (row?.value ?? {}) as Stored;
  if (typeof stored.publicKey !== 'string' || typeof stored.privateKeyEncrypted !== 'string')
    throw new Error(`platform setting ${VAPID_SETTING} is malformed`);
  return {
    publicKey: stored.publicKey,
    privateKey: cipher.decrypt(stored.privateKeyEncrypted, AAD),
  };
}

export function vapidKeys(ctx: Ctx): Promise<VapidKeys> {
  const cached = cache.get(ctx.db);
  if (cached) return cached;
  const pending = loadOrCreate(ctx);
  cache.set(ctx.db, pending);
  // a failure is not cached: the next call tries again
  pending.catch(() => cache.delete(ctx.db));
  return pending;
}

/** VAPID `sub`: the public origin when it is https, else a mailto on its host. */
export function vapidSubject(config: Pick<AppContext['config'], 'PUBLIC_URL'>): string {
  const url = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : null;
  if (url?.protocol === 'https:') return url.origin;
  const host = url && url.hostname !== 'localhost' ? url.hostname : 'fanspace.invalid';
  return `mailto:push@${host}`;
}
