import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonForScript, pageEncoding } from '../src/http/plugins/page-parts.ts';
import { newAddress } from './directory-helpers.ts';
import { buildProvider, buildVendor, createTestApp, type TestContext } from './helpers.ts';
import { makeProduct } from './orders-helpers.ts';
import { insertPlace } from './places-helpers.ts';

const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Live the Fantasy!</title>' +
  '<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

// A build without its server render: public pages are the plain shell (server-render.test.ts has the
// rendered pages).
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
      '/messages/4',
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
