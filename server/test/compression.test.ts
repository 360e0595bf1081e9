import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProviderAd } from './factories.ts';
import { buildProvider, createTestApp, type TestContext } from './helpers.ts';

/*
 * The API's JSON answers are compressed for clients that accept it (app.ts, @fastify/compress): the
 * directory's listing (the lean page, and the response cache's kept string) as much as any other route.
 */

let ctx: TestContext;
const LISTING =
  '/api/providers?pagination[page]=1&pagination[pageSize]=10&sort=id:desc&populate[0]=images&populate[1]=user';

beforeAll(async () => {
  ctx = await createTestApp({ config: { responseCache: true } });
  const owner = await buildProvider(ctx);
  for (let n = 0; n < 10; n++) await buildProviderAd(ctx, owner, { title: `Compressed ad ${n}` });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, encoding?: string) =>
  ctx.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compressed JSON answers', () => {
  it('sends the listing as Brotli or gzip when accepted, the same JSON once decoded', async () => {
    const plain = await get(LISTING);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(10);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    // Twice each: the first answer is computed, the second comes from the response cache.
    for (let i = 0; i < 2; i++) {
      const br = await get(LISTING, 'br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toContain('accept-encoding');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

      const gzip = await get(LISTING, 'gzip, deflate');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('leaves small answers and clients that accept no encoding alone', async () => {
    const small = await get('/api/health', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });

    const identity = await get(LISTING, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().data).toHaveLength(10);
  });
});
