import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own compilers (Ajv for request schemas, fast-json-stringify for response schemas),
 * each route's schema compiled on its first request instead of at start-up. Compiling all
 * ~1,000 of them up front cost ~60 MB of RSS (generated source, code and Ajv state, most of it
 * for routes a process never serves) and seconds of start-up CPU (docs/PERFORMANCE.md "Server
 * RSS"). A compiled function is kept: from the second request on nothing changes.
 *
 * `compileAll()` compiles whatever is still pending, so a schema the compilers reject fails a
 * test (lazy-schemas.test.ts compiles every route of the app) rather than a request.
 * `compileRoutes()` compiles the schemas of named routes only: the server compiles the few
 * that nearly every session calls before it listens (app.ts HOT_ROUTES), so the first send of
 * a chat message after a restart does not stall the event loop for its compilation (~0.5 s
 * measured, docs/PERFORMANCE.md "Chat send").
 */
export interface LazySchemaCompilers {
  buildValidator: ValidatorFactory;
  buildSerializer: SerializerFactory;
  /** compiles every schema not compiled yet; returns how many it compiled */
  compileAll(): number;
  /** compiles the pending schemas of these routes ('GET /api/posts'); returns the routes found */
  compileRoutes(routes: readonly string[]): Set<string>;
}

/** How compileRoutes names a route: its method and URL pattern, e.g. 'GET /api/posts/:id'. */
const routeKey = (route: { method?: string | string[]; url?: string }) =>
  `${Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '')} ${route.url ?? ''}`;

export function lazySchemaCompilers(): LazySchemaCompilers {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  /** each schema not compiled yet, by the route it belongs to */
  const pending = new Map<() => unknown, string>();

  /** `compile` runs once, on the first call of the returned getter (or in compileAll) */
  const once = <T>(key: string, compile: () => T): (() => T) => {
    let compiled: { value: T } | undefined;
    const get = () => {
      if (!compiled) {
        compiled = { value: compile() };
        pending.delete(get);
      }
      return compiled.value;
    };
    pending.set(get, key);
    return get;
  };

  const buildValidator: ValidatorFactory = (externalSchemas, options) => {
    const compileFor = validators(externalSchemas, options);
    return (route) => {
      // Fastify lower-cases a header schema's names for its own compiler only, not for a custom
      // one like this; no route declares one, and none may without that handled
      if (route.httpPart === 'headers')
        throw new Error(`${route.method} ${route.url}: header schemas are not supported`);
      const validate = once(routeKey(route), () => compileFor(route));
      // Fastify reads a failed validation's errors from the function it called
      const lazy = Object.assign(
        (data: unknown) => {
          const compiled = validate();
          const valid = compiled(data);
          lazy.errors = compiled.errors;
          return valid;
        },
        { errors: undefined as ReturnType<typeof validate>['errors'] },
      );
      return lazy as unknown as ReturnType<typeof validate>;
    };
  };

  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compileFor = serializers(externalSchemas, options);
    return (route) => {
      const serialize = once(routeKey(route), () => compileFor(route));
      return (doc: unknown) => serialize()(doc);
    };
  };

  return {
    buildValidator,
    buildSerializer,
    compileAll() {
      const all = [...pending.keys()];
      for (const compile of all) compile();
      return all.length;
    },
    compileRoutes(routes) {
      const wanted = new Set(routes);
      const found = new Set<string>();
      for (const [compile, key] of [...pending]) {
        if (!wanted.has(key)) continue;
        compile();
        found.add(key);
      }
      return found;
    },
  };
}
