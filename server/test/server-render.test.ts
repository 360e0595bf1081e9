import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { adPath, homeListingUrl, MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRenderer } from '../src/http/plugins/server-render.ts';
import { newAddress } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  TEST_ENGINE,
  type TestContext,
} from './helpers.ts';
import { makeProduct } from './orders-helpers.ts';
import { insertPlace } from './places-helpers.ts';
import { RENDER_SHELL, webDistWith, webRenderer } from './web-render.ts';

/** The answers the page carries for the browser's hydration (web/src/app/serverState.ts). */
function carried(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const match = /<script type="application\/json" id="ltf-state">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('the page carries no answers');
  return JSON.parse(match[1]!);
}

/** The JSON-LD objects of a page's head. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]!),
  );
}

/** The page's root element's content. */
const root = (html: string) =>
  /<div id="root">(.*)<\/div><script type="application\/json"/s.exec(html)?.[1] ?? '';

let ctx: TestContext;
let webDist: string;
let renders = 0;
/** The last render's stops to fetch what it asked for (web/src/entry-server.tsx `fetchRounds`). */
let fetchRounds: number | undefined;
const ids = { ad: 0, hidden: 0, place: 0, product: 0 };

beforeAll(async () => {
  webDist = webDistWith(RENDER_SHELL);
  // A lazy page's style sheet, as the build writes it beside the shell's own.
  writeFileSync(path.join(webDist, 'assets', 'places-abc123.css'), '.venue-detail{color:red}');
  const real = await webRenderer();
  // The real render, counted.
  const renderer: PageRenderer = {
    setTransport: (transport) => real.setTransport(transport),
    renderPage: (url) => {
      renders += 1;
      return real.renderPage(url).then((page) => {
        fetchRounds = (page as { fetchRounds?: number }).fetchRounds;
        return page;
      });
    },
  };
  ctx = await createTestApp({ config: { webDist }, pageRenderer: renderer });
  const owner = await buildProvider(ctx);
  await buildProviderAd(ctx, owner, { name: 'Older', city: 'San Jose' });
  ids.ad = await buildProviderAd(ctx, owner, {
    name: 'Ruby Rosé',
    title: "Evenings </script><!-- $& $'",
    city: 'San Jose',
    age: 27,
  });
  ids.hidden = await buildProviderAd(ctx, owner, { name: 'Waiting', is_showed: 0 });
  ids.place = await insertPlace(ctx, owner.id, { type: 'sextoy' });
  ids.product = await makeProduct(ctx.database.db, (await buildVendor(ctx)).id, {
    name: 'Lavender oil',
    price: 12.5,
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(path.dirname(webDist), { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers, remoteAddress: newAddress() });

describe('the home listing rendered on the server', () => {
  it('holds the cards, its own head and the answers the render used, escaped', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    // The cards' text is in the HTML, as markup text: nothing of it ends an element or starts a comment.
    expect(root(html)).toContain('Evenings &lt;/script&gt;&lt;!-- $&amp; $&#x27;');
    expect(root(html)).toContain(MESSAGES.directory.rolePlay);
    expect(html).not.toContain('</script><!--');
    expect(html).toContain(`<title>${MESSAGES.pageHead.homeTitle}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}/" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // The listing answer the browser would ask for is in the page: the app does not ask again.
    const listing = (await get(homeListingUrl())).json();
    const answers = carried(html).queries;
    expect(answers.find((q) => q.queryKey[1] === 'providers')!.state.data).toEqual(listing);
    expect(answers.some((q) => q.queryKey[1] === 'filterdata')).toBe(true);
    expect(jsonLd(html)[0]).toMatchObject({ '@type': 'BreadcrumbList' });
    // Its route fetched all of that before rendering: one render draws the page (app/prefetch.ts).
    expect(fetchRounds).toBe(0);
  });

  it('names one canonical address per location and page, whatever the filters', async () => {
    const res = await get('/ad/2?filter[kissing]=yes&country=US&state=CA&city[0]=San%20Jose');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<link rel="canonical" href="${ctx.config.publicUrl}/ad/2?country=US&amp;state=CA&amp;city[0]=San%20Jose" />`,
    );
    expect(res.body).toContain('<title>Providers in San Jose, CA | Live the Fantasy!, page 2</title>');
  });

  it('is the anonymous page for a signed-in visitor too, and compressed as the client accepts', async () => {
    const user = await buildHobbyist(ctx);
    const anonymous = await get('/');
    const signedIn = await ctx.app.inject({ url: '/', headers: user.auth, remoteAddress: newAddress() });
    // The same page (its answers carry the time they were read, which differs when nothing is kept).
    expect(root(signedIn.body)).toBe(root(anonymous.body));
    const br = await get('/', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(root(brotliDecompressSync(br.rawPayload).toString())).toBe(root(anonymous.body));
  });

  it('is kept until something is written, then rendered again (where writes are known: not on PostgreSQL alone)', async () => {
    await get('/faq');
    const before = renders;
    await get('/faq');
    if (TEST_ENGINE === 'postgres') {
      // Without Redis a PostgreSQL server cannot know of other processes' writes: nothing is kept.
      expect(renders).toBe(before + 1);
      return;
    }
    expect(renders).toBe(before);
    await buildProviderAd(ctx, await buildProvider(ctx), { name: 'Newcomer' });
    const again = await get('/');
    expect(renders).toBe(before + 1);
    expect(root(again.body)).toContain('Newcomer');
  });

  it("counts its calls against the visitor's address: a limited visitor gets the plain page", async () => {
    await buildProviderAd(ctx, await buildProvider(ctx), { name: 'Another' }); // nothing kept
    const address = newAddress();
    // The API's limit per address is 600 requests a minute (http/plugins/rate-limits.ts).
    for (let i = 0; i < 600; i++) await ctx.app.inject({ url: '/api/languages', remoteAddress: address });
    const limited = await ctx.app.inject({ url: '/', remoteAddress: address });
    expect(limited.statusCode).toBe(200);
    expect(limited.body).toBe(RENDER_SHELL);
    expect(root((await get('/')).body)).toContain('Another');
  });
});

describe('record pages rendered on the server', () => {
  it("an ad's page: its text, head and trail; a hidden ad is a 404", async () => {
    const url = adPath(ids.ad, { name: 'Ruby Rosé', city: 'San Jose' });
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Ruby Rosé in San Jose, CA | Live the Fantasy!</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}${url}" />`);
    expect(res.body).toContain('<meta property="og:type" content="profile" />');
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // The preview's picture is the site's own, never the ad's photo.
    expect(res.body).toContain(`<meta property="og:image" content="${ctx.config.publicUrl}/og-image.png" />`);
    expect(res.body).not.toContain('/uploads/" />');
    expect(root(res.body)).toContain('<h1 class="h3 mb-1">Ruby Rosé</h1>');
    expect(root(res.body)).toContain('San Jose, CA');
    // The provider's other ad.
    expect(root(res.body)).toContain('Older');
    const trail = jsonLd(res.body)[0] as { itemListElement: { name: string }[] };
    expect(trail.itemListElement.map((c) => c.name)).toEqual(['Providers', 'CA', 'San Jose', 'Ruby Rosé']);
    // The ad, its related ads and its comments came before the render (app/prefetch.ts).
    expect(fetchRounds).toBe(0);
    expect((await get(`/ads/${ids.hidden}/waiting-san-jose`)).statusCode).toBe(404);
  });

  it("a place's page: a LocalBusiness; under another kind's path, moved to its own", async () => {
    const res = await get(`/sextoy/${ids.place}`);
    expect(res.statusCode).toBe(200);
    // The place and its first reviews came before the render (app/prefetch.ts).
    expect(fetchRounds).toBe(0);
    // Its styles come with the HTML, not later with its code (the listing's are the shell's own).
    expect(res.body).toContain('<style>.venue-detail{color:red}</style>');
    expect((await get('/')).body).not.toContain('.venue-detail{color:red}');
    expect(root(res.body)).toContain('Velvet Room');
    expect(jsonLd(res.body)).toContainEqual(
      expect.objectContaining({ '@type': 'LocalBusiness', name: 'Velvet Room', telephone: '555-0100' }),
    );
    const moved = await get(`/stripclub/${ids.place}?sort=rating`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/sextoy/${ids.place}?sort=rating`);
  });

  it("a product's page: a Product with its Offer", async () => {
    const res = await get(`/productdetails/${ids.product}`);
    expect(res.statusCode).toBe(200);
    expect(fetchRounds).toBe(0);
    expect(res.body).toContain('<title>Lavender oil | Live the Fantasy!</title>');
    expect(res.body).toContain('<meta property="og:type" content="product" />');
    expect(jsonLd(res.body)).toContainEqual(
      expect.objectContaining({
        '@type': 'Product',
        name: 'Lavender oil',
        offers: expect.objectContaining({ price: '12.50', priceCurrency: 'USD' }),
      }),
    );
    // The shop, too, renders once: its page of products and its vendors come first.
    const shop = await get('/products?pageSize=20');
    expect(root(shop.body)).toContain('Lavender oil');
    expect(fetchRounds).toBe(0);
  });

  it('static pages and listings each have their own title', async () => {
    const titles = new Set<string>();
    for (const url of [
      '/faq',
      '/termsofservice',
      '/privacypolicy',
      '/contactus',
      '/reporttrafficking',
      '/package',
      '/products',
      '/eroticbody',
      '/sextoy',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const title = /<title>([^<]*)<\/title>/.exec(res.body)![1]!;
      expect(title, url).not.toBe(MESSAGES.site.slogan);
      titles.add(title);
      expect(root(res.body).length, url).toBeGreaterThan(1000);
    }
    expect(titles.size).toBe(9);
  });

  it('leaves private pages to the browser, marked noindex', async () => {
    const res = await get('/profile');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });
});

describe("the footer's social links in the rendered page", () => {
  /** The footer's markup in a page's root. */
  const footer = (html: string) => /<footer[^>]*>(.*?)<\/footer>/s.exec(root(html))?.[1] ?? '';
  const settingsCarried = (html: string) =>
    carried(html).queries.find((q) => q.queryKey[0] === 'public-settings')?.state.data;

  it('has none while none is set, and no placeholder to a network', async () => {
    await buildHobbyist(ctx); // a write: no page is kept from before
    const html = (await get('/')).body;
    expect(footer(html)).toContain(MESSAGES.footer.terms);
    expect(footer(html)).not.toContain(MESSAGES.footer.social);
    expect(footer(html)).not.toMatch(/twitter\.com|facebook\.com|instagram\.com/);
    // The answer the footer was drawn from travels with the page, for the browser's hydration.
    expect(settingsCarried(html)).toEqual({ social_links: [] });
    expect(fetchRounds).toBe(0);
  });

  it("has those the admin set, in the HTML itself (no script needed) and in the page's answers", async () => {
    const admin = await buildAdmin(ctx);
    const res = await apiCalls(ctx).call('PUT', '/api/admin/settings', {
      user: admin,
      body: { data: { facebook_url: 'https://www.facebook.com/livethefantasy', instagram_url: '' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const url of ['/', adPath(ids.ad, { name: 'Ruby Rosé', city: 'San Jose' }), '/faq']) {
      const html = (await get(url)).body;
      expect(footer(html), url).toContain(`aria-label="${MESSAGES.footer.social}"`);
      expect(footer(html), url).toContain(
        `<a href="https://www.facebook.com/livethefantasy" aria-label="${MESSAGES.footer.facebook}" target="_blank" rel="noopener noreferrer">`,
      );
      expect(footer(html), url).not.toContain(MESSAGES.footer.instagram);
      expect(settingsCarried(html), url).toEqual({
        social_links: [{ network: 'facebook', url: 'https://www.facebook.com/livethefantasy' }],
      });
      // The layout's route fetched the settings before the render, with the page's own data (the
      // FAQ has no data of its own to fetch first).
      if (url !== '/faq') expect(fetchRounds, url).toBe(0);
    }
  });
});
