import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { planLiteral } from './plan-literals.ts';

// compiles only: no connection is made
const db = new Kysely<{ t: { id: number } }>({
  dialect: new PostgresDialect({ pool: {} as never }),
});

describe('planLiteral', () => {
  it('writes the integer into the text instead of binding it', () => {
    const compiled = db
      .selectFrom('t')
      .select('id')
      .where('id', '>', 7)
      .limit(planLiteral(20))
      .offset(planLiteral(40))
      .compile();
    expect(compiled.sql).toBe('select "id" from "t" where "id" > $1 limit 20 offset 40');
    expect(compiled.parameters).toEqual([7]);
  });

  it('refuses anything but a non-negative integer', () => {
    for (const bad of [
      -1,
      1.5,
      Number.NaN,
      Number.MAX_SAFE_INTEGER + 1,
      '3' as unknown as number,
    ]) {
      expect(() => planLiteral(bad)).toThrow(/not a non-negative integer/);
    }
  });
});
