import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressReady } from '../compress-ready.ts';
import { escapeMarkup } from '../markup.ts';

/*
 * The pieces the server writes into the app's page (index.html as built): the data its render used,
 * and a page's own title, description and links for search engines and link previews.
 */

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

/**
 * The page with `html` added at the end of its body. Replaced by a function: a replacement string
 * would read `$&` or `$'` in the data as patterns. The app's module script runs once the whole page
 * is parsed, so data may come last.
 */
export function appendToBody(page: string, html: string): string {
  return page.includes('</body>') ? page.replace('</body>', () => `${html}</body>`) : page + html;
}

/** What a page says of itself in its head. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's one address, absolute (`PUBLIC_URL` and the path). */
  canonical: string;
  /** Open Graph's type: `website` for listings, `profile` or `product` for a record's page. */
  type: string;
  /** The site's name in link previews. */
  siteName: string;
  /** The preview's picture, absolute: the site's own (web/public/og-image.png), never a person's photo. */
  image: string;
}

/**
 * The page with its own title, description, canonical link and Open Graph and Twitter tags in place
 * of the shell's title and description. The preview's picture is the site's own, never a person's photo.
 */
export function withHead(page: string, head: PageHead): string {
  const e = escapeMarkup;
  const tags = [
    `<title>${e(head.title)}</title>`,
    `<link rel="canonical" href="${e(head.canonical)}" />`,
    `<meta property="og:type" content="${e(head.type)}" />`,
    `<meta property="og:site_name" content="${e(head.siteName)}" />`,
    `<meta property="og:title" content="${e(head.title)}" />`,
    `<meta property="og:description" content="${e(head.description)}" />`,
    `<meta property="og:url" content="${e(head.canonical)}" />`,
    `<meta property="og:image" content="${e(head.image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(head.title)}" />`,
    `<meta name="twitter:description" content="${e(head.description)}" />`,
    `<meta name="twitter:image" content="${e(head.image)}" />`,
  ].join('\n    ');
  return page
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${e(head.description)}" />`,
    )
    .replace(/<title>[^<]*<\/title>/, () => tags);
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
export function sendPage(req: FastifyRequest, reply: FastifyReply, page: string) {
  void reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = pageEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(page);
  return reply.header('content-encoding', encoding).send(compressReady(page, encoding));
}

/**
 * An API route's answer to an anonymous GET, asked of the app itself from the visitor's address (the
 * same access, response cache and rate limit as the app's own call).
 */
export function askAnonymously(req: FastifyRequest, url: string) {
  return req.server.inject({
    method: 'GET',
    url,
    remoteAddress: req.ip,
    headers: { accept: 'application/json' },
  });
}
