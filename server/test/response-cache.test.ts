import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache } from '../src/http/response-cache.ts';
import { newAddress } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import { buildHobbyist, buildProvider, createTestApp, type TestContext, type TestUser } from './helpers.ts';

/**
 * Anonymous answers of the directory's reads are kept while the database is unchanged (SQLite; on
 * PostgreSQL nothing is kept and these tests check plain freshness): every write, by this app or
 * another connection, shows in the next answer, and a signed-in caller's view never reaches anyone else.
 */

let ctx: TestContext;
let owner: TestUser;
let hobbyist: TestUser;
let shown: number;
let hidden: number;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await buildProvider(ctx);
  hobbyist = await buildHobbyist(ctx);
  shown = await buildProviderAd(ctx, owner, { state: 'NM', city: 'Santa Fe', title: 'Shown' });
  hidden = await buildProviderAd(ctx, owner, {
    state: 'NM',
    city: 'Santa Fe',
    title: 'Hidden',
    is_showed: 0,
  });
});
afterAll(() => ctx.close());

async function get(url: string, user?: TestUser) {
  const res = await ctx.app.inject({
    url,
    remoteAddress: newAddress(),
    ...(user ? { headers: user.auth } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

const listing = '/api/providers?state=NM';
const ids = (body: { data: { id: number }[] }) => body.data.map((i) => i.id);

describe('kept anonymous answers', () => {
  it('answer the same twice, and a write through the API shows at once', async () => {
    const first = await get(`/api/providers/${shown}`);
    expect(await get(`/api/providers/${shown}`)).toEqual(first);
    expect(first.data.attributes.likes_count).toBe(0);

    const like = await ctx.app.inject({
      method: 'POST',
      url: '/api/likes',
      headers: hobbyist.auth,
      remoteAddress: newAddress(),
      payload: { data: { provider: shown } },
    });
    expect(like.statusCode, like.body).toBe(200);
    expect((await get(`/api/providers/${shown}`)).data.attributes.likes_count).toBe(1);
    const [item] = (await get(listing)).data as { id: number; attributes: { likes_count: number } }[];
    expect(item).toMatchObject({ id: shown, attributes: { likes_count: 1 } });
  });

  it('follow a write made through another connection to the database', async () => {
    const before = await get(listing);
    expect(before.data[0].attributes.title).toBe('Shown');
    if (ctx.database.engine === 'sqlite') {
      const other = new SQLite(path.join(ctx.config.dataDir, 'app.sqlite'));
      other.prepare('update providers set title = ? where id = ?').run('Renamed elsewhere', shown);
      other.close();
    } else {
      await ctx.database.db
        .updateTable('providers')
        .set({ title: 'Renamed elsewhere' })
        .where('id', '=', shown)
        .execute();
    }
    expect((await get(listing)).data[0].attributes.title).toBe('Renamed elsewhere');
    expect((await get(`/api/providers/${shown}`)).data.attributes.title).toBe('Renamed elsewhere');
  });

  it("never give the owner's view to anyone else, nor anyone else's to the owner", async () => {
    const own = `${listing}&filters[user][id][$eq]=${owner.id}`;
    // The owner's hidden ad, by id and in their own list: theirs to see, in either order of asking.
    expect((await get(`/api/providers/${hidden}`, owner)).data.id).toBe(hidden);
    const anonymous = await ctx.app.inject({ url: `/api/providers/${hidden}`, remoteAddress: newAddress() });
    expect(anonymous.statusCode).toBe(404);
    expect((await get(`/api/providers/${hidden}`, owner)).data.id).toBe(hidden);
    expect(ids(await get(own, owner))).toEqual([hidden, shown]);
    expect(ids(await get(own))).toEqual([shown]);
    expect(ids(await get(own, owner))).toEqual([hidden, shown]);
    expect(ids(await get(own, hobbyist))).toEqual([shown]);
  });

  it('leave errors out: a bad query stays a 400', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        url: '/api/providers?sort=password:asc',
        remoteAddress: newAddress(),
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('one computation per URL at a time', () => {
  const anonymous = (url: string) => ({ url, actor: undefined }) as unknown as FastifyRequest;
  const reply = { type: () => reply } as unknown as FastifyReply;
  /** A computation that answers when told, counting how often it started. */
  function gated(answer: unknown) {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = { n: 0 };
    const compute = async () => {
      calls.n++;
      await gate;
      return answer;
    };
    return { compute, calls, release };
  }

  it('lets concurrent anonymous requests of one URL wait for the same computation', async () => {
    const cache = new ResponseCache(() => 'mark');
    const { compute, calls, release } = gated({ n: 1 });
    const answers = Promise.all([1, 2, 3].map(() => cache.serve(anonymous('/a'), reply, compute)));
    const other = cache.serve(anonymous('/b'), reply, compute);
    release();
    expect(await answers).toEqual(Array(3).fill('{"n":1}'));
    expect(await other).toBe('{"n":1}');
    expect(calls.n).toBe(2); // one for /a, one for /b
  });

  it('starts again after a write, and shares an error without keeping it', async () => {
    let mark = 'm1';
    const cache = new ResponseCache(() => mark);
    const first = gated({ v: 1 });
    const before = cache.serve(anonymous('/a'), reply, first.compute);
    mark = 'm2'; // a write while it computes: a new request does not take the older answer
    const second = gated({ v: 2 });
    const after = cache.serve(anonymous('/a'), reply, second.compute);
    first.release();
    second.release();
    expect([await before, await after]).toEqual(['{"v":1}', '{"v":2}']);

    let fails = 0;
    const failing = async () => {
      fails++;
      await Promise.resolve();
      throw new Error('bad query');
    };
    const results = await Promise.allSettled([1, 2].map(() => cache.serve(anonymous('/c'), reply, failing)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(fails).toBe(1);
    await expect(cache.serve(anonymous('/c'), reply, failing)).rejects.toThrow('bad query');
    expect(fails).toBe(2);
  });
});
