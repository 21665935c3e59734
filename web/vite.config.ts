import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API server runs on :3000 in development; the built app is served by it, same-origin.
const API_TARGET = process.env.FANSPACE_API_URL ?? 'http://localhost:3000';

// The plugins are typed against the hoisted Vite 8 (pulled in by Vitest) while this workspace
// builds with Vite 7; the plugin API they use is the same, only the declaration files differ.
const plugins = [react(), tailwindcss()] as unknown as PluginOption[];

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
    apply: 'build',
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

export default defineConfig({
  plugins,
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
    },
  },
});
