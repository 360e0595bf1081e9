#!/usr/bin/env node
// Builds the web app (Vite) and the server bundle (esbuild) when their sources changed since the
// last build; `--force` builds anyway. A fingerprint of every input is kept in server/dist/.build-stamp.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'server/dist/.build-stamp');
const INPUTS = [
  'domain/src',
  'server/src',
  'server/package.json',
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/vite-icons.ts',
  'web/package.json',
  'package-lock.json',
  'scripts/build.mjs',
];
const OUTPUTS = [
  'server/dist/main.js',
  'server/dist/cli.js',
  'web/dist/index.html',
  'web/dist-ssr/entry-server.js',
];

function walk(p, files) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort()) if (name !== 'node_modules') walk(path.join(p, name), files);
  } else if (!/\.test\.tsx?$/.test(p)) {
    files.push(p);
  }
}

function fingerprint() {
  const files = [];
  for (const i of INPUTS) walk(path.join(root, i), files);
  const hash = createHash('sha256');
  for (const f of files)
    hash.update(path.relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  return hash.digest('hex');
}

async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(root, 'server/package.json'), 'utf8'));
  // Packages stay outside the bundle, loaded from node_modules, but for the pure-JavaScript ones made of
  // hundreds of small modules (kysely, zod): resolving and loading each file costs the start more than
  // bundling them (docs/performance.md, "Start").
  const inBundle = new Set(['kysely', 'zod']);
  const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@app/') && !inBundle.has(d));
  // Chunk names change with their contents: start from an empty folder so old ones do not pile up.
  rmSync(path.join(root, 'server/dist'), { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(root, 'server/src/main.ts'), cli: path.join(root, 'server/src/cli.ts') },
    outdir: path.join(root, 'server/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    splitting: true,
    external,
    logLevel: 'warning',
  });
}

function buildWeb() {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('web build failed');
  // The server's render of public pages: the same app, built for Node (web/src/entry-server.tsx).
  const ssr = spawnSync(
    process.execPath,
    [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr', '--logLevel', 'warn'],
    { cwd: path.join(root, 'web'), stdio: 'inherit' },
  );
  if (ssr.status !== 0) throw new Error('web server-render build failed');
}

/** Builds what changed; returns true when it built. */
export async function ensureBuilt({ force = false } = {}) {
  const fp = fingerprint();
  const upToDate =
    !force &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === fp &&
    OUTPUTS.every((o) => existsSync(path.join(root, o)));
  if (upToDate) return false;
  console.log('Building the web app and the server…');
  const started = Date.now();
  buildWeb();
  await buildServer();
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, fp);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuilt({ force: process.argv.includes('--force') }).catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
