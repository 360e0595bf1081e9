import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The hot reads on SQLite (the listing's page, one provider: db/database.ts `HotReader`) run on a thread
 * of their own with its own read-only connection when other requests may be waiting (`offload`), so the
 * statement, most of such a request's time, runs beside the request handling instead of in turn with it. better-sqlite3 runs a statement synchronously
 * on the thread that calls it; with WAL each statement reads the last committed state, as PostgreSQL's
 * connections do, while the main connection writes (decision 0013). The thread starts at the first read
 * and ends with the handle (`close`).
 */

/** What the reader thread is sent: a statement's text and parameters, numbered. */
interface ReadRequest {
  n: number;
  text: string;
  params: readonly unknown[];
}

/** What it answers: the rows as arrays, or the error, and how many statements it keeps prepared. */
interface ReadAnswer {
  n: number;
  rows?: unknown[][];
  error?: { message: string; code?: string };
  kept: number;
}

interface ReaderData {
  driver: string;
  file: string;
  keep: number;
  pragmas: string[];
}

/**
 * The reader thread's program, run from its source text (`new Worker(…, { eval: true })`, so it needs no
 * file of its own in the build): it refers to nothing outside itself, and loads modules through
 * `process.getBuiltinModule`, which no bundler rewrites (esbuild renames a `require`).
 */
function readerThread(): void {
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
  const data = workerData as ReaderData;
  const load = process.getBuiltinModule('node:module').createRequire(data.driver);
  const Driver = load(data.driver) as typeof import('better-sqlite3');
  // The thread only reads: a statement that would write fails.
  const db = new Driver(data.file, { fileMustExist: true, readonly: true });
  for (const pragma of data.pragmas) db.pragma(pragma);
  const kept = new Map<string, import('better-sqlite3').Statement>();
  parentPort!.on('message', ({ n, text, params }: ReadRequest) => {
    let answer: ReadAnswer;
    try {
      let stmt = kept.get(text);
      if (!stmt) {
        stmt = db.prepare(text).raw(true);
        kept.set(text, stmt);
        if (kept.size > data.keep) kept.delete(kept.keys().next().value!);
      }
      answer = { n, rows: stmt.all(...params) as unknown[][], kept: kept.size };
    } catch (err) {
      const { message, code } = err as { message: string; code?: string };
      answer = { n, error: { message, code }, kept: kept.size };
    }
    parentPort!.postMessage(answer);
  });
}

const SOURCE = `(${readerThread.toString()})()`;
const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');

/** How long reads stay on the main connection after the thread failed. */
const RETRY_MS = 5000;

/** A statement's error from the reader thread, with SQLite's code (as better-sqlite3's `SqliteError`). */
export class SqliteReadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SqliteError';
  }
}

export class SqliteReader {
  private worker: Worker | undefined;
  private readonly pending = new Map<
    number,
    { resolve(rows: unknown[][]): void; reject(err: Error): void }
  >();
  private last = 0;
  private closed = false;
  private ended: Promise<number> | undefined;
  /** When the thread last failed: reads are not handed to it for `RETRY_MS` after. */
  private failedAt = -Infinity;
  /** How many statements the thread keeps prepared (as of its last answer). */
  kept = 0;

  /**
   * @param file the database file (opened by the main connection first, which sets WAL)
   * @param keep statements kept prepared, the oldest forgotten past this many
   * @param pragmas set on the thread's connection as it opens (cache and memory map)
   */
  constructor(
    private readonly file: string,
    private readonly keep: number,
    private readonly pragmas: string[],
  ) {}

  /**
   * Whether reads may be handed to the thread: not after `close`, nor for a while after it failed (it could
   * not open the file, say), when the main connection reads instead.
   */
  get available(): boolean {
    return !this.closed && performance.now() - this.failedAt > RETRY_MS;
  }

  /** Runs a read on the thread: its rows as arrays. */
  read(text: string, params: readonly unknown[]): Promise<unknown[][]> {
    if (this.closed) return Promise.reject(new Error('the SQLite reader is closed'));
    const worker = this.worker ?? this.start();
    const n = ++this.last;
    // The thread keeps the process alive while a read waits on it, and only then.
    if (this.pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(n, { resolve, reject });
      worker.postMessage({ n, text, params } satisfies ReadRequest);
    });
  }

  private start(): Worker {
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: {
        driver: DRIVER,
        file: this.file,
        keep: this.keep,
        pragmas: this.pragmas,
      } satisfies ReaderData,
    });
    // An idle thread does not keep the process alive (a handle left open: a script, a test).
    worker.unref();
    worker.on('message', (answer: ReadAnswer) => {
      const waiting = this.pending.get(answer.n);
      this.pending.delete(answer.n);
      if (this.pending.size === 0) worker.unref();
      this.kept = answer.kept;
      if (!waiting) return;
      if (answer.error) waiting.reject(new SqliteReadError(answer.error.message, answer.error.code));
      else waiting.resolve(answer.rows!);
    });
    // A thread that failed (it could not open the file) or ended fails what waits on it; reads go to the
    // main connection for a while, then the next one handed here starts another thread.
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.kept = 0;
      if (!this.closed) this.failedAt = performance.now();
      for (const { reject } of this.pending.values()) reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the SQLite reader thread ended (${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Ends the thread and closes its connection (what still waits fails); once. */
  async close(): Promise<void> {
    this.closed = true;
    this.ended ??= this.worker?.terminate() ?? Promise.resolve(0);
    await this.ended;
  }
}
