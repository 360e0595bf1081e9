// The benchmark is plain JavaScript run by node 20, which cannot import the domain's TypeScript: this
// bundles `domain/src/index.ts` with esbuild (as scripts/build.mjs bundles the server) and imports the
// result, so the benchmark's data and query strings come from the one filter contract.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let loaded;

/** The `@app/domain` module, bundled in memory (once per process). */
export function loadDomain() {
  loaded ??= bundleDomain();
  return loaded;
}

async function bundleDomain() {
  const result = await build({
    entryPoints: [path.join(root, 'domain/src/index.ts')],
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
