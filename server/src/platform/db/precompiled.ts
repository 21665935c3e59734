import {
  createQueryId,
  OperationNodeTransformer,
  type Compilable,
  type CompiledQuery,
  type PrimitiveValueListNode,
  type ValueNode,
} from 'kysely';
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
 *
 * A write's operation tree is handed on with the values in place of the sentinels too: the
 * session cache's write watch (write-watch.ts) reads the ids a statement pins from that tree,
 * not from the parameters. Reads skip that copy.
 */
export class Precompiled<K extends string, R> {
  private readonly compiled = new Map<string, { query: CompiledQuery<R>; slots: Slot<K>[] }>();

  /**
   * `inline`: keys whose values (safe integers: page sizes, offsets, caps) are written into
   * the SQL text instead of being bound. PostgreSQL plans a statement with `LIMIT $n` afresh on
   * every run (its generic plan, which must assume any limit, never looks cheaper than a custom
   * one), so a prepared statement saved nothing but parsing; with the numbers in the text the
   * generic plan is taken after five runs and planning stops (docs/PERFORMANCE.md). Each
   * combination of inlined values is its own statement, at most `MAX_VARIANTS` kept.
   */
  constructor(
    private readonly keys: readonly K[],
    private readonly build: (db: DbHandle, params: Record<K, never>) => Compilable<R>,
    private readonly inline: readonly K[] = [],
  ) {
    this.sentinels = Object.fromEntries(
      keys.map((key, i) => [key, `\u0000precompiled:${i}:${key}`]),
    ) as Record<K, never>;
  }

  /** What `build` receives for each key: a string no real value can equal. */
  private readonly sentinels: Record<K, never>;

  /** Runs the query with `values` on `db` (the root handle or a transaction). */
  async execute(db: DbHandle, values: Record<K, unknown>): Promise<R[]> {
    const { query, slots } = this.compile(db, values);
    const parameters = [...query.parameters];
    for (const slot of slots) if (slot.index >= 0) parameters[slot.index] = values[slot.key];
    const result = await db.executeQuery<R>({
      ...query,
      query:
        query.query.kind === 'SelectQueryNode'
          ? query.query
          : new SentinelFiller(
              new Map(this.keys.map((key) => [this.sentinels[key], values[key]])),
            ).transformNode(query.query),
      queryId: createQueryId(),
      parameters,
    });
    return result.rows;
  }

  private compile(db: DbHandle, values: Record<K, unknown>) {
    const literals = this.inline.map((key) => {
      const value = values[key];
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        throw new Error(`precompiled query: ${key} must be an integer to be inlined`);
      }
      return value;
    });
    const variant = literals.join(',');
    const known = this.compiled.get(variant);
    if (known) return known;

    const built = this.build(db, this.sentinels).compile();
    const byValue = new Map<unknown, K>(this.keys.map((key) => [this.sentinels[key], key]));
    const slots: Slot<K>[] = [];
    built.parameters.forEach((value, index) => {
      const key = byValue.get(value);
      if (key !== undefined) slots.push({ index, key });
    });
    const missing = this.keys.filter((key) => !slots.some((slot) => slot.key === key));
    if (missing.length > 0) throw new Error(`precompiled query lost its slots: ${missing.join()}`);

    const query = this.inline.length === 0 ? built : inlineSlots(built, slots, this.inline, values);
    const entry = {
      query,
      slots: slots.map((slot) => ({
        key: slot.key,
        index: this.inline.includes(slot.key)
          ? -1
          : renumbered(built, slots, this.inline, slot.index),
      })),
    };
    if (this.compiled.size >= MAX_VARIANTS) this.compiled.clear();
    this.compiled.set(variant, entry);
    return entry;
  }
}

/** Copies an operation tree with each sentinel value replaced by the value of this run. */
class SentinelFiller extends OperationNodeTransformer {
  constructor(private readonly values: Map<unknown, unknown>) {
    super();
  }

  protected override transformValue(node: ValueNode): ValueNode {
    return this.values.has(node.value) ? { ...node, value: this.values.get(node.value) } : node;
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    return {
      ...node,
      values: node.values.map((v) => (this.values.has(v) ? this.values.get(v) : v)),
    };
  }
}

interface Slot<K> {
  /** The parameter's index in the compiled query; -1 once its value is in the text. */
  index: number;
  key: K;
}

const MAX_VARIANTS = 64;

const isInlined = <K>(slots: Slot<K>[], inline: readonly K[], index: number) =>
  slots.some((slot) => slot.index === index && inline.includes(slot.key));

/** The index parameter `index` has once the inlined ones before it are gone. */
function renumbered<K>(
  built: CompiledQuery,
  slots: Slot<K>[],
  inline: readonly K[],
  index: number,
): number {
  let position = 0;
  for (let i = 0; i < index && i < built.parameters.length; i++) {
    if (!isInlined(slots, inline, i)) position += 1;
  }
  return position;
}

/** `built` with the inlined slots' `$n` replaced by their integers and the rest renumbered. */
function inlineSlots<K extends string, R>(
  built: CompiledQuery<R>,
  slots: Slot<K>[],
  inline: readonly K[],
  values: Record<K, unknown>,
): CompiledQuery<R> {
  const keyAt = new Map(slots.map((slot) => [slot.index, slot.key]));
  const sqlText = built.sql.replace(/\$(\d+)\b/g, (_, digits: string) => {
    const index = Number(digits) - 1;
    const key = keyAt.get(index);
    if (key !== undefined && inline.includes(key)) return String(values[key]);
    return `$${renumbered(built, slots, inline, index) + 1}`;
  });
  const parameters = built.parameters.filter((_, i) => !isInlined(slots, inline, i));
  return { ...built, sql: sqlText, parameters };
}
