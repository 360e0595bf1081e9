import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { adPageId, decodedPath, isPrivatePage, isVenueKind, matchAppPath } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { loosePath } from '../route-path.ts';
import { uploadsRoot, type Storage } from '../../storage/index.ts';
import { serveAdPage } from './ad-page.ts';
import { serveBucketUploads } from './bucket-uploads.ts';
import { sendNotFound } from './errors.ts';
import { askAnonymously, sendPage } from './page-parts.ts';
import { lazyRenderer, pageStylesOf, PublicPages, serveCallsOf, type PageRenderer } from './server-render.ts';

/**
 * The files the site serves besides the API: public uploads under `/uploads/` (their names change
 * with their contents, so they are cached for a year), the built web app (its hashed assets cached for
 * a year, compressed ahead by the build), and its shell (`index.html`) for every client-side route
 * (/ad/2, /productdetails/5, ...). The shell answers 404 where the app shows its Not Found page: a path
 * the app has no page at, a product or place that the public cannot read. An unknown API or upload path
 * is the JSON 404. Registered after the routes.
 */
async function webShell(
  app: FastifyInstance,
  opts: {
    config: Config;
    storage: Storage;
    changeMark: () => string | undefined;
    renderer?: PageRenderer;
    /** What the server loads once it listens (app.ts `warmUp`): here the build's server render. */
    warmUps: Set<() => Promise<unknown>>;
  },
) {
  const { config } = opts;
  const webDist = await registerStaticFiles(app, config, opts.storage);

  // The shell as built: read once, the server starts after the build.
  const shell = webDist ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  // Public pages rendered on the server, when the build has its server render (server-render.ts).
  const built = !opts.renderer && webDist ? lazyRenderer(webDist) : undefined;
  if (built) opts.warmUps.add(built.load);
  const renderer = opts.renderer ? serveCallsOf(opts.renderer) : built?.renderer;
  const publicPages =
    renderer &&
    new PublicPages(
      renderer,
      shell,
      config.publicUrl,
      opts.changeMark,
      webDist ? pageStylesOf(webDist, shell) : '',
    );
  const sendPublicPage = (req: FastifyRequest, reply: FastifyReply) =>
    publicPages ? publicPages.send(req, reply) : sendPage(req, reply, shell);
  // Private pages (account, admin, cart, checkout, sign-in) tell search engines not to list them.
  const privateShell = shell.replace(
    '<title>',
    () => `<meta name="robots" content="noindex" />\n    <title>`,
  );

  app.setNotFoundHandler(async (req, reply) => {
    // However an unknown API or upload path is spelled (`/%61pi/…`, `/API/…`, `//api/…`), it is the JSON 404.
    const unknown = loosePath(req.url);
    if (
      unknown.startsWith('/api') ||
      unknown.startsWith('/uploads/') ||
      !webDist ||
      !['GET', 'HEAD'].includes(req.method)
    ) {
      return sendNotFound(reply);
    }
    reply.header('cache-control', 'no-cache');
    const adId = adPageId(loosePath(req.url));
    if (adId !== undefined) return serveAdPage(req, reply, shell, adId, sendPublicPage);
    const found = await pageAt(app, req);
    if (found === 'missing') return sendPage(req, reply.code(404), shell);
    if (typeof found === 'object') return reply.redirect(found.moved, 301);
    if (isPrivatePage(loosePath(req.url))) return sendPage(req, reply, privateShell);
    return sendPublicPage(req, reply);
  });
}

/**
 * The pages of one record and the API read that says whether the public can see it (the id as the app
 * reads it, decoded): the app shows its Not Found page when that read answers 404, or 400 for an id that
 * cannot be one. A record its owner alone may see (an archived product) is a 404 to everyone else, and so
 * to search engines, while the owner, signed in, still sees its page. `movedTo` is the record's one
 * address when the page's path is not it (a place asked for under another kind's path).
 */
const RECORD_PAGES: {
  page: RegExp;
  read: (id: string) => string | undefined;
  movedTo?: (answer: unknown, path: string) => string | undefined;
}[] = [
  { page: /^\/productdetails\/([^/]+)\/*$/i, read: (id) => `/api/products/${encodeURIComponent(id)}` },
  // A place's page takes a number above zero; any other segment shows the kind's listing.
  {
    page: /^\/(?:eroticbody|sextoy|stripclub)\/([^/]+)\/*$/i,
    read: (id) =>
      /^\d{1,10}$/.test(id) && Number(id) > 0 ? `/api/vendors/${Number(id)}?populate=vendor_type` : undefined,
    movedTo: (answer, path) => {
      const place = (answer as { data?: { id?: number; attributes?: { vendor_type?: { data?: unknown } } } })
        .data;
      const kind = (place?.attributes?.vendor_type?.data as { attributes?: { type?: unknown } } | null)
        ?.attributes?.type;
      if (typeof kind !== 'string' || !isVenueKind(kind)) return undefined;
      const own = `/${kind}/${place!.id}`;
      return path.toLowerCase().replace(/\/+$/, '') === own ? undefined : own;
    },
  },
];

/**
 * What the app would show at this request's path: its Not Found page (no page there, or the record of a
 * record's page is not one the public can read), a record under another address (`moved`), or the page.
 * The record is asked of the route itself, as an anonymous visitor from the visitor's address: the same
 * access, response cache and rate limit.
 */
async function pageAt(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<'missing' | 'page' | { moved: string }> {
  const [pathname, query] = req.url.split('?') as [string, string | undefined];
  const appPath = matchAppPath(pathname);
  // An ad page's path whose id cannot be one (ads with ids are answered before, serveAdPage).
  if (appPath === undefined || appPath.startsWith('/ads/:id')) return 'missing';
  for (const { page, read, movedTo } of RECORD_PAGES) {
    const raw = page.exec(pathname)?.[1];
    if (raw === undefined) continue;
    let id: string;
    try {
      id = decodeURIComponent(raw);
    } catch {
      id = raw;
    }
    const url = read(id);
    if (url === undefined) return 'page';
    const answer = await askAnonymously(req, url);
    if (answer.statusCode === 404 || answer.statusCode === 400) return 'missing';
    if (answer.statusCode !== 200 || !movedTo) return 'page';
    const moved = movedTo(JSON.parse(answer.body), decodedPath(pathname));
    return moved === undefined ? 'page' : { moved: moved + (query === undefined ? '' : `?${query}`) };
  }
  return 'page';
}

/**
 * Serves the public uploads and, when it has been built, the web app's files; returns the web app's
 * folder, or undefined when there is no built app (then only the JSON 404 answers unknown paths).
 */
async function registerStaticFiles(
  app: FastifyInstance,
  config: Config,
  storage: Storage,
): Promise<string | undefined> {
  if (storage.driver === 's3') {
    // The bucket is private: its public folder is streamed by the server (bucket-uploads.ts).
    serveBucketUploads(app, storage);
  } else {
    const publicUploads = path.join(uploadsRoot(config.dataDir), 'public');
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
  }

  const webDist = config.webDist;
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return undefined;
  // The fingerprinted bundles under `/assets/`: one wildcard route (a route per file would cost the start a
  // few hundred routes), kept a year. The build's Brotli and gzip copies (web/vite.config.ts) are found beside
  // each file when it is asked, for clients that accept them.
  await app.register(fastifyStatic, {
    root: path.join(webDist, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    maxAge: '365d',
    immutable: true,
    dotfiles: 'deny',
  });
  // The few files at the top (favicon, preview image): a route each, never kept long (their names stay).
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
    setHeaders: (res) => res.header('cache-control', 'no-cache'),
  });
  return webDist;
}

export default fp(webShell, { name: 'web-shell' });
