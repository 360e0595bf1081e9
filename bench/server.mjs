// Starting the built server as `npm start` starts it, and measuring it: latency under load
// (autocannon), single requests and memory. Traffic goes to 127.0.0.1 only.
/* global fetch, performance, clearTimeout */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
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
  const started = Date.now();
  const deadline = started + 600_000;
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
      throw new Error('server did not start within 600 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    /** From the spawn until /api/health answered. */
    startMs: Date.now() - started,
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

/** The server's memory from /proc: VmRSS and VmHWM (peak) of the process and its children (workers), in MB. */
export function rssMb(pid) {
  let rss = 0;
  let peak = 0;
  for (const id of processTree(pid)) {
    let status;
    try {
      status = readFileSync(`/proc/${id}/status`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
    rss += field('VmRSS');
    peak += field('VmHWM');
  }
  return { rss: Math.round(rss), peak: Math.round(peak) };
}

/** `pid` and its descendants. */
export function processTree(pid) {
  const ids = [pid];
  for (let i = 0; i < ids.length; i++) {
    try {
      const children = readFileSync(`/proc/${ids[i]}/task/${ids[i]}/children`, 'utf8').trim();
      if (children) ids.push(...children.split(' ').map(Number));
    } catch {
      // exited meanwhile
    }
  }
  return ids;
}

/** Whether a Redis server answers PING at `url` (redis://host:port). */
export async function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function timed(url) {
  const t = performance.now();
  const res = await fetch(url, { redirect: 'manual' });
  // Pages and sitemaps are text; the API's answers JSON.
  const text = await res.text();
  const body = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  return { ms: performance.now() - t, status: res.status, body };
}

/** The machine's 1-minute load average (other work on the machine shows here). */
export const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** autocannon against `url` (or `requests`, cycled) for `seconds`; latency in ms. */
export async function cannon(url, seconds, connections, requests) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, requests });
  return {
    /** The 1-minute load average when the run ended. */
    load: loadAverage(),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    mean: Math.round(result.latency.average * 100) / 100,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * One keep-alive socket asking `url` one request at a time, with as little of the client's own work as a
 * request can take: a request written once as bytes, the answer read as bytes up to its Content-Length.
 * The client shares the machine's two cores with the server; node:http's client spent twice its CPU per
 * request (a request object, every header parsed into objects), 0.06–0.18 ms more of each request's time
 * on the benchmark's VM that was not the server's (bench/results/records/2026-11-25.md, "After the record").
 */
class OneSocket {
  constructor(url) {
    const u = new URL(url);
    this.host = u.hostname;
    this.port = Number(u.port);
    this.request = Buffer.from(`GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\n\r\n`);
    this.socket = undefined;
    /** The request waiting for its answer. */
    this.pending = undefined;
  }

  async open() {
    const socket = connect(this.port, this.host);
    socket.setNoDelay(true);
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    let head = Buffer.alloc(0);
    let left = -1;
    let status = 0;
    socket.on('data', (chunk) => {
      if (left < 0) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = head.subarray(0, end).toString('latin1');
        const length = /\r\ncontent-length: *(\d+)/i.exec(text);
        status = Number(text.slice(9, 12));
        if (!length) return this.settle(new Error('an answer without Content-Length'));
        left = Number(length[1]) - (head.length - end - 4);
        head = Buffer.alloc(0);
      } else left -= chunk.length;
      if (left <= 0) {
        left = -1;
        this.settle(undefined, status);
      }
    });
    socket.on('error', (err) => this.settle(err));
    socket.on('close', () => this.settle(new Error('closed')));
    this.socket = socket;
  }

  settle(err, status) {
    const pending = this.pending;
    this.pending = undefined;
    if (!err) return pending?.resolve(status);
    this.socket?.destroy();
    this.socket = undefined;
    pending?.reject(err);
  }

  /** The answer's status. */
  async get() {
    if (!this.socket) await this.open();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(this.request);
    });
  }

  close() {
    this.socket?.destroy();
  }
}

/**
 * One connection, one request at a time, for `seconds`, timed with a sub-millisecond clock
 * (autocannon's histogram counts whole milliseconds): the figure compared with the raw SQL page
 * query. Same summary as `cannon`.
 */
export async function sequential(url, seconds) {
  const client = new OneSocket(url);
  const times = [];
  let non2xx = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    try {
      const status = await client.get();
      if (status < 200 || status > 299) non2xx++;
    } catch {
      errors++;
    }
    times.push(performance.now() - t);
  }
  client.close();
  times.sort((a, b) => a - b);
  const at = (p) =>
    Math.round(times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] * 1000) / 1000;
  return {
    load: loadAverage(),
    p50: at(50),
    p99: at(99),
    max: Math.round(times.at(-1) * 1000) / 1000,
    mean: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 1000) / 1000,
    rps: Math.round(times.length / seconds),
    requests: times.length,
    non2xx,
    errors,
    timeouts: 0,
  };
}
