import fc from 'fast-check';
import type { JsonSchema } from './route-table.ts';

/**
 * fast-check arbitraries built from a route's TypeBox (JSON) schema: mostly values the schema
 * allows, so requests get past validation into services, mixed with hostile ones (wrong types,
 * huge and odd unicode strings, injection text, out-of-range numbers).
 */

const HUGE = 'A'.repeat(100_000);

/** Values that break naive code: every type confusion and nasty string we know of. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    '',
    ' ',
    HUGE,
    '\u0000',
    '\u202e\ufeff\ud83d\ude00',
    '<img src=x onerror=alert(1)>',
    "' OR 1=1 --",
    '../../../../etc/passwd',
    '%00%2e%2e%2f',
    '${jndi:ldap://x}',
    'valueOf',
    '__proto__',
    'constructor',
    '1e309',
    'NaN',
    -1,
    0,
    -0.000001,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    [],
    {},
    [[[[[[[[[[[]]]]]]]]]]],
    { $gt: '' },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 2000);
    } catch {
      // a pattern JS cannot compile: fall back to plain strings
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 40));
  return fc.string({ minLength, maxLength });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1000;
  const max = schema.maximum ?? Math.max(min + 1000, 1000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc
        .double({ min, max, noNaN: true, noDefaultInfinity: true })
        .map((n) => Math.round(n * 100) / 100);
}

/** A value the schema allows (as far as this small generator understands it). */
export function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constant(undefined);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validValue(v, depth + 1)));
  if (schema.allOf?.length) return validValue(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      });
    case 'object':
      return objectFor(schema, depth);
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(
    ([name, prop]) => [name, fieldValue(prop, depth + 1), required.has(name)] as const,
  );
  return fc
    .tuple(
      ...entries.map(([, arb, isRequired]) =>
        isRequired ? arb : fc.option(arb, { nil: undefined }),
      ),
    )
    .map((values) => {
      const out: Record<string, unknown> = {};
      entries.forEach(([name], i) => {
        if (values[i] !== undefined) out[name] = values[i];
      });
      return out;
    });
}

/** One field: usually valid, sometimes hostile, so one bad field reaches the validator alone. */
export function fieldValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** A whole request part: mostly object-shaped, sometimes not an object at all. */
export function partValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const shaped = schema
    ? fieldValue(schema)
    : fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 4 });
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

/** Keys that pollute prototypes when merged naively; spliced into raw JSON text. */
export const POLLUTION =
  '"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}}';

/** JSON text of `body`, with the pollution keys spliced in when asked and the body is an object. */
export function jsonText(body: unknown, pollute: boolean): string {
  const text = JSON.stringify(body ?? null);
  if (!pollute || !text.startsWith('{')) return text;
  return text === '{}' ? `{${POLLUTION}}` : `{${POLLUTION},${text.slice(1)}`;
}

/** A query string of `query` (arrays as repeated keys, objects as JSON text). */
export function queryString(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values)
      params.append(key, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Path parameter values: real-looking ids plus traversal, encoding and size tricks. */
export const paramValue: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    '0',
    '-1',
    '1e309',
    'me',
    'null',
    'undefined',
    'valueOf',
    '__proto__',
    '..',
    '../../etc/passwd',
    'x'.repeat(190),
    '%00',
    "1' OR '1'='1",
    '00000000-0000-0000-0000-000000000000',
    '\u202e\ud83d\ude00',
  ),
  fc.string({ minLength: 1, maxLength: 30 }),
);
