import type { FastifyInstance } from 'fastify';
import type { WriteFeed } from '../shared-state.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every successful write request (a method other than GET, HEAD or OPTIONS answered 2xx) is published
 * on the write feed before its answer leaves, so that by the time the caller reads the answer, the
 * other processes have been told and drop the answers they kept (response-cache.ts).
 */
export function installWritePublishing(app: FastifyInstance, writes: WriteFeed) {
  app.addHook('onSend', async (req, reply) => {
    if (READS.has(req.method) || reply.statusCode < 200 || reply.statusCode >= 300) return;
    await writes.publish();
  });
}
