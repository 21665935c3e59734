import { sql } from 'kysely';
import type { Logger } from 'pino';
import { opaque } from '../../platform/db/array-parameter.ts';
import {
  withTransaction,
  writeBeforeCommit,
  type Db,
  type Tx,
} from '../../platform/db/database.ts';
import { refusedByDatabase } from '../../platform/db/errors.ts';
import type { MoneyResult } from '../ledger/idempotency.ts';
import { TurnBatches, type TurnBatchLimits } from '../../platform/batching/turn-batches.ts';

/**
 * Group commit of money requests (docs/PERFORMANCE.md "Group commit of tips and unlocks").
 * A tip or an unlock used to be a transaction of its own of 7 statements, each a round trip on
 * a held connection; at a few hundred requests a second the two cores went to those round
 * trips, their planning and their commits. Now a request waits for the end of the event-loop
 * turn it arrived in (`setImmediate`), and the requests that arrived meanwhile share ONE
 * transaction of the same 7 statements: begin, the idempotency claims, the checks, the
 * accounts' lock, the ledger write, the system accounts with the stored responses, commit.
 *
 * Each request keeps its own outcome and its own rules:
 * - **claimed first**, as alone: a key already taken (a replay, a duplicate in flight, another
 *   body under the key) is not handled here – the request runs alone after the batch commits,
 *   the way it always ran (`runIdempotent`), so replays, 409 and 422 are unchanged;
 * - **refused alone**: a request its rules refuse (404, 400, 402, 409…) moves nothing, its
 *   claim is deleted in the batch's last statement (as its rollback would have), and it gets
 *   its error after the batch commits; the others go ahead;
 * - **taken alone**: what the batch does not do (a referred creator, a collaboration's split)
 *   gives its claim back and runs alone after commit;
 * - **a statement the database refuses** rolls the whole batch back; every request then runs
 *   alone, so one bad request cannot fail the others. An error before commit that is not the
 *   database's (a bug) does the same, and is logged. Only a failure while committing whose
 *   outcome is unknown (a lost connection) fails the batch's requests, as it would each alone.
 *
 * One request per payer per batch, and a payer with a request in a running batch waits for the
 * next one: a payer's requests are judged against their wallet in arrival order, one
 * transaction after the other. At most `maxBatch` requests per batch and `maxRunning` batches
 * at once; requests arriving meanwhile gather for the next, so batches grow with the load.
 * A 2xx still means committed: a request is answered after its batch's commit.
 */
export interface MoneyRequest<I> {
  payerId: string;
  key: string;
  fingerprint: string;
  input: I;
}

export type RequestOutcome<T> = { result: MoneyResult<T> } | { refused: unknown } | { alone: true };

export type MoneyAnswer<T> = MoneyResult<T> & { replayed: boolean };

export interface MoneyBatchWork<I, T> {
  name: string;
  /** in the batch's transaction, after the claims: one outcome per claimed request, in order */
  run(tx: Tx, requests: readonly MoneyRequest<I>[]): Promise<RequestOutcome<T>[]>;
  /** the request in a transaction of its own (`runIdempotent` and the one-request service) */
  alone(request: MoneyRequest<I>): Promise<MoneyAnswer<T>>;
}

const MONEY_BATCH_LIMITS: TurnBatchLimits = { maxBatch: 32, maxRunning: 2 };

interface Waiting<I, T> {
  request: MoneyRequest<I>;
  resolve(answer: MoneyAnswer<T>): void;
  reject(error: unknown): void;
}

export class MoneyBatcher<I, T> {
  private readonly batches: TurnBatches<Waiting<I, T>>;

  constructor(
    private readonly db: Db,
    private readonly work: MoneyBatchWork<I, T>,
    private readonly log: Pick<Logger, 'warn'>,
    limits: TurnBatchLimits = MONEY_BATCH_LIMITS,
  ) {
    // one request per payer per batch: a payer's requests are judged one transaction apart
    this.batches = new TurnBatches(
      (w) => w.request.payerId,
      limits,
      (batch) => this.run(batch),
    );
  }

  submit(request: MoneyRequest<I>): Promise<MoneyAnswer<T>> {
    return new Promise((resolve, reject) => this.batches.add({ request, resolve, reject }));
  }

  private async run(batch: Waiting<I, T>[]) {
    let committing = false;
    try {
      const outcomes = await withTransaction(this.db, async (tx) => {
        const requests = batch.map((w) => w.request);
        const claimed = await claimKeys(tx, requests);
        const mine = requests.filter((_, i) => claimed[i]);
        const ran = await this.work.run(tx, mine);
        let next = 0;
        const all: RequestOutcome<T>[] = requests.map((_, i) =>
          claimed[i] ? ran[next++]! : { alone: true },
        );
        if (next !== ran.length) throw new Error(`${this.work.name}: one outcome per request`);
        storeOutcomes(tx, mine, ran);
        committing = true;
        return all;
      });
      batch.forEach((w, i) => {
        const outcome = outcomes[i]!;
        if ('result' in outcome) w.resolve({ ...outcome.result, replayed: false });
        else if ('refused' in outcome) w.reject(outcome.refused);
        else this.alone(w);
      });
    } catch (error) {
      if (!committing || refusedByDatabase(error)) {
        if (!refusedByDatabase(error))
          this.log.warn({ err: error, batch: this.work.name }, 'money batch failed; alone');
        for (const w of batch) this.alone(w);
      } else for (const w of batch) w.reject(error);
    }
  }

  private alone(w: Waiting<I, T>) {
    this.work.alone(w.request).then(w.resolve, w.reject);
  }
}

/**
 * The batch's idempotency claims in one statement, in (payer, key) order – so two batches
 * claiming overlapping keys wait on each other in one order, never in a cycle. Returns, per
 * request, whether its key was claimed by this transaction.
 */
async function claimKeys(tx: Tx, requests: readonly MoneyRequest<unknown>[]): Promise<boolean[]> {
  const { rows } = await sql<{ user_id: string; key: string }>`
    with wanted as (
      select * from unnest(${opaque(
        requests.map((r) => r.payerId),
        'uuid',
      )}, ${opaque(
        requests.map((r) => r.key),
        'text',
      )}, ${opaque(
        requests.map((r) => r.fingerprint),
        'text',
      )}) as w(user_id, key, request_hash)
    )
    insert into idempotency_keys (user_id, key, request_hash)
    select user_id, key, request_hash from wanted order by user_id, key
    on conflict (user_id, key) do nothing
    returning user_id, key`.execute(tx);
  const taken = new Set(rows.map((r) => `${r.user_id} ${r.key}`));
  return requests.map((r) => taken.has(`${r.payerId} ${r.key}`));
}

/**
 * In the transaction's last statement: each answered request's response stored under its key
 * (as `runIdempotent` stores it), and the claims of the refused and of those that run alone
 * deleted – what their rollback would have done.
 */
function storeOutcomes<T>(
  tx: Tx,
  requests: readonly MoneyRequest<unknown>[],
  outcomes: readonly RequestOutcome<T>[],
) {
  const answered: Array<{ r: MoneyRequest<unknown>; status: number; json: string }> = [];
  const dropped: MoneyRequest<unknown>[] = [];
  requests.forEach((r, i) => {
    const outcome = outcomes[i]!;
    if ('result' in outcome) {
      const json = JSON.stringify(outcome.result.body);
      // the answer is the stored text read back, so a replay is byte for byte the first one
      outcome.result.body = JSON.parse(json) as T;
      answered.push({ r, status: outcome.result.status, json });
    } else dropped.push(r);
  });
  const stored = writeBeforeCommit(
    tx,
    () => sql`idempotent_responses as (
        update idempotency_keys k set status_code = a.status, response = a.response
        from unnest(${opaque(
          answered.map((a) => a.r.payerId),
          'uuid',
        )}, ${opaque(
          answered.map((a) => a.r.key),
          'text',
        )}, ${opaque(
          answered.map((a) => a.status),
          'int',
        )}, ${opaque(
          answered.map((a) => a.json),
          'jsonb',
        )}) as a(user_id, key, status, response)
        where k.user_id = a.user_id and k.key = a.key
      ), idempotent_dropped as (
        delete from idempotency_keys k
        using unnest(${opaque(
          dropped.map((r) => r.payerId),
          'uuid',
        )}, ${opaque(
          dropped.map((r) => r.key),
          'text',
        )}) as d(user_id, key)
        where k.user_id = d.user_id and k.key = d.key
      )`,
  );
  if (!stored) throw new Error('a money batch runs in withTransaction');
}

const batchers = new WeakMap<Db, Map<string, MoneyBatcher<never, unknown>>>();

/** The process's batcher of `work` on `db` (one per database handle and kind, like text sends). */
export function batcherOf<I, T>(
  db: Db,
  log: Pick<Logger, 'warn'>,
  work: () => MoneyBatchWork<I, T>,
  name: string,
): MoneyBatcher<I, T> {
  let kinds = batchers.get(db);
  if (!kinds) batchers.set(db, (kinds = new Map()));
  let batcher = kinds.get(name) as MoneyBatcher<I, T> | undefined;
  if (!batcher) {
    batcher = new MoneyBatcher(db, work(), log);
    kinds.set(name, batcher as unknown as MoneyBatcher<never, unknown>);
  }
  return batcher;
}
