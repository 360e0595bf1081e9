import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress, prng } from '../directory-helpers.ts';
import { buildProviderAd } from '../factories.ts';
import { buildProvider, createTestApp, type TestContext } from '../helpers.ts';

/**
 * A small fuzz test (issue 9, item 13): 2,000 malformed queries and bodies, from a seeded generator
 * so a failure repeats, sent to every public route. Whatever comes in, no answer is a 5xx.
 */
const REQUESTS = 2_000;
const SEED = 20261123;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const provider = await buildProvider(ctx);
  for (let i = 0; i < 3; i++) await buildProviderAd(ctx, provider);
});
afterAll(() => ctx.close());

const rnd = prng(SEED);

const STRINGS = [
  '',
  ' ',
  'a',
  'yes',
  'no',
  'CA',
  'US',
  'Incall',
  'Light,Heavy',
  'id:desc',
  'title:asc',
  '*',
  '%',
  '%%',
  '_',
  "'; drop table users; --",
  '" or 1=1 --',
  '\\',
  '\u0000',
  '\ud83d\ude00',
  'ü',
  '\u202e',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'null',
  'undefined',
  'true',
  'false',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1.5',
  '-1',
  '0',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999',
  '2026-13-45',
  '[object Object]',
  '__proto__',
  'constructor',
  'a'.repeat(5000),
];
const KEYS = [
  'filters',
  'populate',
  'fields',
  'sort',
  'pagination',
  'page',
  'pageSize',
  'start',
  'limit',
  'id',
  'title',
  'city',
  'state',
  'user',
  'provider',
  'likes',
  'comments',
  'images',
  'language',
  'race',
  'age',
  'call',
  'kissing',
  'cum',
  'donation_hour',
  '$eq',
  '$ne',
  '$in',
  '$notIn',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$between',
  '$contains',
  '$containsi',
  '$startsWith',
  '$null',
  '$notNull',
  '$and',
  '$or',
  '$not',
  '$unknown',
  '__proto__',
  'constructor',
  '0',
  '1',
  'country_code',
  'state_code',
  'format',
  'purpose',
  'data',
];

function value(depth: number): unknown {
  const roll = rnd.next();
  if (depth > 0 && roll < 0.25) return object(depth - 1);
  if (depth > 0 && roll < 0.35) return Array.from({ length: rnd.int(0, 4) }, () => value(depth - 1));
  if (roll < 0.45) return rnd.pick([0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_VALUE]);
  if (roll < 0.5) return rnd.pick([true, false, null]);
  return rnd.pick(STRINGS);
}

function object(depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = rnd.int(0, 4); i > 0; i--) out[rnd.pick(KEYS)] = value(depth);
  return out;
}

/** Writes a value as query-string pairs the way qs reads them (a[b][0]=c), malformed on purpose now and then. */
function toQuery(prefix: string, v: unknown, out: string[]): void {
  if (v !== null && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    if (!entries.length) out.push(`${encodeURIComponent(prefix)}[]=`);
    for (const [k, x] of entries) toQuery(`${prefix}[${k}]`, x, out);
    return;
  }
  const text = v === undefined ? '' : String(v);
  const raw = rnd.chance(0.05);
  out.push(raw ? `${prefix}=${text}` : `${encodeURIComponent(prefix)}=${encodeURIComponent(text)}`);
}

function query(): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(object(4))) toQuery(k, v, out);
  if (rnd.chance(0.1)) out.push(rnd.pick(['%', '%zz', '&&&', '[', 'a[b]c=1', 'a[]=1&a[0]=2', '=']));
  return out.join('&');
}

function body(): { payload: string; type: string } {
  const roll = rnd.next();
  if (roll < 0.1)
    return {
      payload: rnd.pick(['', '{', 'null', '[]', '"x"', '{"data":', '\u0000']),
      type: 'application/json',
    };
  if (roll < 0.15) return { payload: 'data=1&x[y]=2', type: 'application/x-www-form-urlencoded' };
  if (roll < 0.2)
    return {
      payload: '--x\r\nContent-Disposition: form-data; name="files"\r\n\r\nabc',
      type: 'multipart/form-data; boundary=x',
    };
  const data = rnd.chance(0.7) ? { data: object(3) } : object(3);
  return { payload: JSON.stringify(data), type: 'application/json' };
}

function pathId(): string {
  return encodeURIComponent(
    String(rnd.pick([1, 2, 3, 0, -1, 1.5, 'abc', '2147483648', '1e3', '%00', '..', ' 1'])),
  );
}

describe('fuzzing the public routes', () => {
  it(`answers ${REQUESTS} malformed queries and bodies without a 5xx`, { timeout: 240_000 }, async () => {
    const routes = ctx.app.apiRoutes.filter((r) => r.access === 'public');
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      const route = routes[i % routes.length]!;
      const url = route.url.replace(/:\w+/g, () => pathId());
      const q = query();
      const write = route.method !== 'GET' && route.method !== 'DELETE';
      const b = write ? body() : undefined;
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: q ? `${url}?${q}` : url,
        remoteAddress: newAddress(),
        ...(b ? { payload: b.payload, headers: { 'content-type': b.type } } : {}),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        failures.push(
          `${route.method} ${url}?${q.slice(0, 300)} ${b?.payload.slice(0, 300) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
    // The generator must reach past validation now and then, or it tests nothing but the parser.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(200);
  });
});
