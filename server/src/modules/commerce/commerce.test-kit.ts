import type { TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { pay } from '../payments/payments.test-kit.ts';

/** Helpers of the commerce tests (not a test file itself). */

export const adminActor = (server: TestServer) =>
  actor(server, 'fan', {
    is_admin: true,
    totp_secret: 'JBSWY3DPEHPK3PXP',
    totp_enabled_at: new Date(),
  });

/** GET /ledger/verify as an admin: every invariant must hold. */
export async function expectLedgerOk(server: TestServer, admin: Actor) {
  const res = await pay(server, admin, 'GET', '/ledger/verify');
  if (res.status !== 200 || res.body.ok !== true)
    throw new Error(`ledger verify failed: ${res.text}`);
  return res.body;
}

export async function walletCents(server: TestServer, who: Actor) {
  const res = await pay(server, who, 'GET', '/wallet/balance');
  return res.body.balanceCents as number;
}
