import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/** Sends forgot-password requests (limited per address) as if forwarded for `forwardedFor`. */
async function forgot(ctx: TestContext, forwardedFor: string, remoteAddress = '10.0.0.1') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: 'nobody@example.test' },
  });
  return res.statusCode;
}

describe('TRUST_PROXY', () => {
  it('parses off, a hop count and a list of addresses, and names the variable when wrong', () => {
    const env = (TRUST_PROXY: string) => ({ DATA_DIR: process.env.TMPDIR ?? '/tmp', TRUST_PROXY });
    expect(loadConfig(env('')).trustProxy).toBe(false);
    expect(loadConfig(env('off')).trustProxy).toBe(false);
    expect(loadConfig(env('1')).trustProxy).toBe(1);
    expect(loadConfig(env('127.0.0.1, 10.0.0.0/8,::1')).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['0', '11', 'yes', '10.0.0.0/33', '300.1.1.1', 'example.com']) {
      expect(() => loadConfig(env(bad))).toThrow(/TRUST_PROXY/);
    }
  });

  describe('off (the default)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(() => ctx.close());

    it('ignores X-Forwarded-For: a visitor cannot pick a fresh address to escape a limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push(await forgot(ctx, `203.0.113.${i}`));
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });

    it('sends no Strict-Transport-Security over http', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('behind one trusted proxy', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ config: { trustProxy: 1, publicUrl: 'https://example.test' } });
    });
    afterAll(() => ctx.close());

    it('counts each forwarded visitor apart, so one visitor does not block the others', async () => {
      for (let i = 0; i < 12; i++) expect(await forgot(ctx, '198.51.100.7')).toBe(i < 10 ? 200 : 429);
      // The same proxy forwards another visitor: not blocked.
      expect(await forgot(ctx, '198.51.100.8')).toBe(200);
    });

    it('sends Strict-Transport-Security when PUBLIC_URL is https', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    });
  });

  describe('trusting a list of proxy addresses', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ config: { trustProxy: ['10.0.0.0/8'] } });
    });
    afterAll(() => ctx.close());

    it('believes X-Forwarded-For from a listed proxy only', async () => {
      for (let i = 0; i < 11; i++) await forgot(ctx, `192.0.2.${i}`, '10.1.2.3');
      // Through the trusted proxy each visitor had their own count.
      expect(await forgot(ctx, '192.0.2.99', '10.1.2.3')).toBe(200);
      // From an address not listed, the header is ignored: all eleven share the caller's count.
      for (let i = 0; i < 10; i++) await forgot(ctx, `192.0.2.${i}`, '172.16.0.1');
      expect(await forgot(ctx, '192.0.2.200', '172.16.0.1')).toBe(429);
    });
  });
});
