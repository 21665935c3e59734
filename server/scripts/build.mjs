// `npm run build -w server`: the server as one ES module, dist/main.js, which `npm start` runs
// instead of compiling TypeScript at run time through tsx (docs/PERFORMANCE.md "Server RSS").
// `npm run dev`, the tests and the CLIs keep running the sources through tsx.
import { build } from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');
const outDir = path.join(serverDir, 'dist');

/** Installed packages stay imports; the workspace's own TypeScript (@fanspace/contracts) is bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fanspace/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Files next to a module (help/*.md, common-passwords.txt, ../../../web/dist) are found from
 * `import.meta.url`, which in the bundle is dist/main.js: each source file gets its own location
 * back, relative to the bundle (the build runs in place; the sources stay where they are).
 */
const ownLocation = {
  name: 'own-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      if (/import\.meta\.(?!url\b)/.test(source))
        throw new Error(
          `${args.path}: only import.meta.url survives bundling, not dirname/filename`,
        );
      const fromBundle = path.relative(outDir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

const result = await build({
  entryPoints: { main: path.join(serverDir, 'src', 'main.ts') },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // readable stack traces without a source map; `node --enable-source-maps` maps them to src/
  sourcemap: 'linked',
  keepNames: true,
  plugins: [packagesExternal, ownLocation],
  logLevel: 'warning',
  write: false,
});

await fs.mkdir(outDir, { recursive: true });
for (const file of result.outputFiles) {
  // esbuild escapes non-ASCII in code but keeps comments as written; one "–" in a comment makes
  // V8 hold the whole 1.7 MB source as two-byte characters. Replaced one code unit for one, so
  // the source map's columns stay right.
  const text = file.path.endsWith('.js') ? file.text.replace(/[\u0080-\uffff]/g, '?') : file.text;
  await fs.writeFile(file.path, text);
}
