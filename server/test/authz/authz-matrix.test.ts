import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/platform/db/schema.ts';
import type { AuthLevel } from '../../src/platform/http/auth-plugin.ts';
import { createAdmin, createCreator, createUser, tokenFor } from '../factories.ts';
import type { TestServer } from '../harness.ts';
import { fillPath, serverWithRouteTable, type TableRoute } from '../hardening/route-table.ts';
import { routeAuth, type RouteAuth } from './routes.ts';

/**
 * The authorisation matrix at route level: every registered route must be declared in
 * routes.ts with the level it has in code, and each actor meets exactly the gate that level
 * promises: visitors get 401 on anything not public, fans 403 on creator and admin routes,
 * creators 403 on admin routes, admins without 2FA 403 ADMIN_2FA_REQUIRED; nobody refused
 * ever sees a 2xx. Id slots carry another user's ids (a bystander's).
 */

let server: TestServer;
let routes: TableRoute[];

type Actor = 'visitor' | 'fan' | 'creator' | 'adminWithout2fa' | 'admin';
const tokens = new Map<Actor, () => Promise<string | null>>();
let bystander: UserRow;

beforeAll(async () => {
  ({ server, routes } = await serverWithRouteTable({ RATE_LIMIT_ENABLED: 'false' }));
  const ctx = server.ctx;
  const users: Record<Exclude<Actor, 'visitor'>, UserRow> = {
    fan: await createUser(ctx),
    creator: await createCreator(ctx),
    adminWithout2fa: await createUser(ctx, { is_admin: true }),
    admin: await createAdmin(ctx),
  };
  bystander = await createCreator(ctx);
  tokens.set('visitor', async () => null);
  // a fresh session per request: a route that logs out must not spoil the next one
  for (const [actor, user] of Object.entries(users))
    tokens.set(actor as Actor, () => tokenFor(ctx, user));
});
afterAll(() => server.close());

const configLevel = (d: RouteAuth): AuthLevel => (typeof d === 'string' ? d : d[0]);
const effectiveLevel = (d: RouteAuth): AuthLevel => (typeof d === 'string' ? d : d[1]);

const declaredLine = (route: TableRoute) => `  '${route.key}': '${route.auth}',`;

/** The status (and code) the gate must answer `actor`, or null when the gate lets it through. */
function gate(level: AuthLevel, actor: Actor): { status: number; code?: string } | null {
  if (level === 'public' || level === 'pending2fa') return null;
  if (actor === 'visitor') return { status: 401 };
  if (level === 'creator' && actor !== 'creator') return { status: 403, code: 'ONLY_CREATORS' };
  if (level === 'admin' && (actor === 'fan' || actor === 'creator'))
    return { status: 403, code: 'ADMIN_REQUIRED' };
  if (level === 'admin' && actor === 'adminWithout2fa')
    return { status: 403, code: 'ADMIN_2FA_REQUIRED' };
  return null;
}

const GATE_CODES = new Set(['ONLY_CREATORS', 'ADMIN_REQUIRED', 'ADMIN_2FA_REQUIRED']);

describe('authorisation matrix', () => {
  it('declares every registered route, with the level it has in code', () => {
    const missing = routes.filter((r) => !(r.key in routeAuth));
    expect(
      missing.map(declaredLine),
      `Routes without an entry in server/test/authz/routes.ts; add these lines:\n${missing.map(declaredLine).join('\n')}\n`,
    ).toEqual([]);
    const changed = routes.filter(
      (r) => r.key in routeAuth && configLevel(routeAuth[r.key]!) !== r.auth,
    );
    expect(
      changed.map((r) => `${r.key}: declared ${String(routeAuth[r.key])}, code says ${r.auth}`),
      'A route’s access level differs from its declaration: fix the route or, if intended, the line',
    ).toEqual([]);
    const registered = new Set(routes.map((r) => r.key));
    expect(
      Object.keys(routeAuth).filter((key) => !registered.has(key)),
      'Declared routes that no longer exist: remove these lines',
    ).toEqual([]);
  });

  it('each actor meets exactly the gate of the route’s level: 0 unexpected successes', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      if (route.websocket) continue;
      const url = fillPath(route.url, (name) =>
        name === 'username' ? bystander.username : name === '*' ? 'public/none.webp' : bystander.id,
      );
      for (const [actor, token] of tokens) {
        const bearerToken = await token();
        const res = await server.app.inject({
          method: route.method as 'GET',
          url,
          headers: bearerToken ? { authorization: `Bearer ${bearerToken}` } : {},
        });
        requests += 1;
        const code = (() => {
          try {
            return (JSON.parse(res.body) as { code?: string }).code;
          } catch {
            return undefined;
          }
        })();
        const level = effectiveLevel(routeAuth[route.key] ?? route.auth);
        const expected = gate(level, actor);
        const what = `${route.key} as ${actor}: ${res.statusCode} ${code ?? ''}`;
        if (expected) {
          if (res.statusCode !== expected.status || (expected.code && code !== expected.code))
            failures.push(`${what}, expected ${expected.status} ${expected.code ?? ''}`);
        } else if (
          level !== 'pending2fa' &&
          (res.statusCode === 401 || (res.statusCode === 403 && GATE_CODES.has(code ?? '')))
        ) {
          failures.push(`${what}, expected the gate to let ${actor} through`);
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 240_000);
});
