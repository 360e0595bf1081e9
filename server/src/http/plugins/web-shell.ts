import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CARD_IMAGE_SIZES, cardImage, homeListingUrl, isAppPath, type CardImageFile } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { compressReady } from '../compress-ready.ts';
import { escapeMarkup } from '../markup.ts';
import { loosePath } from '../route-path.ts';
import { sendNotFound } from './errors.ts';

/** The id of the page's `<script type="application/json">` that holds the home listing's answer. */
export const HOME_LISTING_ELEMENT_ID = 'ltf-home-listing';

/**
 * The attributes of an `<link rel=preload as=image>` for the first card's first photo of a listing
 * answer, chosen as the card chooses its `src`, `srcset` and `sizes` (domain `cardImage`). Undefined when
 * the first card has no photo (or the listing is empty).
 */
export function firstPhotoPreload(listing: unknown): string | undefined {
  const first = (listing as { data?: { attributes?: { images?: { data?: unknown } } }[] } | null)?.data?.[0];
  const images = first?.attributes?.images?.data;
  const file = (Array.isArray(images) ? images[0] : undefined)?.attributes as CardImageFile | undefined;
  const image = cardImage(file);
  if (!image) return undefined;
  return image.srcSet
    ? `rel="preload" as="image" imagesrcset="${escapeMarkup(image.srcSet)}" imagesizes="${CARD_IMAGE_SIZES}" fetchpriority="high"`
    : `rel="preload" as="image" href="${escapeMarkup(image.src)}" fetchpriority="high"`;
}

/**
 * JSON as the text of a `<script type="application/json">`: every `<` written `\u003c` (still the
 * same JSON), so no `</script>` or `<!--` in the data can end the element or start a comment. So are
 * U+2028 and U+2029, which some tools still read as line ends.
 */
export function jsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Brotli, else gzip, else none, as the request's `Accept-Encoding` allows (`;q=0` refuses one). */
export function pageEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  const allowed = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) allowed.add(name);
  }
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * A page made for this request, compressed here: @fastify/compress compresses the answers of routes,
 * and the shell is served by the not-found handler. Brotli at the API answers' cheap quality.
 */
function sendPage(req: FastifyRequest, reply: FastifyReply, page: string) {
  void reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = pageEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(page);
  return reply.header('content-encoding', encoding).send(compressReady(page, encoding));
}

/**
 * The files the site serves besides the API: public uploads under `/uploads/` (their names change
 * with their contents, so they are cached for a year), the built web app (its hashed assets cached for
 * a year, compressed ahead by the build), and its shell (`index.html`) for every client-side route
 * (/ad/2, /productdetails/5, ...). The shell answers 404 where the app shows its Not Found page: a path
 * the app has no page at, a product or place that the public cannot read. An unknown API or upload path
 * is the JSON 404. Registered after the routes.
 */
async function webShell(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const webDist = await registerStaticFiles(app, config);

  const homeUrl = homeListingUrl();
  // When the listing cannot be written into the page, the page names its first call instead, so the
  // browser fetches it while the script loads (the app's own request then takes the preloaded answer:
  // same URL, same credentials mode).
  const homePreload = `<${homeUrl}>; rel=preload; as=fetch; crossorigin`;
  // The shell as built: read once, the server starts after the build.
  const shell = webDist ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';

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
    if (await missingPage(app, req)) return sendPage(req, reply.code(404), shell);
    if (req.url === '/') {
      const page = await homePage(app, req, shell, homeUrl);
      if (page !== undefined) return sendPage(req, reply, page);
      reply.header('link', homePreload);
    }
    return reply.type('text/html').sendFile('index.html', webDist);
  });
}

/**
 * The pages of one record and the API read that says whether the public can see it (the id as the app
 * reads it, decoded): the app shows its Not Found page when that read answers 404, or 400 for an id that
 * cannot be one. A record its owner alone may see (an archived product) is a 404 to everyone else, and so
 * to search engines, while the owner, signed in, still sees its page.
 */
const RECORD_PAGES: { page: RegExp; read: (id: string) => string | undefined }[] = [
  { page: /^\/productdetails\/([^/]+)\/*$/i, read: (id) => `/api/products/${encodeURIComponent(id)}` },
  // A place's page takes a number above zero; any other segment shows the kind's listing.
  {
    page: /^\/(?:eroticbody|sextoy|stripclub)\/([^/]+)\/*$/i,
    read: (id) => (/^\d{1,10}$/.test(id) && Number(id) > 0 ? `/api/vendors/${Number(id)}` : undefined),
  },
];

/**
 * Whether the app would show its Not Found page at this request's path: no page there, or the record of
 * a record's page is not one the public can read (asked of the route itself, as an anonymous visitor from
 * the visitor's address: the same access, response cache and rate limit).
 */
async function missingPage(app: FastifyInstance, req: FastifyRequest): Promise<boolean> {
  const pathname = req.url.split('?')[0]!;
  if (!isAppPath(pathname)) return true;
  for (const { page, read } of RECORD_PAGES) {
    const raw = page.exec(pathname)?.[1];
    if (raw === undefined) continue;
    let id: string;
    try {
      id = decodeURIComponent(raw);
    } catch {
      id = raw;
    }
    const url = read(id);
    if (url === undefined) return false;
    const answer = await app.inject({
      method: 'GET',
      url,
      remoteAddress: req.ip,
      headers: { accept: 'application/json' },
    });
    return answer.statusCode === 404 || answer.statusCode === 400;
  }
  return false;
}

/**
 * Serves the public uploads and, when it has been built, the web app's files; returns the web app's
 * folder, or undefined when there is no built app (then only the JSON 404 answers unknown paths).
 */
async function registerStaticFiles(app: FastifyInstance, config: Config): Promise<string | undefined> {
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
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return undefined;
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
  return webDist;
}

/**
 * The home page with its first listing in it: the answer the app's first call would get (the
 * anonymous listing of the default location, page 1: the app asks for it without a token whoever
 * is signed in, web/src/features/directory/api.ts), as a JSON element the app reads instead of
 * calling, and a preload of the first card's photo, so the page's largest paint starts with the
 * HTML rather than after the script and the call. The answer comes from the route itself (the same
 * access, response cache and rate limit, counted against the visitor's address as the app's call
 * was). Undefined when that answer is not a 200: the plain shell then does.
 */
async function homePage(
  app: FastifyInstance,
  req: FastifyRequest,
  shell: string,
  homeUrl: string,
): Promise<string | undefined> {
  let body: string;
  let listing: unknown;
  try {
    const answer = await app.inject({
      method: 'GET',
      url: homeUrl,
      remoteAddress: req.ip,
      headers: { accept: 'application/json' },
    });
    if (answer.statusCode !== 200) return undefined;
    body = answer.body;
    listing = JSON.parse(body);
  } catch (err) {
    req.log.warn({ err }, 'the home page is served without its listing');
    return undefined;
  }
  const preload = firstPhotoPreload(listing);
  const data =
    `<script type="application/json" id="${HOME_LISTING_ELEMENT_ID}" data-url="${escapeMarkup(homeUrl)}">` +
    `${jsonForScript(body)}</script>`;
  // Replaced by functions: a replacement string would read `$&` or `$'` in the data as patterns. The
  // app's module script runs once the whole page is parsed, so the data may come last.
  let page = shell.includes('</body>') ? shell.replace('</body>', () => `${data}</body>`) : shell + data;
  // Before the styles and scripts: the photo is the first thing the page shows big.
  if (preload) page = page.replace('<title>', () => `<link ${preload} />\n    <title>`);
  return page;
}

export default fp(webShell, { name: 'web-shell' });
