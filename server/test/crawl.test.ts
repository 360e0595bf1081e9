import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { check, LinkState } from 'linkinator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_RATE_LIMIT } from '../src/http/plugins/rate-limits.ts';
import { buildProviderAd } from './factories.ts';
import { buildProvider, buildVendor, createTestApp, type TestContext } from './helpers.ts';
import { makeProduct } from './orders-helpers.ts';
import { insertPlace } from './places-helpers.ts';
import { RENDER_SHELL, webDistWith, webRenderer } from './web-render.ts';

/**
 * The site as search engines crawl it, over HTTP: a real link checker (linkinator) follows every link from
 * `/`, every URL the sitemaps name is a 200 page with its own title and its content in the HTML, and an
 * unknown path is a 404. The pages' renders count against the API's limit per address, so the app here
 * allows one address more than a visitor's limit.
 */

let ctx: TestContext;
let webDist: string;
let base: string;

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  webDist = webDistWith(RENDER_SHELL);
  ctx = await createTestApp({
    // The crawl walks every page from one address within a minute, and each render's API calls count
    // against that address: a higher limit than a visitor's keeps every page rendered.
    config: { webDist, publicUrl: base, apiRateLimit: 10 * GLOBAL_RATE_LIMIT },
    pageRenderer: await webRenderer(),
  });
  const one = await buildProvider(ctx);
  const other = await buildProvider(ctx);
  await buildProviderAd(ctx, one, { name: 'Ruby', city: 'Fresno', state: 'CA' });
  await buildProviderAd(ctx, one, { name: 'Ruby Rose', city: 'San Jose', state: 'CA' });
  await buildProviderAd(ctx, other, { name: 'Mia', city: 'Fresno', state: 'CA' });
  await buildProviderAd(ctx, other, { name: 'Nora', city: 'Austin', state: 'TX', country: 'US' });
  await buildProviderAd(ctx, other, { name: 'Hidden', city: 'Fresno', is_showed: 0 });
  await insertPlace(ctx, one.id, { type: 'sextoy' });
  await insertPlace(ctx, one.id, { type: 'stripclub' });
  const vendor = await buildVendor(ctx);
  await makeProduct(ctx.database.db, vendor.id, { name: 'Lavender oil' });
  await makeProduct(ctx.database.db, vendor.id, { name: 'Silk blindfold' });
  await ctx.app.listen({ port, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(path.dirname(webDist), { recursive: true, force: true });
});

/** The URLs of the sitemap index's files, and of those files. */
async function sitemapUrls(): Promise<string[]> {
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const index = await fetch(`${base}/sitemap.xml`);
  expect(index.status).toBe(200);
  const urls: string[] = [];
  for (const file of locs(await index.text())) {
    const res = await fetch(file);
    expect(res.status, file).toBe(200);
    urls.push(...locs(await res.text()));
  }
  return urls;
}

describe('the site crawled over HTTP', () => {
  it('has no broken link from the home page on', async () => {
    const result = await check({
      path: `${base}/`,
      recurse: true,
      concurrency: 4,
      // Only the site itself (no social network or phone link is followed).
      linksToSkip: async (link) => !link.startsWith(base),
    });
    const broken = result.links.filter((link) => link.state === LinkState.BROKEN);
    expect(broken.map((link) => `${link.status} ${link.url} (from ${link.parent})`)).toEqual([]);
    const pages = result.links.filter(
      (link) => link.state === LinkState.OK && !link.url.includes('/uploads/'),
    );
    // Ads, their locations, places, products and the site's own pages were all reached.
    for (const part of ['/ads/', '/productdetails/', '/sextoy', '/faq', '?country=US&state=TX'])
      expect(
        pages.some((link) => link.url.includes(part)),
        part,
      ).toBe(true);
  }, 180_000);

  it('answers every sitemap URL with a 200 page of its own title, its content in the HTML', async () => {
    const urls = await sitemapUrls();
    expect(urls.length).toBeGreaterThan(15);
    const titles = new Map<string, string>();
    for (const url of urls) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status, url).toBe(200);
      const html = await res.text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title, url).toBeDefined();
      expect(titles.get(title!), `${url} has the title of ${titles.get(title!)}`).toBeUndefined();
      titles.set(title!, url);
      // The page's content is in the HTML: its main heading, rendered by the server.
      const root = /<div id="root">(.*)<\/div>/s.exec(html)?.[1] ?? '';
      expect(root, url).toMatch(/<h1[ >]/);
    }
    expect(urls.some((url) => url.includes('Hidden'.toLowerCase()))).toBe(false);
  }, 180_000);

  it('answers 404 at paths the site has no page at', async () => {
    for (const pathname of [
      '/nothing-here',
      '/ads/999999/nobody',
      '/productdetails/999999',
      '/sextoy/999999',
      '/faq/more',
    ]) {
      expect((await fetch(`${base}${pathname}`)).status, pathname).toBe(404);
    }
  });
});
