import { ErrorCodes, IDEMPOTENCY_HEADER } from '@fanspace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  withTransaction,
  writeBeforeCommit,
  type Db,
  type Tx,
} from '../../platform/db/database.ts';
import { BadRequestError, ConflictError, UnprocessableError } from '../../platform/errors.ts';

/**
 * Every money POST goes through `idempotent`: the first request with a key does the work and
 * stores its response in the same transaction (so a key exists exactly when the money moved);
 * a repeat with the same body replays that response; another body under the same key is a 422.
 * A concurrent duplicate blocks on the key's unique index until the first commits, then
 * replays. Failed requests roll back with their key, so the client may retry with it.
 */

export interface MoneyResult<T> {
  status: number;
  body: T;
}

/** Key order must not make two equal bodies differ. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

export function requestFingerprint(method: string, url: string, body: unknown): string {
  const path = url.split('?')[0];
  return createHash('sha256')
    .update(JSON.stringify([method, path, canonical(body ?? null)]))
    .digest('hex');
}

export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key)
    throw new BadRequestError(
      'An Idempotency-Key header is required for payments',
      ErrorCodes.IDEMPOTENCY_KEY_REQUIRED,
    );
  if (key.length > 255)
    throw new BadRequestError(
      'Idempotency-Key must be at most 255 characters',
      ErrorCodes.VALIDATION_FAILED,
      {
        field: 'Idempotency-Key',
      },
    );
  return key;
}

export async function runIdempotent<T>(
  db: Db,
  userId: string,
  key: string,
  fingerprint: string,
  work: (tx: Tx) => Promise<MoneyResult<T>>,
): Promise<MoneyResult<T> & { replayed: boolean }> {
  return withTransaction(db, async (tx) => {
    const claimed = await tx
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, request_hash: fingerprint })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const first = await tx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!first || first.status_code === null)
        throw new ConflictError(ErrorCodes.CONFLICT, 'This request is already in progress, retry');
      if (first.request_hash !== fingerprint)
        throw new UnprocessableError(
          ErrorCodes.IDEMPOTENCY_KEY_REUSED,
          'This Idempotency-Key was already used for a different request',
        );
      return { status: first.status_code, body: first.response as T, replayed: true };
    }
    const result = await work(tx);
    // stored and returned as JSON so a replay is byte-for-byte the first response; stored by
    // the transaction's last statement, with the system accounts' move (one round trip)
    const json = JSON.stringify(result.body);
    const store = () => sql`idempotent_response as (
        update idempotency_keys set status_code = ${result.status}::int, response = ${json}::jsonb
        where user_id = ${userId}::uuid and key = ${key}
      )`;
    if (!writeBeforeCommit(tx, store)) await sql`with ${store()} select 1`.execute(tx);
    return { status: result.status, body: JSON.parse(json) as T, replayed: false };
  });
}

/** The one shape of a money route handler: key → fingerprint → work in a transaction → reply. */
export async function idempotentRoute<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  work: (tx: Tx) => Promise<MoneyResult<T>>,
): Promise<T> {
  const { key, fingerprint } = moneyRequestOf(request);
  return replied(reply, await runIdempotent(db, userId, key, fingerprint, work));
}

/**
 * `idempotentRoute` for a request that shares its transaction with others (group commit:
 * payments/money-batcher.ts): the same key, fingerprint and reply, the work done by `submit`.
 */
export async function batchedRoute<I, T>(
  request: FastifyRequest,
  reply: FastifyReply,
  payerId: string,
  input: I,
  submit: (r: {
    payerId: string;
    key: string;
    fingerprint: string;
    input: I;
  }) => Promise<MoneyResult<T> & { replayed: boolean }>,
): Promise<T> {
  return replied(reply, await submit({ payerId, input, ...moneyRequestOf(request) }));
}

function moneyRequestOf(request: FastifyRequest) {
  const key = idempotencyKeyOf(request);
  return { key, fingerprint: requestFingerprint(request.method, request.url, request.body) };
}

function replied<T>(reply: FastifyReply, result: MoneyResult<T> & { replayed: boolean }): T {
  reply.code(result.status);
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return result.body;
}
