import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Json } from './helpers.ts';

/**
 * Real server processes for the tests that need one (a start that is refused, several processes, a process
 * killed with SIGKILL): the server bundled as `npm start` builds it and run by Node, with only the environment
 * a test gives it, and plain HTTP calls to it.
 */

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server bundled once for a test file: `main.js` (and the operator commands' `cli.js`), and a `remove`
 * for the file's `afterAll`.
 */
export async function buildServerBundle(): Promise<{ mainJs: string; cliJs: string; remove: () => void }> {
  // Inside node_modules, so that the bundle finds the packages it leaves external (as module-load.test.ts).
  const cache = path.join(server, '../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(path.join(cache, 'ltf-processes-'));
  const pkg = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    entryPoints: { main: path.join(server, 'src/main.ts'), cli: path.join(server, 'src/cli.ts') },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@app/')),
    logLevel: 'silent',
  });
  return {
    mainJs: path.join(out, 'main.js'),
    cliJs: path.join(out, 'cli.js'),
    remove: () => rmSync(out, { recursive: true, force: true }),
  };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  /** SIGTERM, and its exit code. */
  stop(): Promise<number | null>;
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Runs the bundle with this environment (and nothing else of ours) on a free port of 127.0.0.1. */
function spawnServer(mainJs: string, env: Record<string, string>, args: readonly string[] = []) {
  const child = spawn(process.execPath, [mainJs, ...args], {
    cwd: server,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr.on('data', (b: Buffer) => (text += b.toString()));
  return { child, output: () => text };
}

/** Starts the bundle (`DATA_DIR`, `JWT_SECRET` and the rest in `env`); answers once it listens. */
export function startServer(mainJs: string, env: Record<string, string>): Promise<ServerProcess> {
  const { child, output } = spawnServer(mainJs, env);
  const proc: ServerProcess = {
    child,
    port: 0,
    output,
    stop: () => {
      child.kill('SIGTERM');
      return exited(child);
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const running = /is running at http:\/\/[^:]+:(\d+)/.exec(output());
      if (running) {
        clearInterval(timer);
        proc.port = Number(running[1]);
        resolve(proc);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the server stopped (${child.exitCode}):\n${output()}`));
      }
    }, 50);
  });
}

/** Runs the bundle (with `args`: a cli.ts command) until it stops by itself: its exit code and output. */
export async function runUntilExit(
  mainJs: string,
  env: Record<string, string>,
  args: readonly string[] = [],
) {
  const { child, output } = spawnServer(mainJs, env, args);
  const code = await exited(child);
  return { code, output: output() };
}

/**
 * One request on a connection of its own (so a cluster's primary may hand it to any worker): its status, its
 * JSON and its text.
 */
export function callServer(
  port: number,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: Json; text: string }> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (b: Buffer) => (text += b.toString()));
        res.on('error', reject);
        res.on('end', () => {
          // A JSON answer is parsed (a failure to is an error); any other (`/metrics`'s text) is kept as text.
          if (!/json/.test(String(res.headers['content-type'] ?? ''))) {
            resolve({ status: res.statusCode!, json: undefined, text });
            return;
          }
          try {
            resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : undefined, text });
          } catch {
            reject(
              new Error(`${method} ${url} answered ${res.statusCode} with no JSON: ${text.slice(0, 200)}`),
            );
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Waits until `check` holds, polling every 20 ms; throws after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
