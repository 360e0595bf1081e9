import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What the server counts for the operator's alerts, in Prometheus's text format (`GET /metrics`): requests by
 * route and status, database time, the PostgreSQL pool, Redis errors, job runs, the facet index, the response
 * cache and upload bytes. One registry per process; with WORKERS=N the primary gathers every process's values
 * and adds them up (`clusterMetricsText`), so a scrape through the one port sees the whole server.
 */

export const metricsRegistry = new Registry();

const registers = [metricsRegistry];
/** One process's values as the primary gathers them. */
type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

// The process's own: CPU, memory, event-loop lag, handles.
collectDefaultMetrics({ register: metricsRegistry, prefix: 'ltf_' });

export const httpRequests = new Counter({
  name: 'ltf_http_requests_total',
  help: 'HTTP requests answered, by the route they matched (its pattern, never the URL), method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'ltf_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status class (2xx, 4xx, 5xx).',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const dbQueryDuration = new Histogram({
  name: 'ltf_db_query_duration_seconds',
  help: 'Time of the SQL statements: those of the query builder and the hot reads of the listing.',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers,
});

export const redisErrors = new Counter({
  name: 'ltf_redis_errors_total',
  help: 'Errors of the Redis connections (rate limits, throttle, news of writes).',
  registers,
});

export const jobRuns = new Counter({
  name: 'ltf_job_runs_total',
  help: 'Runs of the scheduled jobs by job and result (done, failed; a run skipped for another process is not counted).',
  labelNames: ['job', 'result'] as const,
  registers,
});

export const jobDuration = new Histogram({
  name: 'ltf_job_duration_seconds',
  help: 'Time of a scheduled job run, by job.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers,
});

export const responseCacheLookups = new Counter({
  name: 'ltf_response_cache_lookups_total',
  help: 'Look-ups of kept anonymous answers, by result (hit, miss).',
  labelNames: ['result'] as const,
  registers,
});

export const storageErrors = new Counter({
  name: 'ltf_storage_errors_total',
  help: 'Failures of the media storage driver (disk or S3 bucket), by operation (put, open, stat, remove, make_private, list, check).',
  labelNames: ['op'] as const,
  registers,
});

export const uploadBytes = new Counter({
  name: 'ltf_upload_bytes_total',
  help: 'Bytes of files received by uploads, before re-encoding.',
  registers,
});

export const mailSent = new Counter({
  name: 'ltf_mail_sent_total',
  help: 'Attempts to deliver a mail of the outbox, by result (sent, retry: failed for now, failed: given up).',
  labelNames: ['result'] as const,
  registers,
});

/** What a process reads at scrape time: the pool's counts, the facet index's size, the mail outbox. */
export interface ScrapeSources {
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  facets?: () => { shown: number; mb: number; buildMs: number; builds: number } | undefined;
  mailOutbox?: () => Promise<{ waiting: number; failed: number }>;
}
const sources: ScrapeSources = {};

/** Tells the metrics where to read the pool and the facet index (the process's database and directory). */
export function watchForMetrics(more: ScrapeSources): void {
  Object.assign(sources, more);
}

new Gauge({
  name: 'ltf_db_pool_connections',
  help: 'PostgreSQL pool connections by state (in_use, idle) and the requests waiting for one (waiting).',
  labelNames: ['state'] as const,
  registers,
  collect() {
    this.reset();
    const pool = sources.pool?.();
    if (!pool) return;
    this.set({ state: 'in_use' }, pool.total - pool.idle);
    this.set({ state: 'idle' }, pool.idle);
    this.set({ state: 'waiting' }, pool.waiting);
  },
});

new Gauge({
  name: 'ltf_facet_index_providers',
  help: 'Providers shown in the facet index the directory answers from.',
  aggregator: 'max',
  registers,
  collect() {
    const f = sources.facets?.();
    if (f) this.set(f.shown);
  },
});

new Gauge({
  name: 'ltf_facet_index_bytes',
  help: 'Memory of the facet indexes, of every process added up.',
  registers,
  collect() {
    const f = sources.facets?.();
    if (f) this.set(Math.round(f.mb * 2 ** 20));
  },
});

new Gauge({
  name: 'ltf_facet_index_build_seconds',
  help: 'Time of the latest full build of the facet index.',
  aggregator: 'max',
  registers,
  collect() {
    const f = sources.facets?.();
    if (f) this.set(f.buildMs / 1000);
  },
});

// The outbox is the database's: every process reads the same counts, so several are not added up (`max`).
new Gauge({
  name: 'ltf_mail_outbox_messages',
  help: 'Mail in the outbox by state: waiting (to send or retry), failed (given up, kept 30 days).',
  labelNames: ['state'] as const,
  aggregator: 'max',
  registers,
  async collect() {
    this.reset();
    const counts = await sources.mailOutbox?.().catch(() => undefined);
    if (!counts) return;
    this.set({ state: 'waiting' }, counts.waiting);
    this.set({ state: 'failed' }, counts.failed);
  },
});

/** A route's label: its pattern (`/api/providers/:id`); `unmatched` for a path no route has (a 404). */
export function routeLabel(pattern: string | undefined): string {
  return pattern ?? 'unmatched';
}

/** Records one answered request. */
export function recordRequest(route: string, method: string, status: number, seconds: number): void {
  httpRequests.inc({ route, method, status: String(status) });
  httpDuration.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
}

// ---------------------------------------------------------------------------------------------
// Who may read them

/** `METRICS_ALLOW`'s addresses and ranges as one list that answers whether an address is in it. */
export function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return list;
}

/** Whether `ip` is in the list (an IPv4 address written as IPv6, `::ffff:10.0.0.1`, as its IPv4 self). */
export function isAllowed(list: BlockList, ip: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4) return list.check(v4, 'ipv4');
  return list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

// ---------------------------------------------------------------------------------------------
// Several processes: the primary adds up every process's values

const ASK = 'ltf:metrics-ask';
const GATHER = 'ltf:metrics-gather';
const ANSWER = 'ltf:metrics-answer';

interface MetricsMessage {
  type: string;
  id: string;
  text?: string;
  metrics?: MetricsJson;
}

const isMetricsMessage = (m: unknown): m is MetricsMessage =>
  typeof m === 'object' && m !== null && typeof (m as MetricsMessage).type === 'string';

/** How long the primary waits for a worker's values before answering without them. */
const GATHER_TIMEOUT_MS = 2_000;

/**
 * In the primary: answers a worker's request for the whole server's metrics with its own values and every
 * live worker's, added up. A worker that does not answer in time is left out of that scrape.
 */
export function serveClusterMetrics(): void {
  const waiting = new Map<string, (metrics: MetricsJson) => void>();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.type === GATHER && message.metrics) waiting.get(message.id)?.(message.metrics);
    if (message.type !== ASK) return;
    void gather(waiting)
      .catch((err: unknown) => `# metrics could not be gathered: ${String(err)}\n`)
      .then((text) => sendTo(worker, { type: ANSWER, id: message.id, text }));
  });
}

async function gather(waiting: Map<string, (metrics: MetricsJson) => void>): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected());
  const answers = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<MetricsJson | undefined>((resolve) => {
          const id = randomUUID();
          const timer = setTimeout(() => {
            waiting.delete(id);
            resolve(undefined);
          }, GATHER_TIMEOUT_MS);
          waiting.set(id, (metrics) => {
            clearTimeout(timer);
            waiting.delete(id);
            resolve(metrics);
          });
          // A worker whose channel closed meanwhile (it is exiting) is left out of this scrape.
          if (!sendTo(worker, { type: GATHER, id })) {
            clearTimeout(timer);
            waiting.delete(id);
            resolve(undefined);
          }
        }),
    ),
  );
  const own = await metricsRegistry.getMetricsAsJSON();
  const all = [own, ...answers.filter((a): a is MetricsJson => a !== undefined)];
  return AggregatorRegistry.aggregate(all).metrics();
}

/**
 * Sends over a worker's channel; false when it is closed. A send on a channel closing meanwhile is reported to
 * the callback (unheard it would be the worker's 'error' event, which would stop the primary).
 */
function sendTo(worker: Worker, message: MetricsMessage): boolean {
  if (!worker.isConnected()) return false;
  worker.send(message, () => undefined);
  return true;
}

/** In a worker: answers the primary's gathering with this process's values. */
export function answerClusterGathering(): void {
  process.on('message', (message: unknown) => {
    if (!isMetricsMessage(message) || message.type !== GATHER) return;
    metricsRegistry
      .getMetricsAsJSON()
      .then((metrics) => process.send?.({ type: GATHER, id: message.id, metrics }, () => undefined))
      .catch(() => undefined);
  });
}

/** The text of `GET /metrics`: this process's, or in a worker the whole server's (asked of the primary). */
export function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return metricsRegistry.metrics();
  const id = randomUUID();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      // The primary did not answer: this process's own values are better than none.
      metricsRegistry.metrics().then(resolve, () => resolve(''));
    }, GATHER_TIMEOUT_MS * 2);
    function onMessage(message: unknown) {
      if (!isMetricsMessage(message) || message.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(message.text ?? '');
    }
    process.on('message', onMessage);
    process.send!({ type: ASK, id }, () => undefined);
  });
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
