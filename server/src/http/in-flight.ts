import type { FastifyInstance, FastifyRequest } from 'fastify';

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
    if (open.delete(req) && open.size === 0) drained?.();
  };
  app.addHook('onRequest', (req, _reply, done) => {
    open.add(req);
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
