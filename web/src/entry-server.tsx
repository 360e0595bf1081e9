/**
 * The server's render of a public page (server/src/http/plugins/server-render.ts loads the build of
 * this file): the same routes and components as the browser's, rendered to HTML with the API answers
 * they ask for, which travel in the page as the query cache's state so the browser's first render
 * (a hydration) has them without asking again.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { DehydratedState, Query } from '@tanstack/react-query';
import { setApiTransport } from './api/client.ts';
import { PageHeadContext, type PageHead } from './app/head.tsx';
import type { RouteHandle } from './app/prefetch.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';

export type { PageHead } from './app/head.tsx';

/** A rendered page: the root's HTML, its head and the answers its render used. */
export interface RenderedPage {
  html: string;
  head: PageHead | undefined;
  state: DehydratedState;
  /** How many times the render stopped to fetch what it asked for (0: its route's prefetch had it all). */
  fetchRounds: number;
}

/** Calls travel through the server's own routes (`transport` answers a `/api/…` URL). */
export function setTransport(transport: typeof fetch): void {
  setApiTransport(transport);
}

/**
 * Renders passes until no query is left waiting (a page asks for a second answer once the first is
 * in, such as an ad's related ads after the ad): each pass fetches what the last one asked for. A route's
 * `prefetch` (app/prefetch.ts) fills the cache before the first pass.
 */
const MAX_PASSES = 6;

/** How `renderToString` marks a part that was waiting (for its code): the browser renders it. */
const SUSPENDED = '<!--$!-->';

const handler = createStaticHandler(routes);

function waiting(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

async function toText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream)
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return text;
}

/** The page at `url` (path and query) as an anonymous visitor sees it. */
export async function renderPage(url: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`the route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No retries and no refetches: one answer per call, then the page is written.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  // The routes' own data first (app/prefetch.ts): a page that declares it renders once.
  const { search } = new URL(url, 'http://localhost');
  await Promise.all(
    context.matches.map((match) =>
      (match.route.handle as RouteHandle | undefined)?.prefetch?.({
        queryClient,
        params: match.params,
        search,
      }),
    ),
  );
  let html = '';
  let head: PageHead | undefined;
  let fetchRounds = 0;
  const collect = (declared: PageHead) => {
    head = declared;
  };
  const app = () => (
    <StrictMode>
      <PageHeadContext.Provider value={collect}>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </PageHeadContext.Provider>
    </StrictMode>
  );
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    head = undefined;
    html = renderToString(app());
    if (html.includes(SUSPENDED)) {
      // A page's code not loaded yet (the first render of a lazy page in this process): loaded by a
      // render that waits for it, then rendered again.
      await toText((await prerenderToNodeStream(app())).prelude);
      continue;
    }
    const asked = queryClient.getQueryCache().getAll().filter(waiting);
    if (asked.length === 0) break;
    fetchRounds += 1;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  }
  // A page whose data could not all be read (a rate limit, the database away) is not written with its
  // error states for search engines to keep: the server sends the plain page, whose app asks again.
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error');
  if (failed) throw new Error(`a call of the page failed: ${String(failed.state.error)}`);
  return { html, head, state: dehydrate(queryClient), fetchRounds };
}
