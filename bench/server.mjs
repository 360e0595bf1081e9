// Starting the built server as `npm start` starts it, and measuring it: latency under load
// (autocannon), single requests and memory. Traffic goes to 127.0.0.1 only.
/* global fetch, performance, clearTimeout */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The node flags `npm start` runs the server with (package.json), so the benchmark measures them. */
function startFlags() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

/** Starts server/dist/main.js (with the benchmark's rate-limit stand-in) and waits until it answers. */
export async function startServer(env) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...startFlags(),
      // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      path.join(root, 'bench/no-rate-limit.mjs'),
      path.join(root, 'server/dist/main.js'),
    ],
    {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: Math.round(field('VmRSS')), peak: Math.round(field('VmHWM')) };
}

export async function timed(url) {
  const t = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  return { ms: performance.now() - t, status: res.status, body };
}

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

export async function cannon(url, seconds, connections) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return {
    /** The machine's 1-minute load average when the run ended (other work on the machine shows here). */
    load: loadAverage(),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: Math.round(result.latency.average * 100) / 100,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
