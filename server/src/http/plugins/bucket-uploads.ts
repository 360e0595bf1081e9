import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeOf, type ByteRange, type Storage } from '../../storage/index.ts';
import { errorBody } from '../errors.ts';
import { sendNotFound } from './errors.ts';

/** A year, as the disk driver's static files: a stored name never changes its bytes. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

/** A stored name as the server makes them (media.storage.ts); anything else is not looked up. */
const STORED_NAME = /^(?:[a-z]{1,16}_)?[a-f0-9]{32}\.[a-z0-9]{1,8}$/;

/**
 * One `Range: bytes=a-b` (or `a-`, or `-n`) within `total` bytes: the range, `undefined` when none was
 * asked (or several, which are answered whole), or `'unsatisfiable'`.
 */
export function parseRange(
  header: string | undefined,
  total: number,
): ByteRange | undefined | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || total === 0) return 'unsatisfiable';
    return { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? total - 1 : Math.min(Number(m[2]), total - 1);
  if (start >= total || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * The public uploads of the s3 driver (decision 0022): `GET`/`HEAD /uploads/:name` streams the object of
 * the bucket's public folder with the disk driver's cache headers (a CDN or proxy in front keeps them), an
 * ETag, the length and single byte ranges. The bucket itself stays private; the private folder is never
 * read here.
 */
export function serveBucketUploads(app: FastifyInstance, storage: Storage): void {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { name } = req.params as { name: string };
    if (!STORED_NAME.test(name)) return sendNotFound(reply);
    try {
      const found = await storage.stat(false, name);
      if (!found) return sendNotFound(reply);
      const range = parseRange(req.headers.range, found.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${found.size}`).send();
      }
      if (req.method === 'HEAD') {
        return reply
          .header('cache-control', PUBLIC_CACHE)
          .header('content-type', contentTypeOf(name))
          .header('accept-ranges', 'bytes')
          .header('last-modified', found.modified.toUTCString())
          .header('content-length', found.size)
          .send();
      }
      const opened = await storage.open(false, name, range);
      if (!opened) return sendNotFound(reply);
      if (opened.etag && req.headers['if-none-match'] === opened.etag) {
        opened.stream.destroy();
        return reply.code(304).header('etag', opened.etag).header('cache-control', PUBLIC_CACHE).send();
      }
      reply
        .header('cache-control', PUBLIC_CACHE)
        .header('content-type', contentTypeOf(name))
        .header('accept-ranges', 'bytes')
        .header('content-length', opened.size);
      if (opened.etag) reply.header('etag', opened.etag);
      if (opened.modified) reply.header('last-modified', opened.modified.toUTCString());
      if (opened.range) {
        reply
          .code(206)
          .header('content-range', `bytes ${opened.range.start}-${opened.range.end}/${opened.totalSize}`);
      }
      return reply.send(opened.stream);
    } catch (err) {
      req.log.error({ err }, 'public upload could not be read from the storage');
      return reply
        .code(503)
        .send(errorBody(503, 'ServiceUnavailableError', 'The file storage is unavailable'));
    }
  };
  // Out of the API docs, as the disk driver's static files are.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/:name',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler,
  });
}
