import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Requests being handled by every app of this process (`othersMayWait`). */
let inFlight = 0;

/** The clients (connections) that asked something in this window of `CLIENT_WINDOW_MS`, and in the last. */
const CLIENT_WINDOW_MS = 50;
let windowStart = 0;
let clients = new WeakSet<object>();
let clientsNow = 0;
let clientsBefore = 0;

function countClient(req: FastifyRequest): void {
  const now = performance.now();
  if (now - windowStart > CLIENT_WINDOW_MS) {
    clientsBefore = now - windowStart > 2 * CLIENT_WINDOW_MS ? 0 : clientsNow;
    clients = new WeakSet();
    clientsNow = 0;
    windowStart = now;
  }
  // A request without a socket (none is expected; an injected one has one) counts as a client of its own.
  const socket = (req.raw.socket as object | null | undefined) ?? {};
  if (!clients.has(socket)) {
    clients.add(socket);
    clientsNow++;
  }
}

/**
 * Whether other requests may wait for the CPU a request uses now: more than one is being handled, or
 * more than one client asked something in the last 50–100 ms. (A request that arrives while another
 * one's work runs is not read, so not counted, until that work ends.) directory.page.ts then hands its
 * statement to SQLite's reader thread; one client asking one thing at a time is answered sooner without.
 */
export const othersMayWait = (): boolean => inFlight > 1 || Math.max(clientsNow, clientsBefore) > 1;

/** How long a close waits for the requests still being handled. */
const DRAIN_GRACE_MS = 15_000;

/**
 * Closing the app waits for the requests still being handled. Fastify's close waits for the open
 * connections only: a client that hung up (a load generator stopping, a browser leaving) leaves its
 * handler running with no connection, and the database closed after `app.close()` then fails it
 * ("driver has already been destroyed", a 500). A request counts from its first hook until its
 * answer is handed to the send hooks — which happens whether or not its client is still there.
 */
export function waitForRequestsOnClose(app: FastifyInstance, graceMs = DRAIN_GRACE_MS) {
  const open = new Set<FastifyRequest>();
  let drained: (() => void) | undefined;
  const finish = (req: FastifyRequest) => {
    if (!open.delete(req)) return;
    inFlight--;
    if (open.size === 0) drained?.();
  };
  app.addHook('onRequest', (req, _reply, done) => {
    open.add(req);
    inFlight++;
    countClient(req);
    done();
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    finish(req);
    done(null, payload);
  });
  // A reply that never passes the send hooks (hijacked, or the connection failed first).
  app.addHook('onResponse', (req, _reply, done) => {
    finish(req);
    done();
  });
  // Before the server closes and the plugins' own close hooks run: Fastify already answers 503 to new
  // requests at this point, so only those in flight are awaited.
  app.addHook('preClose', async () => {
    if (open.size === 0) return;
    await new Promise<void>((resolve) => {
      drained = resolve;
      setTimeout(resolve, graceMs).unref();
    });
  });
}
