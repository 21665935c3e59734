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
 */
export interface LazySchemaCompilers {
  buildValidator: ValidatorFactory;
  buildSerializer: SerializerFactory;
  /** compiles every schema not compiled yet; returns how many it compiled */
  compileAll(): number;
}

export function lazySchemaCompilers(): LazySchemaCompilers {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const pending = new Set<() => unknown>();

  /** `compile` runs once, on the first call of the returned getter (or in compileAll) */
  const once = <T>(compile: () => T): (() => T) => {
    let compiled: { value: T } | undefined;
    const get = () => {
      if (!compiled) {
        compiled = { value: compile() };
        pending.delete(get);
      }
      return compiled.value;
    };
    pending.add(get);
    return get;
  };

  const buildValidator: ValidatorFactory = (externalSchemas, options) => {
    const compileFor = validators(externalSchemas, options);
    return (route) => {
      // Fastify lower-cases a header schema's names for its own compiler only, not for a custom
      // one like this; no route declares one, and none may without that handled
      if (route.httpPart === 'headers')
        throw new Error(`${route.method} ${route.url}: header schemas are not supported`);
      const validate = once(() => compileFor(route));
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
      const serialize = once(() => compileFor(route));
      return (doc: unknown) => serialize()(doc);
    };
  };

  return {
    buildValidator,
    buildSerializer,
    compileAll() {
      const all = [...pending];
      for (const compile of all) compile();
      return all.length;
    },
  };
}
