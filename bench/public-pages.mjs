// The public pages the front-end benches measure (Lighthouse, the first load's JavaScript), and the demo
// server they measure them on: `npm run demo`'s (scripts/start.mjs --demo) on a fresh DATA_DIR.
/* global fetch */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const PAGES = [
  { name: 'home', path: '/' },
  { name: 'shop', path: '/products' },
  // Record pages at their one address (their short addresses are moved there with a 301), found on the site.
  { name: 'ad page', path: '/ads/1' },
  { name: 'venue page', path: ':venue' },
  { name: 'product page', path: '/productdetails/1' },
];

/** A page's address as the site answers it: a short one followed to its 301's, `:venue` the first place's. */
export async function resolvePath(base, path) {
  if (path === ':venue') {
    const places = await (
      await fetch(`${base}/api/vendors?populate=vendor_type&pagination[pageSize]=1`)
    ).json();
    const place = places.data[0];
    return `/${place.attributes.vendor_type.data.attributes.type}/${place.id}`;
  }
  const res = await fetch(`${base}${path}`, { redirect: 'manual' });
  return res.status === 301 ? res.headers.get('location') : path;
}
const PORTS = [3141, 3142, 3143, 3144, 3145, 3146, 3147, 3148, 3149];
const portIsFree = (port) =>
  new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** `npm run demo`'s server (scripts/start.mjs --demo) on a fresh DATA_DIR; resolves once it answers. */
export async function startDemoServer() {
  let port;
  for (const p of PORTS) {
    if (await portIsFree(p)) {
      port = p;
      break;
    }
  }
  if (!port) throw new Error(`no free port in ${PORTS[0]}-${PORTS.at(-1)}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ltf-lighthouse-'));
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=8', path.join(root, 'scripts/start.mjs'), '--demo'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start within 180 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop };
}
