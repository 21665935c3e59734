import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named (prepared) statements for node-postgres under Kysely, which sends every query unnamed,
 * so PostgreSQL parses and plans it again each time (2.3 of the home feed's 3.1 ms at 1M posts,
 * see docs/PERFORMANCE.md). A read statement whose exact SQL text has been seen
 * `PREPARE_AFTER` times gets a name derived from its text; node-postgres then prepares it once
 * per connection and afterwards only binds and executes it, and PostgreSQL keeps its plan
 * (a custom plan for the first five runs, then the generic one if it is no worse: the server's
 * own `plan_cache_mode = auto` rule – a `LIMIT $n` never qualifies, so page queries write their
 * window into the text: plan-literals.ts). Hot queries are written with `= any($1)` rather than
 * `in ($1, $2, …)` so their text does not change with the page size.
 *
 * Bounded: at most `MAX_NAMED` texts get a name per process (each costs a little memory in
 * every connection's backend); texts seen fewer times are forgotten when the tally fills up.
 */
const PREPARE_AFTER = 3;
const MAX_NAMED = 200;
const MAX_TALLY = 2000;

export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly tally = new Map<string, number>();

  /** The name to run `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= MAX_NAMED || !/^\s*(select|with)\b/i.test(text)) return undefined;
    const seen = (this.tally.get(text) ?? 0) + 1;
    if (seen < PREPARE_AFTER) {
      if (this.tally.size >= MAX_TALLY) this.tally.clear();
      this.tally.set(text, seen);
      return undefined;
    }
    this.tally.delete(text);
    const name = `fs_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    this.names.set(text, name);
    return name;
  }

  get size() {
    return this.names.size;
  }
}

type Query = (text: unknown, values?: unknown) => Promise<unknown>;
const patched = new WeakSet<object>();

/**
 * A pool whose clients run repeated read statements as named ones. Kysely only calls
 * `query(text, values)` (and `query(cursor)` for streams, passed through untouched).
 */
export function withPreparedStatements(pool: pg.Pool, names = new StatementNames()): pg.Pool {
  pool.on('connect', (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (text, values) => {
      if (typeof text === 'string' && Array.isArray(values)) {
        const name = names.nameFor(text);
        if (name) return query({ name, text, values });
      }
      return query(text, values);
    };
  });
  return pool;
}
