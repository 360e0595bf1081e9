import type { IncomingMessage, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
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

/** How long a close waits for the requests still being handled, unless told (`DRAIN_GRACE_MS`). */
const DRAIN_GRACE_MS = 10_000;

/**
 * How long a keep-alive connection with no request may stay open once closing started. A client using
 * its connection sends its next request within this and is answered with `Connection: close`; closing an
 * idle connection at once would race a request already on its way (the client sees a reset).
 */
export const IDLE_LINGER_MS = 1000;

/** The connection's requests being answered now, and since when it has had none. */
interface ConnectionUse {
  busy: number;
  idleSince: number;
}

/**
 * Closing the app, as a stopping process does (SIGTERM, a rolling restart's old worker):
 *
 * 1. New connections are refused at once: the listening socket closes first (in a cluster's worker, the
 *    primary stops handing it connections and gives those on their way to another worker).
 * 2. The requests in flight are answered, and so are those arriving on connections already open (Fastify's
 *    503 while closing is turned off in app.ts); every answer from now on says `Connection: close`, so the
 *    client's next request opens a new connection, to another process.
 * 3. A connection idle for `IDLE_LINGER_MS` is closed; after `graceMs` every connection is, busy or not.
 *
 * Fastify's close waits for the open connections only: a client that hung up (a load generator stopping,
 * a browser leaving) leaves its handler running with no connection, and the database closed after
 * `app.close()` then fails it ("driver has already been destroyed", a 500). So a request counts from its
 * first hook until its answer is handed to the send hooks, whether or not its client is still there, and
 * the close waits for both the requests and the connections.
 */
export function waitForRequestsOnClose(app: FastifyInstance, graceMs = DRAIN_GRACE_MS) {
  const open = new Set<FastifyRequest>();
  const connections = new Map<Socket, ConnectionUse>();
  let closingSince: number | undefined;
  let changed: (() => void) | undefined;
  const finish = (req: FastifyRequest) => {
    if (!open.delete(req)) return;
    inFlight--;
    changed?.();
  };

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: performance.now() });
    socket.once('close', () => {
      connections.delete(socket);
      changed?.();
    });
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const use = connections.get(req.socket);
    if (!use) return;
    use.busy++;
    res.once('close', () => {
      use.busy--;
      use.idleSince = performance.now();
      changed?.();
    });
  });

  app.addHook('onRequest', (req, _reply, done) => {
    open.add(req);
    inFlight++;
    countClient(req);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    // While closing, the client is told not to reuse the connection (Node closes it after this answer).
    if (closingSince !== undefined && req.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    finish(req);
    done(null, payload);
  });
  // A reply that never passes the send hooks (hijacked, or the connection failed first).
  app.addHook('onResponse', (req, _reply, done) => {
    finish(req);
    done();
  });

  // Before Fastify closes the server and the plugins' own close hooks run (the facet store's LISTEN
  // connection, say), so those outlive every request.
  app.addHook('preClose', async () => {
    closingSince = performance.now();
    // The listening socket only: Node's http close would also drop the idle keep-alive connections at
    // once (step 3 does, after the linger). Fastify's own close of the server comes after this hook.
    if (app.server.listening) net.Server.prototype.close.call(app.server);
    const deadline = closingSince + graceMs;
    await new Promise<void>((resolve) => {
      const timer = setInterval(check, 50);
      changed = check;
      check();
      function check() {
        const now = performance.now();
        if (now >= deadline) {
          // The grace is over: what is still open is cut.
          for (const socket of connections.keys()) socket.destroy();
          connections.clear();
          inFlight -= open.size;
          open.clear();
        }
        for (const [socket, use] of connections) {
          if (use.busy === 0 && now - Math.max(use.idleSince, closingSince!) >= IDLE_LINGER_MS) {
            socket.destroy();
            connections.delete(socket);
          }
        }
        if (open.size === 0 && connections.size === 0) {
          clearInterval(timer);
          changed = undefined;
          resolve();
        }
      }
    });
  });
}
