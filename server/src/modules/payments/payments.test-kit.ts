import { randomUUID } from 'node:crypto';
import type { TestServer } from '../../../test/harness.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Actor } from '../posts/posts.test-kit.ts';

/** Helpers of the payments tests (not a test file itself). */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An API call; money POSTs get a fresh Idempotency-Key unless `key` is given (null: none). */
export async function pay(
  server: TestServer,
  who: Actor | null,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
  key: string | null = randomUUID(),
) {
  const headers: Record<string, string> = { ...(who?.headers ?? {}) };
  if (key !== null && method === 'POST') headers['idempotency-key'] = key;
  const res = await server.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

export async function fund(server: TestServer, who: Actor, amount: number) {
  const res = await pay(server, who, 'POST', '/wallet/add-funds', { amount });
  if (res.status !== 200) throw new Error(`funding failed: ${res.text}`);
  return res.body;
}

/** The caller's wallet balance in cents, as the API reports it. */
export async function balanceCents(server: TestServer, who: Actor): Promise<number> {
  return (await pay(server, who, 'GET', '/wallet/balance')).body.balanceCents as number;
}

/** Rows in a table: part of what a refused money request must leave as it was. */
export async function rowCount(server: TestServer, table: keyof Database): Promise<number> {
  const row = await server.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function paidPost(server: TestServer, creator: Actor, priceCents = 500) {
  return server.ctx.db
    .insertInto('posts')
    .values({
      user_id: creator.user.id,
      caption: 'paid',
      access_level: 'paid',
      price_cents: priceCents,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The unlock charges whose metadata names `id` under `key` (postId, messageId). */
export async function unlockChargesFor(
  server: TestServer,
  key: 'postId' | 'messageId',
  id: string,
) {
  return server.ctx.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('kind', '=', 'unlock')
    .where((eb) => eb(eb.ref('metadata', '->>').key(key), '=', id))
    .execute();
}
