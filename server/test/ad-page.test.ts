import { rmSync } from 'node:fs';
import path from 'node:path';
import { AD_PAGE_RELATED, adItemUrl, adPath, adRelatedUrl } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress } from './directory-helpers.ts';
import { webDistWith, webRenderer } from './web-render.ts';
import { buildProviderAd } from './factories.ts';
import {
  apiCalls,
  buildHobbyist,
  buildProvider,
  createTestApp,
  buildUser,
  type TestContext,
  type TestUser,
} from './helpers.ts';

const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Live the Fantasy! A directory and online store for adults." />' +
  '<title>Live the Fantasy!</title></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let webDist: string;
let owner: TestUser;
const ads = { shown: 0, second: 0, hidden: 0, neighbour: 0, elsewhere: 0, escaped: 0 };

beforeAll(async () => {
  webDist = webDistWith(SHELL);
  ctx = await createTestApp({ config: { webDist }, pageRenderer: await webRenderer() });
  owner = await buildProvider(ctx);
  ads.second = await buildProviderAd(ctx, owner, { name: 'Ruby', city: 'Fresno' });
  ads.shown = await buildProviderAd(ctx, owner, {
    name: 'Ruby Rosé',
    title: 'Evenings',
    city: 'San Jose',
    age: 27,
  });
  ads.hidden = await buildProviderAd(ctx, owner, { name: 'Waiting', is_showed: 0 });
  // An account whose ID check is still pending (its ads were approved before checks were asked for).
  const other = await buildUser(ctx, { userType: 'Provider', verification: 'pending' });
  ads.neighbour = await buildProviderAd(ctx, other, { name: 'Neighbour', city: 'San Jose' });
  ads.elsewhere = await buildProviderAd(ctx, other, { name: 'Far', city: 'Oakland' });
  ads.escaped = await buildProviderAd(ctx, other, {
    name: 'A "quoted" <b>name</b>',
    title: "Ends </script><!-- $& $'",
    city: 'Oakland',
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(path.dirname(webDist), { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ url, remoteAddress: newAddress() });
const canonical = (id: number, parts: { name: string; title?: string; city: string }) => adPath(id, parts);

describe("an ad's page", () => {
  it('is at the id and the slug of the stage name and city, with its own title, description and canonical link', async () => {
    const url = canonical(ads.shown, { name: 'Ruby Rosé', city: 'San Jose' });
    expect(url).toBe(`/ads/${ads.shown}/ruby-rose-san-jose`);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Ruby Rosé in San Jose, CA | Live the Fantasy!</title>');
    expect(res.body).toContain(
      '<meta name="description" content="Evenings: Ruby Rosé, 27, in San Jose, CA. Photos, details, donation, reactions and comments." />',
    );
    expect(res.body).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}${url}" />`);
    expect(res.body).toContain(
      '<meta property="og:title" content="Ruby Rosé in San Jose, CA | Live the Fantasy!" />',
    );
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // No image of a person in link previews: the site's own picture.
    expect(res.body.match(/<meta property="og:image" content="([^"]*)"/)![1]).toBe(
      `${ctx.config.publicUrl}/og-image.png`,
    );
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it("carries the answers of the page's render: the ad and its related ads, as the app asks for them", async () => {
    const res = await get(canonical(ads.shown, { name: 'Ruby Rosé', city: 'San Jose' }));
    const state = /<script type="application\/json" id="ltf-state">(.*?)<\/script>/s.exec(res.body)![1]!;
    const queries = JSON.parse(state).queries as { queryKey: unknown[]; state: { data: unknown } }[];
    const item = await get(adItemUrl(ads.shown));
    const related = await get(adRelatedUrl(ads.shown));
    expect(queries.find((q) => q.queryKey.length === 3 && q.queryKey[1] === 'ad')!.state.data).toEqual(
      item.json().data,
    );
    expect(queries.find((q) => q.queryKey[3] === 'related')!.state.data).toEqual(related.json().data);
  });

  it('moves a missing or wrong slug to the right one with a 301, keeping the query', async () => {
    const right = canonical(ads.shown, { name: 'Ruby Rosé', city: 'San Jose' });
    for (const url of [
      `/ads/${ads.shown}`,
      `/ads/${ads.shown}/`,
      `/ads/${ads.shown}/old-name`,
      `/ADS/${ads.shown}/x`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(right);
    }
    const res = await get(`/ads/${ads.shown}/old?from=share`);
    expect(res.headers.location).toBe(`${right}?from=share`);
  });

  it('answers 404 for an ad the public cannot see, one that does not exist, and an id that cannot be one', async () => {
    for (const url of [
      `/ads/${ads.hidden}/waiting-san-jose`,
      `/ads/${ads.hidden}`,
      '/ads/999999/nobody',
      '/ads/0/zero',
      '/ads/abc',
      '/ads/abc/def',
      '/ads/12345678901/x',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(SHELL);
    }
    // The other pages under /ads/ are the app's.
    for (const url of ['/ads/view', '/ads/submit', '/ads/packages', '/ads/edit/3'])
      expect((await get(url)).statusCode, url).toBe(200);
  });

  it("escapes the ad's own text in the head and the data", async () => {
    const res = await get(`/ads/${ads.escaped}`);
    expect(res.statusCode).toBe(301);
    const page = await get(res.headers.location as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<title>A &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt; in Oakland, CA | Live the Fantasy!</title>',
    );
    expect(page.body).not.toContain('</script><!--');
    expect(page.body).not.toContain('<b>name</b>');
  });
});

describe('GET /api/providers/:id/related', () => {
  it("answers whether the owner's ID is verified, their other shown ads and the city's other providers", async () => {
    const res = await get(adRelatedUrl(ads.shown));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.verified).toBe(true);
    expect(data.sameProvider.map((a: { id: number }) => a.id)).toEqual([ads.second]);
    expect(data.sameCity.map((a: { id: number }) => a.id)).toEqual([ads.neighbour]);
    // Each with what a card needs.
    expect(data.sameCity[0].attributes).toMatchObject({ name: 'Neighbour', city: 'San Jose' });
    expect(JSON.stringify(data)).not.toContain('Waiting');
  });

  it('says so when the owner is not verified', async () => {
    const { data } = (await get(adRelatedUrl(ads.neighbour))).json();
    expect(data.verified).toBe(false);
    expect(data.sameProvider.map((a: { id: number }) => a.id)).toEqual([ads.escaped, ads.elsewhere]);
    expect(data.sameCity.map((a: { id: number }) => a.id)).toEqual([ads.shown]);
  });

  it('shows at most a few of each, newest first', async () => {
    const many = await buildProvider(ctx);
    const made: number[] = [];
    for (let i = 0; i < AD_PAGE_RELATED + 2; i++)
      made.push(await buildProviderAd(ctx, many, { city: 'Modesto' }));
    const { data } = (await get(adRelatedUrl(made[0]!))).json();
    expect(data.sameProvider.map((a: { id: number }) => a.id)).toEqual(
      made.slice(1).reverse().slice(0, AD_PAGE_RELATED),
    );
    expect(data.sameCity).toEqual([]);
  });

  it("is a 404 for an ad the caller cannot read, and the owner's own hidden ad is theirs to read", async () => {
    expect((await get(adRelatedUrl(ads.hidden))).statusCode).toBe(404);
    expect((await get('/api/providers/999999/related')).statusCode).toBe(404);
    expect((await get('/api/providers/abc/related')).statusCode).toBe(400);
    const api = apiCalls(ctx);
    const asOwner = await api.call('GET', adRelatedUrl(ads.hidden), { user: owner });
    expect(asOwner.statusCode).toBe(200);
    const hobbyist = await buildHobbyist(ctx);
    expect((await api.call('GET', adRelatedUrl(ads.hidden), { user: hobbyist })).statusCode).toBe(404);
  });
});
