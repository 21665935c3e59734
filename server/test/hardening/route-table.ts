import type { RouteOptions } from 'fastify';
import type { AuthLevel } from '../../src/platform/http/auth-plugin.ts';
import { createTestServer, type TestServer } from '../harness.ts';

/** One registered API route as the route-table tests see it. */
export interface TableRoute {
  method: string;
  /** the full path as registered, e.g. /api/posts/:id */
  url: string;
  /** `METHOD /path`, the key of the authz declarations */
  key: string;
  auth: AuthLevel;
  websocket: boolean;
  schema: {
    body?: JsonSchema;
    querystring?: JsonSchema;
    params?: JsonSchema;
  };
}

/** The part of JSON Schema (TypeBox output) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

/** Every /api route of the full app, in registration order (HEAD twins of GETs left out). */
export async function serverWithRouteTable(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; routes: TableRoute[] }> {
  const routes: TableRoute[] = [];
  const server = await createTestServer({
    env,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || !route.url.startsWith('/api')) continue;
        const config = (route.config ?? {}) as { auth?: AuthLevel };
        const schema = (route.schema ?? {}) as TableRoute['schema'];
        routes.push({
          method,
          url: route.url,
          key: `${method} ${route.url}`,
          // the auth plugin lives in the /api scope: routes outside it (API docs) are public
          auth: route.url.startsWith('/api/docs') ? 'public' : (config.auth ?? 'user'),
          websocket: Boolean((route as { websocket?: boolean }).websocket),
          schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
        });
      }
    },
  });
  const seen = new Set<string>();
  const unique = routes.filter((r) => (seen.has(r.key) ? false : (seen.add(r.key), true)));
  return { server, routes: unique };
}

/** The path with every `:param` (and a trailing `*`) replaced by `fill(name)`, URL-encoded. */
export function fillPath(url: string, fill: (name: string) => string): string {
  return url
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(fill(name)))
    .replace(/\*$/, () => encodeURIComponent(fill('*')));
}

export const paramNames = (url: string) =>
  [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!).concat(url.endsWith('*') ? ['*'] : []);
