import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type PluginOption, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { APP_MODULE, ROUTE_PRELOADS, START_MODULE } from './src/app/route-preloads.ts';
import { APP_STYLES_ATTRIBUTE } from './src/app/startup/app-styles.ts';

// The API server runs on :3000 in development; the built app is served by it, same-origin.
const API_TARGET = process.env.FANSPACE_API_URL ?? 'http://localhost:3000';

const plugins: PluginOption[] = [react(), tailwindcss()];

/** The browser build's own steps: the server-rendering build (`--ssr`) has no HTML or assets. */
const clientBuild = (_config: unknown, env: { command: string; isSsrBuild?: boolean }) =>
  env.command === 'build' && env.isSsrBuild !== true;

/**
 * Writes `.br` and `.gz` beside every text asset of the build, at maximum compression, once:
 * the server (@fastify/static `preCompressed`) sends them to browsers that accept them, so no
 * request pays for compressing (docs/PERFORMANCE.md, "The web app").
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
function precompress(): PluginOption {
  let outDir = 'dist';
  return {
    name: 'fanspace-precompress',
    apply: clientBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
      }
    },
  };
}
plugins.push(precompress());

/**
 * Writes dist/route-preloads.json: for each URL pattern of src/app/route-preloads.ts, the
 * chunks its page load needs that index.html does not already preload (the entry and its
 * static imports): the app chunk, the route's lazy pages, and everything they import
 * statically (`visitorFiles`: the same for a route's `visitor` modules). The server turns them
 * into <link rel="modulepreload"> (server/src/platform/http/spa-html.ts), so they download in
 * parallel instead of one round trip after another.
 */
function routePreloads(): PluginOption {
  let root = '';
  return {
    name: 'fanspace-route-preloads',
    apply: clientBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[], into = new Set<string>()) => {
        for (const file of start) {
          if (into.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const chunkOf = (module: string): string => {
        const id = path.resolve(root, module);
        const chunk =
          chunks.find((c) => c.facadeModuleId === id) ??
          chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) throw new Error(`route-preloads: ${module} is in no chunk (renamed?)`);
        return chunk.fileName;
      };
      const inHtml = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const needed = (modules: readonly string[]) =>
        [...closure([START_MODULE, APP_MODULE, ...modules].map(chunkOf))]
          .filter((file) => !inHtml.has(file))
          .map((file) => `/${file}`);
      const manifest = {
        always: needed([]),
        routes: ROUTE_PRELOADS.map((route) => ({
          path: route.path,
          files: needed(route.modules),
          ...(route.visitor ? { visitorFiles: needed(route.visitor) } : {}),
        })),
      };
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}
plugins.push(routePreloads());

/**
 * The app's stylesheet no longer blocks the first paint (Lighthouse: render-blocking resource):
 * the HTML splash has inline styles of its own, so the <link rel="stylesheet"> Vite writes for
 * the CSS main.tsx imports becomes a preload – fetched at once, at the same high priority – and
 * main.tsx applies it and waits for it before it removes the splash and renders
 * (src/app/startup/app-styles.ts). A build whose index.html has no such link is left as it is.
 */
function deferStylesheet(): PluginOption {
  return {
    name: 'fanspace-defer-stylesheet',
    apply: clientBuild,
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"((?: crossorigin)?) href="([^"]+\.css)">/g,
          `<link rel="preload" as="style"$1 href="$2" ${APP_STYLES_ATTRIBUTE}>`,
        ),
    },
  };
}
plugins.push(deferStylesheet());

// React itself, which main.tsx (the entry) needs, and the libraries only the app chunk needs:
// two chunks, so the entry's module evaluation – one task, the longest of a /login load on a
// slow phone – does not also evaluate the router, TanStack Query and zustand; the app chunk's
// evaluation (a task of its own) does (docs/PERFORMANCE.md, "Mobile pass")
const VENDOR_REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const VENDOR =
  /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/;

/**
 * react-router's package exports point every condition at its development build, whose only
 * difference is ENABLE_DEV_WARNINGS = true (remix-run/react-router#12532): the build takes its
 * production build, so the warnings and their checks drop out of the bundle.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins,
  // the server-rendering build (`--ssr`, dist-ssr/) is imported by the server, never served
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    proxy: {
      // `ws: true` also forwards the realtime websocket at /api/realtime.
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      // contracts/ builds its schemas with TypeBox's Type.* at module load; the web app needs
      // few of them at run time, so treat those calls as pure and let unused schemas (and
      // most of TypeBox) drop out of the bundle: /login must stay within 150 KB of gzipped JS
      treeshake: { manualPureFunctions: ['Type'] },
      output: {
        // the libraries every page runs on, in chunks of their own: the same from one deploy to
        // the next (cached); index.html preloads React beside the entry, and the server the
        // other vendor chunk with the app chunk (route-preloads.json `always`), so neither waits
        // for the chunk that imports it to be found
        // merge chunks under ~3 KB into a chunk loaded with them wherever that changes no side
        // effect: a signed-in / preloads 30 scripts instead of 54 (a profile 26), for ~1 KB gz
        // less in all; /login 13 → 8 scripts, +3 KB gz (docs/PERFORMANCE.md, "Mobile pass":
        // 5,000 put /login at 149 KB of its 150 KB budget)
        experimentalMinChunkSize: 3_000,
        manualChunks(id) {
          if (VENDOR_REACT.test(id)) return 'react';
          return VENDOR.test(id) ? 'vendor' : undefined;
        },
      },
    },
  },
}));
