import { Type, type Static } from '@sinclair/typebox';

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  database: Type.Object({
    ok: Type.Boolean(),
    driver: Type.Union([Type.Literal('pglite'), Type.Literal('pg')]),
    latencyMs: Type.Number(),
  }),
  uptimeSeconds: Type.Number(),
});
export type HealthResponse = Static<typeof HealthResponse>;
