import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isListingPath, MESSAGES } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KeptUntilChange } from '../kept-until-change.ts';
import { appendToBody, jsonForScript, sendPage, withHead } from './page-parts.ts';

/*
 * Public pages rendered on the server (decision 0012): the web app's own routes and components, built
 * for Node (web/src/entry-server.tsx → web/dist-ssr/), render the page as an anonymous visitor sees it.
 * The API calls the render makes are answered by the routes themselves, from the visitor's address (the
 * same access, response cache and rate limit as the browser's calls); their answers travel in the page
 * as the query cache's state, so the browser hydrates the HTML without asking again.
 */

/** What the render says of its page (web/src/app/head.tsx). */
export interface RenderedHead {
  title: string;
  description: string;
  canonical?: string;
  type?: string;
  breadcrumbs?: { name: string; path: string }[];
  jsonLd?: Record<string, unknown>[];
}

/** The build of web/src/entry-server.tsx. */
export interface PageRenderer {
  setTransport(transport: typeof fetch): void;
  renderPage(url: string): Promise<{ html: string; head: RenderedHead | undefined; state: unknown }>;
}

/** The id of the page's `<script type="application/json">` with the render's answers (web/src/app/serverState.ts). */
export const SERVER_STATE_ELEMENT_ID = 'ltf-state';

/** How long a rendered page is kept at most while nothing is written. */
const PAGE_MAX_AGE_MS = 60_000;
/** How many rendered pages are kept (the most recently asked). */
const PAGES_KEPT = 300;

/** The request a render is made for: its API calls come from the visitor's address. */
const renderingFor = new AsyncLocalStorage<FastifyRequest>();

/**
 * Makes `renderer`'s API calls answer through the app of the request being rendered, from the visitor's
 * address; only reads of the API. Returns the renderer.
 */
export function serveCallsOf(renderer: PageRenderer): PageRenderer {
  renderer.setTransport(async (input, init) => {
    const url = String(input);
    const req = renderingFor.getStore();
    if (!req || (init?.method ?? 'GET') !== 'GET' || !url.startsWith('/api/')) {
      throw new Error(
        `the server's render only reads the API, for a request (${init?.method ?? 'GET'} ${url})`,
      );
    }
    const answer = await req.server.inject({
      method: 'GET',
      url,
      remoteAddress: req.ip,
      headers: { accept: 'application/json' },
    });
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  });
  return renderer;
}

/**
 * The server's render of the web app, beside its build (`web/dist-ssr/` next to `web/dist/`), undefined
 * without one; and `load`, which imports it. Its import (React, the app's routes and components) takes a
 * good part of a second that a start does not wait for: the server calls `load` once it listens (app.ts
 * `warmUp`), and a page asked before that waits for it.
 */
export function lazyRenderer(
  webDist: string,
): { renderer: PageRenderer; load: () => Promise<unknown> } | undefined {
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  let transport: typeof fetch | undefined;
  let loading: Promise<PageRenderer> | undefined;
  const load = () =>
    (loading ??= (async () => {
      // React picks its build by NODE_ENV when first loaded: its development build renders several times
      // slower (it checks and records every element). The server runs the production build unless told.
      process.env.NODE_ENV ??= 'production';
      const loaded = (await import(pathToFileURL(file).href)) as PageRenderer;
      if (transport) loaded.setTransport(transport);
      return loaded;
    })());
  const renderer: PageRenderer = {
    setTransport(given) {
      transport = given;
    },
    renderPage: async (url) => (await load()).renderPage(url),
  };
  return { renderer: serveCallsOf(renderer), load };
}

/** The built app's style sheets that its shell does not link (`/assets/<name>.css`), as one text. */
export function pageStylesOf(webDist: string, shell: string): string {
  const assets = path.join(webDist, 'assets');
  if (!existsSync(assets)) return '';
  return readdirSync(assets)
    .filter((name) => name.endsWith('.css') && !shell.includes(`/assets/${name}`))
    .sort()
    .map((name) => readFileSync(path.join(assets, name), 'utf8').replace(/<\/style/gi, '<\\/style'))
    .join('\n');
}

/** Renders public pages into the shell and keeps them while nothing changes. */
export class PublicPages {
  private readonly kept: KeptUntilChange<string>;

  constructor(
    private readonly renderer: PageRenderer,
    private readonly shell: string,
    private readonly publicUrl: string,
    changeMark: () => string | undefined,
    /** The built app's styles besides the shell's own sheet: lazy pages' and icons', as one text. */
    private readonly pageStyles = '',
  ) {
    this.kept = new KeptUntilChange<string>(
      changeMark,
      () => Date.now() + PAGE_MAX_AGE_MS,
      PAGE_MAX_AGE_MS,
      PAGES_KEPT,
    );
  }

  /**
   * The page at the request's URL, rendered (or kept from an earlier render of the same URL); the plain
   * shell when the render fails (the browser then renders the page itself).
   */
  async send(req: FastifyRequest, reply: FastifyReply) {
    let page: string | undefined;
    try {
      page = await this.kept.get(req.url, () => renderingFor.run(req, () => this.render(req.url)));
    } catch (err) {
      req.log.warn({ err }, 'the page is served without its server render');
    }
    return sendPage(req, reply, page ?? this.shell);
  }

  private async render(url: string): Promise<string> {
    const { html, head, state } = await this.renderer.renderPage(url);
    // React writes the resources a page preloads (the first card's photo) before its markup: they go
    // in the head, where the browser finds them first.
    const preloads: string[] = [];
    const body = html.replace(/^(?:<link [^>]*\/?>)+/, (links) => {
      preloads.push(links);
      return '';
    });
    let page = this.shell.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
    if (head) page = this.withHead(page, url, head);
    // A page other than the listing comes with code loaded on demand, and its styles (and the icons it
    // draws) with that code: the HTML, shown before any script, would change its layout when they come
    // (Lighthouse measured a shift of 0.4 on a place's page). Its styles come in the page instead, about
    // ten kilobytes compressed, in the page's own request; the listing's are all in the shell's sheet.
    if (!isListingPath(url.split('?')[0]!) && this.pageStyles) {
      page = page.replace('</head>', () => `<style>${this.pageStyles}</style>\n  </head>`);
    }
    if (preloads.length) page = page.replace('<title>', () => `${preloads.join('')}\n    <title>`);
    return appendToBody(
      page,
      `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${jsonForScript(JSON.stringify(state))}</script>`,
    );
  }

  /** The page's title, description, canonical link, previews' tags and JSON-LD (its breadcrumb trail first). */
  private withHead(page: string, url: string, head: RenderedHead): string {
    const canonical = `${this.publicUrl}${head.canonical ?? url.split('?')[0]}`;
    const withTags = withHead(page, {
      title: head.title,
      description: head.description,
      canonical,
      type: head.type ?? 'website',
      siteName: MESSAGES.site.name,
      image: `${this.publicUrl}/og-image.png`,
    });
    const ld = [
      ...(head.breadcrumbs?.length
        ? [
            {
              '@context': 'https://schema.org',
              '@type': 'BreadcrumbList',
              itemListElement: head.breadcrumbs.map((crumb, i) => ({
                '@type': 'ListItem',
                position: i + 1,
                name: crumb.name,
                item: `${this.publicUrl}${crumb.path}`,
              })),
            },
          ]
        : []),
      ...(head.jsonLd ?? []).map((item) => ({ '@context': 'https://schema.org', ...item })),
    ];
    if (ld.length === 0) return withTags;
    const scripts = ld
      .map((item) => `<script type="application/ld+json">${jsonForScript(JSON.stringify(item))}</script>`)
      .join('\n    ');
    return withTags.replace('</head>', () => `    ${scripts}\n  </head>`);
  }
}
