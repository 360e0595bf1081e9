import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRouteAccess, installAccessControl, signToken } from '../src/http/auth.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildUser,
  buildVendor,
  createTestApp,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'ltf-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  ctx = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html at / with a strict Content-Security-Policy', async () => {
    const res = await ctx.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves client routes the app shell, and other paths the shell with a 404 (web-shell.test.ts)', async () => {
    for (const url of ['/ad/2', '/faq', '/profile/edit']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const missing = await ctx.app.inject('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('serves built assets with long cache headers', async () => {
    const res = await ctx.app.inject('/assets/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
  });

  it('answers unknown /api paths and missing uploads with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/api', '/uploads/missing.jpg']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({
        data: null,
        error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
      });
    }
  });
});

describe('server basics', () => {
  it('checks the database in /api/health', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: ctx.database.engine });
  });

  it('gives every response a request id, echoing a sane one', async () => {
    const res = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const other = await ctx.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rate-limits the API', async () => {
    const res = await ctx.app.inject('/api/languages');
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('refuses a JSON body over the size limit with a 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect([404, 413]).toContain(res.statusCode);
    expect(res.statusCode).not.toBe(500);
  });

  it('publishes OpenAPI at /api/docs', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect(Object.keys(res.json().paths)).toContain('/api/health');
  });
});

describe('access control', () => {
  it('refuses to register an /api route that declares no access', async () => {
    const app = Fastify();
    installAccessControl(app, ctx.database.db, 'x'.repeat(40));
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/does not declare config.access/);
    await app.close();
  });

  it('decides by role', () => {
    const hob = { id: 1, role: 'authenticated' as const, userType: 'Hobbyist' as const };
    const admin = { id: 2, role: 'admin' as const, userType: null };
    expect(() => checkRouteAccess('public', null)).not.toThrow();
    expect(() => checkRouteAccess('authenticated', null)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => checkRouteAccess('admin', hob)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => checkRouteAccess({ userTypes: ['Provider'] }, hob)).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    expect(() => checkRouteAccess({ userTypes: ['Hobbyist'] }, hob)).not.toThrow();
    expect(() => checkRouteAccess({ userTypes: ['Provider'] }, admin)).not.toThrow();
    expect(() => checkRouteAccess('admin', admin)).not.toThrow();
  });

  it('answers 401 to a malformed, forged or expired token', async () => {
    const user = await buildHobbyist(ctx);
    const forged = await signToken('another-secret-another-secret-another', user.id);
    for (const authorization of ['Token abc', 'Bearer nonsense', `Bearer ${forged}`]) {
      const res = await ctx.app.inject({ url: '/api/users/me', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.name).toBe('UnauthorizedError');
    }
  });

  it('sends Cache-Control: no-store on every answer to a signed-in caller, and leaves anonymous ones', async () => {
    const user = await buildHobbyist(ctx);
    const admin = await buildAdmin(ctx);
    const signedIn: [string, { authorization: string }][] = [
      ['/api/users/me?populate=*', user.auth],
      [`/api/users/${user.id}`, user.auth],
      ['/api/providers?populate=*', user.auth],
      ['/api/orders', user.auth],
      ['/api/users', user.auth], // a refusal (403) too
      ['/api/users?populate=*', admin.auth],
    ];
    for (const [url, headers] of signedIn) {
      for (const encoding of ['identity', 'br, gzip']) {
        const res = await ctx.app.inject({ url, headers: { ...headers, 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
    // Anonymous answers, served from the public response cache, keep their headers.
    for (let i = 0; i < 2; i++) {
      const anon = await ctx.app.inject('/api/providers?populate=*');
      expect(anon.statusCode).toBe(200);
      expect(anon.headers['cache-control']).toBeUndefined();
    }
  });

  it('answers 401 to a blocked account', async () => {
    const blocked = await buildUser(ctx, { isActive: false });
    const res = await ctx.app.inject({ url: '/api/users/me', headers: blocked.auth });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toMatch(/blocked/);
  });
});

describe('users routes', () => {
  it('GET /api/users is for the admin only', async () => {
    expect((await ctx.app.inject('/api/users')).statusCode).toBe(401);
    for (const user of [await buildHobbyist(ctx), await buildProvider(ctx), await buildVendor(ctx)]) {
      const res = await ctx.app.inject({ url: '/api/users', headers: user.auth });
      expect(res.statusCode).toBe(403);
    }
    const admin = await buildAdmin(ctx);
    const res = await ctx.app.inject({ url: '/api/users', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.body).not.toContain('$argon2');
  });

  it('GET /api/users/me returns the caller without secrets', async () => {
    expect((await ctx.app.inject('/api/users/me')).statusCode).toBe(401);
    const user = await buildProvider(ctx);
    const res = await ctx.app.inject({ url: '/api/users/me', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, user_type: 'Provider' });
    expect(res.json()).not.toHaveProperty('password');
    expect(res.body).not.toContain('$argon2');
  });

  it('GET /api/users/:id shows the account to the owner and the admin only', async () => {
    const owner = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    const admin = await buildAdmin(ctx);
    const anon = await ctx.app.inject(`/api/users/${owner.id}`);
    expect(anon.statusCode).toBe(404);
    const asOther = await ctx.app.inject({ url: `/api/users/${owner.id}`, headers: other.auth });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.body).not.toContain(owner.email);
    for (const viewer of [owner, admin]) {
      const res = await ctx.app.inject({ url: `/api/users/${owner.id}`, headers: viewer.auth });
      expect(res.json()).toMatchObject({ id: owner.id, email: owner.email });
    }
    expect((await ctx.app.inject('/api/users/999999')).statusCode).toBe(404);
    expect((await ctx.app.inject('/api/users/abc')).statusCode).toBe(400);
  });
});
