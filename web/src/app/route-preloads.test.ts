import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_MODULE, ROUTE_PRELOADS } from './route-preloads.ts';
import { routes } from './routes.tsx';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent : route.path ? `${parent}/${route.path}` : parent;
    return [
      ...(route.path || route.index ? [own || '/'] : []),
      ...routePaths(route.children ?? [], own),
    ];
  });
}

describe('route preloads', () => {
  it('names routes that exist', () => {
    const known = new Set(routePaths(routes));
    for (const { path: pattern } of ROUTE_PRELOADS) expect(known, pattern).toContain(pattern);
  });

  it('names modules that exist and that the routes (or their data prefetch) load lazily', () => {
    const source = ['routes.tsx', 'route-data.ts']
      .map((file) => fs.readFileSync(path.join(WEB_ROOT, 'src/app', file), 'utf8'))
      .join('\n');
    expect(fs.existsSync(path.join(WEB_ROOT, APP_MODULE))).toBe(true);
    for (const { modules } of ROUTE_PRELOADS)
      for (const module of modules) {
        expect(fs.existsSync(path.join(WEB_ROOT, module)), module).toBe(true);
        // routes.tsx and route-data.ts import them relative to src/app
        const relative = path.relative(path.join(WEB_ROOT, 'src/app'), path.join(WEB_ROOT, module));
        const specifier = relative.startsWith('.') ? relative : `./${relative}`;
        expect(source, module).toContain(`import('${specifier}')`);
      }
  });
});
