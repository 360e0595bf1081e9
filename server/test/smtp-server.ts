import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  mail_from: string;
  rcpt_tos: string[];
  to: string;
  from: string;
  subject: string;
  text: string;
  raw: string;
}

export interface SmtpServer {
  port: number;
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** The messages received so far, oldest first. */
  received(): Promise<ReceivedMail[]>;
  /** Refuses mail to `address` with `reply` (`550 5.1.1 No such user`), or accepts it again (`null`). */
  refuse(address: string, reply: string | null): Promise<void>;
  /** Starts the server again on its port (after `stop`). */
  start(): Promise<void>;
  /** Stops the server: the port refuses connections (the "mail server is down" case). */
  stop(): Promise<void>;
  /** Stops it and removes what it received. */
  close(): Promise<void>;
}

/** Debian's python, which has python3-aiosmtpd (.ci/run installs it); else the one on the PATH. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const SCRIPT = path.join(import.meta.dirname, 'fixtures/smtp-server.py');

/** A port nothing listens on now, chosen by the system. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no free port');
  return address.port;
}

/**
 * A real SMTP server (aiosmtpd, `fixtures/smtp-server.py`) on a free port of 127.0.0.1, writing each message it
 * receives to a folder the test reads; it can refuse chosen recipients and be stopped and started again.
 */
export async function startSmtpServer(): Promise<SmtpServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'ltf-smtp-'));
  let child: ChildProcess | undefined;
  const rules: Record<string, string> = {};

  async function start() {
    const proc = spawn(PYTHON, [SCRIPT, '127.0.0.1', String(port), dir], { stdio: ['pipe', 'pipe', 'pipe'] });
    let errors = '';
    proc.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the SMTP server did not start: ${errors}`)), 10_000);
      proc.stdout.on('data', (chunk: Buffer) => {
        if (!chunk.toString().includes('ready')) return;
        clearTimeout(timer);
        resolve();
      });
      proc.on('exit', (code) => {
        clearTimeout(timer);
        reject(
          new Error(
            `the SMTP server stopped (${code}); it needs Debian's python3-aiosmtpd ` +
              `(apt-get install python3-aiosmtpd): ${errors}`,
          ),
        );
      });
    });
    child = proc;
  }

  async function stop() {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.on('exit', resolve));
    proc.stdin?.end();
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }

  await start();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    async received() {
      const names = (await readdir(dir)).filter((n) => n.endsWith('.json') && n !== 'refuse.json').sort();
      return Promise.all(
        names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as ReceivedMail),
      );
    },
    async refuse(address, reply) {
      if (reply === null) delete rules[address.toLowerCase()];
      else rules[address.toLowerCase()] = reply;
      await writeFile(path.join(dir, 'refuse.json'), JSON.stringify(rules));
    },
    start,
    stop,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
