import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { HOT_ROUTES } from './app.ts';
import { lazySchemaCompilers } from './lazy-schemas.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    extraRoutes: (api) => {
      api.post(
        '/_test/lazy',
        {
          config: { auth: 'public' },
          schema: {
            body: Type.Object({ n: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
            querystring: Type.Object({ twice: Type.Optional(Type.Boolean()) }),
            response: { 200: Type.Object({ n: Type.Integer() }) },
          },
        },
        async (request) => ({
          n: request.body.n * (request.query.twice ? 2 : 1),
          // not in the response schema: the serializer leaves it out
          secret: 'x',
        }),
      );
    },
  });
});
afterAll(async () => {
  await server.close();
});

const post = (payload: unknown, query = '') =>
  server.app.inject({ method: 'POST', url: `/api/_test/lazy${query}`, payload: payload as object });

describe('route schemas compiled on first use', () => {
  it('validates, coerces and serializes on the first request and after it', async () => {
    for (let round = 0; round < 2; round += 1) {
      const bad = await post({ n: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/n/);
      const ok = await post({ n: 3 }, '?twice=true');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ n: 6 });
    }
  });

  it('compiles the hot routes at start-up, each of them found (a renamed one fails here)', () => {
    const found = server.app.compileHotSchemas();
    expect([...HOT_ROUTES].filter((r) => !found.has(r))).toEqual([]);
    // compiled now: a second call finds nothing left to compile
    expect(server.app.compileHotSchemas().size).toBe(0);
  });

  it('compiles every route schema of the app without an error', () => {
    // everything the requests above did not need; a schema the compilers reject throws here
    expect(server.app.compileAllSchemas()).toBeGreaterThan(500);
    expect(server.app.compileAllSchemas()).toBe(0);
  });

  it('refuses header schemas, whose names Fastify lower-cases only for its own compiler', () => {
    const { buildValidator } = lazySchemaCompilers();
    const compile = buildValidator({}, { customOptions: {} });
    expect(() =>
      compile({ schema: Type.Object({}), method: 'GET', url: '/x', httpPart: 'headers' }),
    ).toThrow('GET /x: header schemas are not supported');
  });
});
