import { Type } from '@sinclair/typebox';
import type { ErrorCode } from './errors.ts';

/**
 * Documents the error codes a route can return (OpenAPI) without constraining serialisation:
 * `code` stays a plain string in the response schema, so an error the route did not list
 * (CSRF, rate limit) is still sent as is instead of failing the serializer with a 500.
 */
export const routeErrors = (...codes: ErrorCode[]) =>
  Type.Object(
    {
      message: Type.String(),
      code: Type.String({ description: `One of: ${codes.join(', ')}`, examples: codes }),
    },
    { additionalProperties: true },
  );
