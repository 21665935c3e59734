import { ErrorCodes } from '@fanspace/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Two kinds of input pass JSON Schema yet break the database, found by the route fuzzer as 500s:
 * - numbers: `integer`/`number` let Infinity and values past 2^53 through (Ajv coerces the query
 *   text "1e309" to Infinity, JSON.parse reads 1e309 as Infinity), which then reach SQL as an
 *   invalid bigint or break money arithmetic;
 * - NUL characters: PostgreSQL text cannot hold U+0000 and refuses the whole statement.
 * After validation one hook refuses such numbers anywhere in the params, query or body with a 400
 * naming the field, and drops NUL characters from every string (the modules already treated
 * them as invisible control bytes: a bio of "ab\u0000" is saved as "ab").
 */
function findHostile(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'number')
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? null : path;
  if (depth > 20 || !value || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  const record = value as Record<string, unknown>;
  for (const [key, item] of Object.entries(record)) {
    if (typeof item === 'string') {
      if (item.includes('\u0000')) record[key] = item.replaceAll('\u0000', '');
      continue;
    }
    const found = findHostile(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export function refuseHostileInput(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = findHostile(value, part, 0);
      if (field)
        throw new AppError(
          400,
          ErrorCodes.VALIDATION_FAILED,
          `Invalid ${field}: the number is out of range`,
          { field },
        );
    }
  });
}

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  nullable?: boolean;
};

function allowsNull(schema: JsonSchema): boolean {
  if (schema.nullable === true) return true;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.some(allowsNull);
  if (schema.type === undefined) return true; // any value
  return Array.isArray(schema.type) ? schema.type.includes('null') : schema.type === 'null';
}

/**
 * `null` for a top-level body field whose schema does not take null. Ajv's type coercion (needed
 * for query strings) would turn it into 0, "", false or [""] – `{"price": null}` made a
 * subscription free, `"selectedMediaItems": null` looked up a media item "". Before validation an
 * optional field sent as null is taken as not sent, and a required one is a 400 naming it.
 */
export function refuseNullForNonNullable(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    const schema = request.routeOptions.schema?.body as JsonSchema | undefined;
    if (!schema?.properties || !body || typeof body !== 'object' || Array.isArray(body)) return;
    const record = body as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (value !== null) continue;
      const property = schema.properties[key];
      if (!property || allowsNull(property)) continue;
      if (schema.required?.includes(key))
        throw new AppError(400, ErrorCodes.VALIDATION_FAILED, `Invalid ${key}: must not be null`, {
          field: key,
        });
      delete record[key];
    }
  });
}

/**
 * A POST sent without a body is the same as one with `{}`, and so is an empty body labelled
 * `application/json`: clients (and the spec's calls, which name no body for many actions – like,
 * follow, logout, an admin's ban) send either. Fastify's own JSON parser refuses an empty body,
 * and a route's object schema refuses a missing one ("must be object"), so a body-less like or
 * logout failed with a 400. Now an empty JSON body parses as no body, and before validation a
 * missing body becomes `{}` on every route whose body schema is an object (or a choice of objects): its required fields
 * still answer with a 400 naming them, its optional ones take their defaults. Whitespace or
 * anything else that is not JSON stays a 400 `MALFORMED_BODY`.
 */
export function takeMissingBodyAsEmpty(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else json(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null) return;
    const schema = request.routeOptions.schema?.body as JsonSchema | undefined;
    if (schema && takesObject(schema)) request.body = {};
  });
}

/** An object schema, or a choice between object schemas only. */
function takesObject(schema: JsonSchema): boolean {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.length > 0 && alternatives.every(takesObject);
  return schema.type === 'object';
}
