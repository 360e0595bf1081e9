import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { homeListingUrl } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { sendNotFound } from './errors.ts';

/**
 * The files the site serves besides the API: public uploads under `/uploads/` (their names change
 * with their contents, so they are cached for a year), the built web app (its hashed assets cached for
 * a year, compressed ahead by the build), and its shell (`index.html`) for every client-side route
 * (/ad/2, /productdetails/5, ...). Anything else unknown is the JSON 404. Registered after the routes.
 */
async function webShell(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const publicUploads = path.join(config.dataDir, 'uploads', 'public');
  mkdirSync(publicUploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: publicUploads,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    index: false,
    dotfiles: 'deny',
  });

  const webDist = config.webDist;
  const hasWeb = !!webDist && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build's Brotli and gzip copies (web/vite.config.ts), for clients that accept them.
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The home page's first call, named with the page so the browser fetches it while the script loads
  // (the app's own request then takes the preloaded answer: same URL, same credentials mode).
  const homePreload = `<${homeListingUrl()}>; rel=preload; as=fetch; crossorigin`;

  app.setNotFoundHandler((req, reply) => {
    if (
      req.url.startsWith('/api') ||
      req.url.startsWith('/uploads/') ||
      !hasWeb ||
      !['GET', 'HEAD'].includes(req.method)
    ) {
      return sendNotFound(reply);
    }
    if (req.url === '/') reply.header('link', homePreload);
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDist!);
  });
}

export default fp(webShell, { name: 'web-shell' });
