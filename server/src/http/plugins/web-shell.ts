import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  adPageId,
  CARD_IMAGE_SIZES,
  cardImage,
  homeListingUrl,
  isPrivatePage,
  matchAppPath,
  type CardImageFile,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { escapeMarkup } from '../markup.ts';
import { loosePath } from '../route-path.ts';
import { serveAdPage } from './ad-page.ts';
import { sendNotFound } from './errors.ts';
import { appendToBody, askAnonymously, inlineAnswer, sendPage } from './page-parts.ts';

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
    if (adId !== undefined) return serveAdPage(req, reply, shell, adId, config.publicUrl);
    if (await missingPage(app, req)) return sendPage(req, reply.code(404), shell);
    if (isPrivatePage(loosePath(req.url))) return sendPage(req, reply, privateShell);
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
  const appPath = matchAppPath(pathname);
  // An ad page's path whose id cannot be one (ads with ids are answered before, serveAdPage).
  if (appPath === undefined || appPath.startsWith('/ads/:id')) return true;
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
    const answer = await askAnonymously(req, url);
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
    const answer = await askAnonymously(req, homeUrl);
    if (answer.statusCode !== 200) return undefined;
    body = answer.body;
    listing = JSON.parse(body);
  } catch (err) {
    req.log.warn({ err }, 'the home page is served without its listing');
    return undefined;
  }
  const preload = firstPhotoPreload(listing);
  let page = appendToBody(shell, inlineAnswer(homeUrl, body, HOME_LISTING_ELEMENT_ID));
  // Before the styles and scripts: the photo is the first thing the page shows big.
  if (preload) page = page.replace('<title>', () => `<link ${preload} />\n    <title>`);
  return page;
}

export default fp(webShell, { name: 'web-shell' });
