import { Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';
import { ErrorCodes } from './errors.ts';

export const Uuid = Type.String({ format: 'uuid' });

/**
 * A union of string literals, one per value, typed as their union. Declared free of side effects
 * so that a schema built with it is dropped from the web build when nothing there uses it: a
 * bare `.map` in a schema at a module's top level keeps that schema – and TypeBox with it – in
 * every chunk that imports the contracts (the web build treats TypeBox's `Type` calls as pure:
 * web/vite.config.ts; docs/PERFORMANCE.md, "Mobile pass").
 */
/* @__NO_SIDE_EFFECTS__ */
export function LiteralUnion<T extends string>(values: readonly T[]): TUnion<TLiteral<T>[]> {
  return Type.Union(values.map((value) => Type.Literal(value)));
}

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: LiteralUnion(Object.values(ErrorCodes)),
  },
  { additionalProperties: true, $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const IdParams = Type.Object({ id: Uuid });
export type IdParams = Static<typeof IdParams>;

/** Page-style pagination of SPEC §3: currentPage, totalPages, hasMore. */
export const PageInfo = Type.Object({
  currentPage: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 0 }),
  hasMore: Type.Boolean(),
});
export type PageInfo = Static<typeof PageInfo>;

export const OkResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.Optional(Type.String()),
});
export type OkResponse = Static<typeof OkResponse>;

/**
 * `since` of the polling routes: an ISO 8601 date-time or epoch milliseconds (digits only).
 * Checked by the server (one clear message for both forms), not by a schema format.
 */
export const SinceParam = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'ISO 8601 date-time (e.g. 2026-01-31T12:00:00Z) or epoch milliseconds',
});

/** Nullable helper: JSON Schema's `nullable` the TypeBox way. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
