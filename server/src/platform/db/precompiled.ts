import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { DbHandle } from './database.ts';

/**
 * A hot read query built and compiled once, then run with new parameter values: building and
 * compiling a Kysely query of the home feed's size is a measurable share of a request's CPU
 * (docs/PERFORMANCE.md), and its SQL text never changes, only the values.
 *
 * `build` receives sentinels in place of the values; every parameter position holding a
 * sentinel is bound per call. A value derived in JS (`offset + limit`) must be its own slot,
 * since the sentinel is not a number to compute with. Building verifies that every slot
 * reached the parameters, so a value the builder inlined into the SQL text fails at once
 * instead of being silently frozen.
 */
export class Precompiled<K extends string, R> {
  private compiled: CompiledQuery<R> | undefined;
  private slots: Array<[number, K]> = [];

  constructor(
    private readonly keys: readonly K[],
    private readonly build: (db: DbHandle, params: Record<K, never>) => Compilable<R>,
  ) {}

  /** Runs the query with `values` on `db` (the root handle or a transaction). */
  async execute(db: DbHandle, values: Record<K, unknown>): Promise<R[]> {
    const compiled = this.compile(db);
    const parameters = [...compiled.parameters];
    for (const [index, key] of this.slots) parameters[index] = values[key];
    const result = await db.executeQuery<R>({
      ...compiled,
      queryId: createQueryId(),
      parameters,
    });
    return result.rows;
  }

  private compile(db: DbHandle): CompiledQuery<R> {
    if (this.compiled) return this.compiled;
    const sentinels = Object.fromEntries(
      this.keys.map((key, i) => [key, `\u0000precompiled:${i}:${key}`]),
    ) as Record<K, never>;
    const compiled = this.build(db, sentinels).compile();
    const byValue = new Map<unknown, K>(this.keys.map((key) => [sentinels[key], key]));
    const slots: Array<[number, K]> = [];
    compiled.parameters.forEach((value, index) => {
      const key = byValue.get(value);
      if (key !== undefined) slots.push([index, key]);
    });
    const missing = this.keys.filter((key) => !slots.some(([, k]) => k === key));
    if (missing.length > 0) throw new Error(`precompiled query lost its slots: ${missing.join()}`);
    this.slots = slots;
    this.compiled = compiled;
    return compiled;
  }
}
