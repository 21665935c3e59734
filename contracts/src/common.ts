import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ErrorCodes } from './errors.ts';

export const Uuid = Type.String({ format: 'uuid' });

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: Type.Union(Object.values(ErrorCodes).map((c) => Type.Literal(c))),
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

/** Nullable helper: JSON Schema's `nullable` the TypeBox way. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
