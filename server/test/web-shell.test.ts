import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CARD_IMAGE_SIZES, homeListingUrl } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonForScript, pageEncoding } from '../src/http/plugins/page-parts.ts';
import { firstPhotoPreload, HOME_LISTING_ELEMENT_ID } from '../src/http/plugins/web-shell.ts';
import { buildFiles, newAddress } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import { buildProvider, buildVendor, createTestApp, type TestContext } from './helpers.ts';
import { makeProduct } from './orders-helpers.ts';
import { insertPlace } from './places-helpers.ts';

const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Live the Fantasy!</title>' +
  '<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

/** The page's home listing element: its `data-url` and its text as JSON. */
function inlineListing(html: string): { url: string; text: string } | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${HOME_LISTING_ELEMENT_ID}" data-url="([^"]*)">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? { url: match[1]!.replace(/&amp;/g, '&'), text: match[2]! } : undefined;
}

const imagePreload = (html: string) => /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];

let webDist: string;
const contexts: TestContext[] = [];
async function appWithShell(): Promise<TestContext> {
  const ctx = await createTestApp({ config: { webDist } });
  contexts.push(ctx);
  return ctx;
}
beforeAll(() => {
  webDist = mkdtempSync(path.join(tmpdir(), 'ltf-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), SHELL);
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the home page with its first listing', () => {
  let ctx: TestContext;
  let photoAd: number;
  beforeAll(async () => {
    ctx = await appWithShell();
    const owner = await buildProvider(ctx);
    const [photo, second] = await buildFiles(ctx, owner, 'image', 2);
    // As an upload stores a photo: WebP formats below the original's width, no `large` here.
    await ctx.database.db
      .updateTable('files')
      .set({
        width: 1200,
        height: 900,
        formats: JSON.stringify({
          medium: { name: 'medium_a', ext: '.webp', width: 750, height: 563 },
          thumbnail: { name: 'thumbnail_a', ext: '.webp', width: 156, height: 117 },
          small: { name: 'small_a', ext: '.webp', width: 500, height: 375 },
        }),
      })
      .where('id', 'in', [photo!, second!])
      .execute();
    await buildProviderAd(ctx, owner, { title: 'Older ad', images: [second!] });
    // The newest ad is the listing's first card. Its text holds what could end the page's script
    // element or start a comment, and replacement patterns of String.replace.
    photoAd = await buildProviderAd(ctx, owner, {
      title: "Ends </script><script>alert(1)</script> <!-- and $& $' $` $$ \u2028",
      images: [photo!],
    });
  });

  it('writes the anonymous listing answer into the page, escaped, instead of naming the call', async () => {
    const listing = await ctx.app.inject({ url: homeListingUrl(), remoteAddress: newAddress() });
    expect(listing.statusCode).toBe(200);
    const res = await ctx.app.inject({ url: '/', remoteAddress: newAddress() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['link']).toBeUndefined();
    expect(res.body).toContain('<div id="root"></div>');
    const inline = inlineListing(res.body)!;
    expect(inline.url).toBe(homeListingUrl());
    // One script element ends the data: nothing inside it reads as markup.
    expect(inline.text).not.toContain('<');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(JSON.parse(inline.text)).toEqual(listing.json());
    expect(JSON.parse(inline.text).data[0]).toMatchObject({
      id: photoAd,
      attributes: { title: "Ends </script><script>alert(1)</script> <!-- and $& $' $` $$ \u2028" },
    });
  });

  it("preloads the first card's first photo with the card's srcset and sizes, ahead of the script", async () => {
    const res = await ctx.app.inject({ url: '/', remoteAddress: newAddress() });
    const file = JSON.parse(inlineListing(res.body)!.text).data[0].attributes.images.data[0].attributes;
    const { thumbnail, small, medium } = file.formats;
    const srcset = [
      `${thumbnail.url} 156w`,
      `${small.url} 500w`,
      `${medium.url} 750w`,
      // No large format: the original is the widest choice.
      `${file.url} 1200w`,
    ].join(', ');
    expect(imagePreload(res.body)).toBe(
      `<link rel="preload" as="image" imagesrcset="${srcset}" imagesizes="${CARD_IMAGE_SIZES}" fetchpriority="high" />`,
    );
    expect(res.body.indexOf('rel="preload"')).toBeLessThan(res.body.indexOf('<script'));
  });

  it('is the same page for a signed-in visitor: the listing written in is always the anonymous one', async () => {
    const user = await buildProvider(ctx);
    const anonymous = await ctx.app.inject({ url: '/', remoteAddress: newAddress() });
    const signedIn = await ctx.app.inject({ url: '/', headers: user.auth, remoteAddress: newAddress() });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(anonymous.body);
  });

  it('is compressed as the client accepts', async () => {
    const plain = (await ctx.app.inject({ url: '/', remoteAddress: newAddress() })).body;
    const br = await ctx.app.inject({
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      remoteAddress: newAddress(),
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await ctx.app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
      remoteAddress: newAddress(),
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('leaves other pages and other listings as built', async () => {
    for (const url of ['/products', '/ad/2', '/?country=US', '/ad/1']) {
      const res = await ctx.app.inject({ url, remoteAddress: newAddress() });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
      expect(res.headers['link'], url).toBeUndefined();
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/', remoteAddress: newAddress() })).statusCode).toBe(
      200,
    );
  });

  it("counts its listing against the visitor's own address, and names the call when it is refused", async () => {
    const address = newAddress();
    // The API's limit per address is 600 requests a minute (http/plugins/rate-limits.ts).
    for (let i = 0; i < 600; i++) await ctx.app.inject({ url: '/api/languages', remoteAddress: address });
    const limited = await ctx.app.inject({ url: '/', remoteAddress: address });
    expect(limited.statusCode).toBe(200);
    expect(limited.body).toBe(SHELL);
    expect(limited.headers['link']).toBe(`<${homeListingUrl()}>; rel=preload; as=fetch; crossorigin`);
    // Another visitor still gets the listing in the page.
    expect(
      inlineListing((await ctx.app.inject({ url: '/', remoteAddress: newAddress() })).body),
    ).toBeDefined();
  });
});

describe('the home page of an empty directory', () => {
  it('holds the empty listing and no photo to preload', async () => {
    const ctx = await appWithShell();
    const res = await ctx.app.inject({ url: '/', remoteAddress: newAddress() });
    expect(res.statusCode).toBe(200);
    const listing = JSON.parse(inlineListing(res.body)!.text);
    expect(listing.data).toEqual([]);
    expect(listing.meta.pagination).toMatchObject({ page: 1, pageSize: 10, total: 0 });
    expect(imagePreload(res.body)).toBeUndefined();
    expect(res.headers['link']).toBeUndefined();
  });
});

describe('the status of a page', () => {
  let ctx: TestContext;
  let product: number;
  let place: number;
  let unapproved: number;
  beforeAll(async () => {
    ctx = await appWithShell();
    product = await makeProduct(ctx.database.db, (await buildVendor(ctx)).id);
    const owner = (await buildProvider(ctx)).id;
    place = await insertPlace(ctx, owner, { type: 'sextoy' });
    // A new place waiting for review: not shown.
    unapproved = await insertPlace(ctx, owner, { type: 'stripclub', shown: false });
  });

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.app.inject({ method, url, remoteAddress: newAddress() });

  it('marks the private pages noindex and no public one', async () => {
    for (const url of [
      '/profile',
      '/admin/users/3',
      '/Cart',
      '/checkout',
      '/login?next=%2Fwishlist',
      '/ads/view',
      '/%70rofile',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
    for (const url of ['/', '/faq', '/products', '/eroticbody', '/package']) {
      const res = await get(url);
      expect(res.body, url).not.toContain('noindex');
    }
  });

  it('is 200 with the shell at every page of the app, in any case and with a trailing slash', async () => {
    for (const url of [
      '/faq',
      '/FAQ/',
      '/ad/3',
      '/eroticbody',
      '/eroticbody/abc',
      '/eroticbody/0',
      '/faq//',
      '/faq?from=%2Fwishlist',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
    for (const url of [
      `/productdetails/${product}`,
      `/sextoy/${place}`,
      `/productdetails/${[...String(product)].map((digit) => `%3${digit}`).join('')}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('is 404 with the shell (the app’s Not Found page) where the app has no page', async () => {
    for (const url of [
      '/nothing-here',
      '/sitemap.html',
      '/faq/more',
      '/ad/',
      '//faq',
      '/faq//more',
      '/wp-login.php?x=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(SHELL);
    }
    expect((await get('/nothing-here', 'HEAD')).statusCode).toBe(404);
  });

  it('is 404 for a product or a place the public cannot read', async () => {
    await ctx.database.db
      .updateTable('places')
      .set({ review_state: 'pending' })
      .where('id', '=', place)
      .execute();
    for (const url of [
      '/productdetails/99999999',
      '/productdetails/abc',
      `/stripclub/${unapproved}`,
      '/eroticbody/99999999',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('leaves unknown API and upload paths their JSON 404', async () => {
    for (const url of ['/api/nothing', '/uploads/nothing.webp']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe('firstPhotoPreload', () => {
  const listing = (file: object | undefined) => ({
    data: [{ id: 1, attributes: { images: { data: file ? [{ id: 9, attributes: file }] : [] } } }],
  });

  it('is the src the card shows when the photo has no sized formats', () => {
    expect(firstPhotoPreload(listing({ url: '/uploads/a.png', formats: null }))).toBe(
      'rel="preload" as="image" href="/uploads/a.png" fetchpriority="high"',
    );
  });

  it('leaves the original out when there is a large format', () => {
    const preload = firstPhotoPreload(
      listing({
        url: '/uploads/a.png',
        width: 3000,
        formats: {
          large: { url: '/uploads/large_a.webp', width: 1000 },
          small: { url: '/uploads/small_a.webp', width: 500 },
        },
      }),
    );
    expect(preload).toContain('imagesrcset="/uploads/small_a.webp 500w, /uploads/large_a.webp 1000w"');
  });

  it('is nothing for an empty listing, a card without photos or an odd answer', () => {
    for (const answer of [{ data: [] }, listing(undefined), listing({ url: '' }), null, 'text', { data: 3 }])
      expect(firstPhotoPreload(answer)).toBeUndefined();
  });
});

describe('jsonForScript', () => {
  it('writes every < as \\u003c, still the same JSON', () => {
    const json = JSON.stringify({ a: '</script><!-- <b>', b: '\u2028\u2029' });
    const text = jsonForScript(json);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(JSON.parse(json));
  });
});

describe('pageEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pageEncoding('identity')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });
});
