import { ErrorCodes } from '@fanspace/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * JSON Schema's `integer` and `number` let Infinity and numbers past 2^53 through: Ajv coerces
 * the query text "1e309" to Infinity, and JSON.parse reads 1e309 as Infinity too; such values
 * then reach SQL as an invalid bigint (a 500) or break money arithmetic. No field of ours takes
 * them, so after validation one hook refuses any non-finite or unsafe number in the params,
 * query or body with a 400 naming the field.
 */
function findUnsafe(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'number')
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? null : path;
  if (depth > 20 || !value || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnsafe(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export function refuseUnsafeNumbers(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnsafe(value, part, 0);
      if (field)
        throw new AppError(
          400,
          ErrorCodes.VALIDATION_FAILED,
          `Invalid ${field}: number is out of range`,
          {
            field,
          },
        );
    }
  });
}
