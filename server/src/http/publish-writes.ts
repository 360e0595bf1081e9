import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WriteFeed } from '../shared-state.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request that wrote and succeeded: a method other than GET, HEAD or OPTIONS answered 2xx. */
const wroteAndSucceeded = (req: FastifyRequest, reply: FastifyReply) =>
  !READS.has(req.method) && reply.statusCode >= 200 && reply.statusCode < 300;

/**
 * Calls `listeners` for every successful write request before its answer leaves (its transaction has
 * committed by then): this process's caches that a write elsewhere in the app may make stale (the facet
 * index, for an account blocked or a package bought) look again at the next request, whichever route wrote.
 */
export function installWriteListeners(app: FastifyInstance, listeners: Set<() => void>) {
  app.addHook('onSend', async (req, reply) => {
    if (wroteAndSucceeded(req, reply)) for (const listener of listeners) listener();
  });
}

/**
 * Every successful write request (a method other than GET, HEAD or OPTIONS answered 2xx) is published
 * on the write feed before its answer leaves; the other processes drop the answers they kept
 * (response-cache.ts) when the message reaches them, milliseconds later: a read sent to another process
 * the instant the answer arrives may still get the answer kept before. A write that commits and then
 * fails is not published (kept answers then live out their 30 s).
 */
export function installWritePublishing(app: FastifyInstance, writes: WriteFeed) {
  app.addHook('onSend', async (req, reply) => {
    if (wroteAndSucceeded(req, reply)) await writes.publish();
  });
}
