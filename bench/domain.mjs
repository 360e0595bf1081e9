// The benchmark is plain JavaScript run by node 20, which cannot import the repository's TypeScript: this
// bundles a TypeScript module with esbuild (as scripts/build.mjs bundles the server) and imports the
// result, so the benchmark's data and query strings come from the one filter contract (`loadDomain`) and
// the accessibility bench's pages from the web app's own menus (`loadSource`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const loaded = new Map();

/** The `@app/domain` module, bundled in memory (once per process). */
export function loadDomain() {
  return loadSource('domain/src/index.ts');
}

/** A TypeScript module of the repository without React or styles (a path from the root), bundled in memory once. */
export function loadSource(file) {
  if (!loaded.has(file)) loaded.set(file, bundle(path.join(root, file)));
  return loaded.get(file);
}

async function bundle(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
