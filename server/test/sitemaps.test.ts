import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INDEXED_PAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapFile, sitemapIndex } from '../src/modules/sitemaps/sitemaps.service.ts';
import { newAddress } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import { buildProvider, buildVendor, createTestApp, type TestContext } from './helpers.ts';
import { makeProduct } from './orders-helpers.ts';
import { insertPlace } from './places-helpers.ts';

let ctx: TestContext;
let webDist: string;
let base: string;
const ids = { product: 0, archived: 0, place: 0, hidden: 0, ad: 0, pendingAd: 0 };

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'ltf-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  ctx = await createTestApp({ config: { webDist } });
  base = ctx.config.publicUrl;
  const db = ctx.database.db;
  const vendor = (await buildVendor(ctx)).id;
  ids.product = await makeProduct(db, vendor);
  ids.archived = await makeProduct(db, vendor, { archived: true });
  const owner = (await buildProvider(ctx)).id;
  ids.place = await insertPlace(ctx, owner, { type: 'stripclub' });
  ids.hidden = await insertPlace(ctx, owner, { type: 'stripclub', shown: false });
  ids.ad = await buildProviderAd(ctx, { id: owner }, { name: 'Ruby', city: 'San Jose' });
  ids.pendingAd = await buildProviderAd(ctx, { id: owner }, { name: 'Pending', is_showed: 0 });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ url, remoteAddress: newAddress() });
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('robots.txt', () => {
  it('keeps crawlers off the API and the private pages and names the sitemap index', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /Checkout',
      'Disallow: /*?*filter[',
      'Disallow: /*?*city[1]',
    ])
      expect(res.body.split('\n')).toContain(line);
    expect(res.body).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});

describe('the sitemaps', () => {
  it('index one file per part, as XML', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(locs(res.body)).toEqual(
      ['pages', 'locations', 'ads', 'places', 'products'].map((part) => `${base}/sitemaps/${part}-1.xml`),
    );
    // The parts of records say when their newest record changed.
    expect(res.body).toMatch(/products-1\.xml<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
  });

  it("list the site's pages, the shown ads and places and the products on sale, each a page that answers 200", async () => {
    const pages = locs((await get('/sitemaps/pages-1.xml')).body);
    expect(pages).toEqual(INDEXED_PAGES.map((p) => `${base}${p}`));
    const locations = (await get('/sitemaps/locations-1.xml')).body;
    expect(locs(locations)).toEqual([
      `${base}/?country=US&state=CA`,
      `${base}/?country=US&state=CA&city[0]=San%20Jose`,
    ]);
    expect(locations).toContain(
      '<loc>http://localhost:3000/?country=US&amp;state=CA</loc>'.replace('http://localhost:3000', base),
    );
    const ads = (await get('/sitemaps/ads-1.xml')).body;
    expect(locs(ads)).toEqual([`${base}/ads/${ids.ad}/ruby-san-jose`]);
    expect(ads).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[^<]*<\/lastmod>/);
    const places = (await get('/sitemaps/places-1.xml')).body;
    expect(locs(places)).toEqual([`${base}/stripclub/${ids.place}`]);
    expect(places).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[^<]*<\/lastmod>/);
    expect(locs((await get('/sitemaps/products-1.xml')).body)).toEqual([
      `${base}/productdetails/${ids.product}`,
    ]);
    for (const url of [
      ...pages,
      ...locs(ads),
      `${base}/stripclub/${ids.place}`,
      `${base}/productdetails/${ids.product}`,
    ]) {
      expect((await get(url.slice(base.length))).statusCode, url).toBe(200);
    }
    // What they leave out is not a page.
    for (const url of [
      `/stripclub/${ids.hidden}`,
      `/productdetails/${ids.archived}`,
      `/ads/${ids.pendingAd}`,
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('are kept until something is written', async () => {
    const before = locs((await get('/sitemaps/ads-1.xml')).body);
    expect(locs((await get('/sitemaps/ads-1.xml')).body)).toEqual(before);
    const owner = await buildProvider(ctx);
    const added = await buildProviderAd(ctx, owner, { name: 'Newcomer', city: 'Fresno' });
    const after = locs((await get('/sitemaps/ads-1.xml')).body);
    expect(after).toEqual([...before, `${base}/ads/${added}/newcomer-fresno`]);
    expect(locs((await get('/sitemaps/locations-1.xml')).body)).toContain(
      `${base}/?country=US&state=CA&city[0]=Fresno`,
    );
    await ctx.database.db.deleteFrom('providers').where('id', '=', added).execute();
    expect(locs((await get('/sitemaps/ads-1.xml')).body)).toEqual(before);
  });

  it('answer 404 for a file the index does not name', async () => {
    for (const url of [
      '/sitemaps/places-2.xml',
      '/sitemaps/pages-01.xml',
      '/sitemaps/ads-2.xml',
      '/sitemaps/x',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('split a part into files of at most the limit, each named by the index', async () => {
    const db = ctx.database.db;
    const vendor = (await buildVendor(ctx)).id;
    await makeProduct(db, vendor);
    await makeProduct(db, vendor);
    const index = await sitemapIndex(db, base, 2);
    expect(locs(index).filter((l) => l.includes('/products-'))).toEqual([
      `${base}/sitemaps/products-1.xml`,
      `${base}/sitemaps/products-2.xml`,
    ]);
    const first = locs((await sitemapFile(db, base, 'products-1.xml', 2))!);
    const second = locs((await sitemapFile(db, base, 'products-2.xml', 2))!);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(new Set([...first, ...second]).size).toBe(3);
    expect(await sitemapFile(db, base, 'products-3.xml', 2)).toBeUndefined();
  });
});
