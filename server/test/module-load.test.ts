import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Whatever file of an area is loaded first, nothing may read another module's value while the
 * modules load (areas import each other in one direction, but the app's own modules and a relation's
 * target still load in an order no file chooses): this bundles an entry that imports each file first,
 * as the server bundle is built, and runs it in a fresh Node process.
 */
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modules = path.join(server, 'src/modules');
const pkg = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@app/'));
// Inside node_modules, so that the bundles find the packages they leave external.
const cache = path.join(server, '../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(path.join(cache, 'ltf-load-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const entries = readdirSync(modules, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(path.join(modules, d.name))
      .filter((f) => /\.(resources|service|routes)\.ts$|^index\.ts$/.test(f))
      .map((f) => path.join(d.name, f)),
  );

describe('loading any area file first', () => {
  it('finds the files to check', () => expect(entries.length).toBeGreaterThan(30));

  it.each(entries)(
    '%s loads without touching a value not yet defined',
    { timeout: 60_000 },
    async (entry) => {
      const entryFile = path.join(out, `${entry.replace(/[/.]/g, '_')}.ts`);
      writeFileSync(
        entryFile,
        `import * as first from ${JSON.stringify(path.join(modules, entry))};\n` +
          `import { AREA_ROUTES } from ${JSON.stringify(path.join(modules, 'areas.ts'))};\n` +
          `if (!Object.keys(first).length || AREA_ROUTES.some((r) => typeof r !== 'function')) process.exit(3);\n`,
      );
      const bundle = entryFile.replace(/\.ts$/, '.mjs');
      await build({
        entryPoints: [entryFile],
        outfile: bundle,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        external,
        logLevel: 'silent',
      });
      expect(() => execFileSync(process.execPath, [bundle], { cwd: server, stdio: 'pipe' })).not.toThrow();
    },
  );
});
