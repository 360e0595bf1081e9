import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, PACKAGES, RACES, US_STATE_CODES } from '../src/db/seed/reference-data.ts';
import { nowIso } from '../src/db/dialect.ts';
import { LIMITS } from '../src/http/strapi/parse.ts';
import { insertUser } from '../src/modules/users/users.queries.ts';
import { buildProviderAd } from './factories.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  createTestApp,
  TEST_ENGINE,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/*
 * The Strapi-style query layer (src/http/strapi) through real resources: languages, races, states,
 * packages (money in dollars over cents), users (admin list, public and private item). Runs on SQLite
 * and, with TEST_DATABASE_URL, on PostgreSQL; every expectation is the same on both.
 */

let ctx: TestContext;
let admin: TestUser;
let hobbyist: TestUser;
/** Every body this file received, checked at the end for private fields. */
const bodies: string[] = [];

type Pairs = [string, string][];
/** A URL with properly encoded query pairs (brackets, spaces, quotes, %, _ ...). */
function url(path: string, pairs: Pairs = []): string {
  if (!pairs.length) return path;
  return `${path}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}
async function get(path: string, pairs: Pairs = [], user?: TestUser): Promise<LightMyRequestResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: url(path, pairs), headers: user?.auth ?? {} });
  bodies.push(res.body);
  return res;
}
async function list(path: string, pairs: Pairs = [], user?: TestUser) {
  const res = await get(path, pairs, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; attributes: Record<string, unknown> }[];
    meta: { pagination: Record<string, number> };
  };
}
const names = (body: { data: { attributes: Record<string, unknown> }[] }, field: string) =>
  body.data.map((d) => d.attributes[field]);
/** What SQLite's BINARY collation and PostgreSQL's "C" collation give: UTF-16 order for these ASCII names. */
const bytewise = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function expectStrapiError(res: LightMyRequestResponse, status: number, name: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json();
  expect(body).toEqual({
    data: null,
    error: { status, name, message: expect.any(String), details: expect.any(Object) },
  });
  return body.error as { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** Keys anywhere in a JSON value. */
function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysOf(x, out);
    }
  }
  return out;
}
const PRIVATE_KEYS = [
  'password',
  'password_changed_at',
  'passwordChangedAt',
  'storage_key',
  'storageKey',
  'resetPasswordToken',
  'reset_token',
  'confirmationToken',
];
function expectNoPrivateFields(body: string) {
  expect(body).not.toContain('$argon2');
  if (!body.startsWith('{') && !body.startsWith('[')) return;
  const keys = keysOf(JSON.parse(body));
  for (const k of PRIVATE_KEYS) expect(keys.has(k), `${k} in ${body.slice(0, 200)}`).toBe(false);
}

/** A user row made directly, with a password hash that must never come back. */
async function userNamed(first_name: string, last_name: string): Promise<number> {
  const n = Math.random().toString(36).slice(2, 10);
  return insertUser(ctx.database.db, {
    username: `fixture_${n}`,
    email: `fixture-${n}@example.test`,
    password: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$fixturehashfixturehash',
    user_type: 'Hobbyist',
    first_name,
    last_name,
  });
}
/** A file row; a public file's URL shows its storage key by design, a private file's never does. */
async function fileRow(
  name: string,
  isPrivate: boolean,
  ownerId: number,
): Promise<{ id: number; key: string }> {
  const now = nowIso();
  const key = `${isPrivate ? 'private' : 'public'}-key-${Math.random().toString(36).slice(2)}`;
  const row = await ctx.database.db
    .insertInto('files')
    .values({
      name,
      storage_key: key,
      ext: '.png',
      mime: 'image/png',
      size: 1234,
      width: 10,
      height: 20,
      formats: null,
      is_private: isPrivate ? 1 : 0,
      purpose: isPrivate ? 'doc' : 'avatar',
      owner_id: ownerId,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await buildAdmin(ctx);
  hobbyist = await buildHobbyist(ctx);
});
afterAll(() => ctx?.close());

describe(`[REST] query layer on ${TEST_ENGINE}`, () => {
  describe('envelopes and 404s', () => {
    it('lists as { data: [{ id, attributes }], meta: { pagination } }', async () => {
      const body = await list('/api/languages');
      expect(Object.keys(body)).toEqual(['data', 'meta']);
      // Languages carry their count of shown providers (docs/directory-contract.md "Lookups").
      expect(body.data[0]).toEqual({
        id: expect.any(Number),
        attributes: { lang_name: expect.any(String), provider: 0 },
      });
      expect(body.meta).toEqual({
        pagination: { page: 1, pageSize: 10, pageCount: 2, total: LANGUAGES.length },
      });
    });

    it('gives one item as { data: { id, attributes }, meta: {} }', async () => {
      const [first] = (await list('/api/races')).data;
      const res = await get(`/api/races/${first!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { id: first!.id, attributes: first!.attributes }, meta: {} });
    });

    it('answers a missing id and an unknown path with a JSON 404', async () => {
      expectStrapiError(await get('/api/languages/999999'), 404, 'NotFoundError');
      expectStrapiError(await get('/api/whatever'), 404, 'NotFoundError');
      expectStrapiError(await get('/api/whatever/1', [['filters[x]', '1']]), 404, 'NotFoundError');
    });

    it('answers an id that is not a positive 32-bit whole number with a 400 naming it', async () => {
      for (const bad of ['abc', '-1', '0', '1.5', '2147483648', '99999999999']) {
        const err = expectStrapiError(await get(`/api/languages/${bad}`), 400, 'ValidationError');
        expect(err.details, bad).toMatchObject({ errors: [{ path: ['id'] }] });
      }
    });

    it('validates the query of a single item too', async () => {
      const [first] = (await list('/api/languages')).data;
      const err = expectStrapiError(
        await get(`/api/languages/${first!.id}`, [['fields[0]', 'password']]),
        400,
        'ValidationError',
      );
      expect(err.message).toContain('fields[0]');
    });

    it('keeps authenticated resources closed to anonymous callers', async () => {
      expectStrapiError(await get('/api/cities'), 401, 'UnauthorizedError');
      expect((await get('/api/cities', [], hobbyist)).statusCode).toBe(200);
    });
  });

  describe('filters', () => {
    it('$startsWith, $endsWith and $eq', async () => {
      expect(
        names(await list('/api/languages', [['filters[lang_name][$startsWith]', 'Eng']]), 'lang_name'),
      ).toEqual(['English']);
      expect(
        names(await list('/api/languages', [['filters[lang_name][$endsWith]', 'ese']]), 'lang_name'),
      ).toEqual(['Chinese', 'Japanese', 'Portuguese', 'Vietnamese']);
      expect(names(await list('/api/races', [['filters[race_name][$eq]', 'Mixed']]), 'race_name')).toEqual([
        'Mixed',
      ]);
      expect(names(await list('/api/races', [['filters[race_name]', 'Mixed']]), 'race_name')).toEqual([
        'Mixed',
      ]);
    });

    it('$containsi ignores case, $contains does not, on both engines', async () => {
      expect(
        names(await list('/api/languages', [['filters[lang_name][$containsi]', 'ENG']]), 'lang_name'),
      ).toEqual(['English']);
      expect((await list('/api/languages', [['filters[lang_name][$contains]', 'ENG']])).data).toEqual([]);
      expect((await list('/api/languages', [['filters[lang_name][$contains]', 'eng']])).data).toEqual([]);
      expect(
        names(await list('/api/languages', [['filters[lang_name][$contains]', 'Eng']]), 'lang_name'),
      ).toEqual(['English']);
      expect(
        names(await list('/api/languages', [['filters[lang_name][$contains]', 'ish']]), 'lang_name'),
      ).toEqual(['English', 'Polish', 'Spanish']);
      expect((await list('/api/languages', [['filters[lang_name][$startsWith]', 'eng']])).data).toEqual([]);
      expect(
        names(await list('/api/languages', [['filters[lang_name][$eqi]', 'fRENCH']]), 'lang_name'),
      ).toEqual(['French']);
      expect(
        (await list('/api/languages', [['filters[lang_name][$nei]', 'FRENCH']])).meta.pagination.total,
      ).toBe(LANGUAGES.length - 1);
      const notI = await list('/api/languages', [
        ['filters[lang_name][$notContainsi]', 'AN'],
        ['pagination[pageSize]', '100'],
      ]);
      expect(names(notI, 'lang_name')).toEqual(LANGUAGES.filter((l) => !/an/i.test(l)).sort(bytewise));
      const not = await list('/api/languages', [
        ['filters[lang_name][$notContains]', 'an'],
        ['pagination[pageSize]', '100'],
      ]);
      expect(names(not, 'lang_name')).toEqual(LANGUAGES.filter((l) => !l.includes('an')).sort(bytewise));
    });

    it('$in, $notIn, implicit $in and $ne', async () => {
      const pick = [
        ['filters[lang_name][$in][0]', 'French'],
        ['filters[lang_name][$in][1]', 'German'],
        ['filters[lang_name][$in][2]', 'Klingon'],
      ] as Pairs;
      expect(names(await list('/api/languages', pick), 'lang_name')).toEqual(['French', 'German']);
      const implicit = [
        ['filters[lang_name][0]', 'Hindi'],
        ['filters[lang_name][1]', 'Arabic'],
      ] as Pairs;
      expect(names(await list('/api/languages', implicit), 'lang_name')).toEqual(['Arabic', 'Hindi']);
      const notIn = await list('/api/races', [
        ['filters[race_name][$notIn][0]', 'Asian'],
        ['filters[race_name][$notIn][1]', 'Black'],
        ['pagination[pageSize]', '100'],
      ]);
      expect(names(notIn, 'race_name')).toEqual(
        RACES.filter((r) => r !== 'Asian' && r !== 'Black').sort(bytewise),
      );
      expect((await list('/api/races', [['filters[race_name][$ne]', 'Asian']])).meta.pagination.total).toBe(
        RACES.length - 1,
      );
    });

    it('$between, $gt and $eq on money take dollars and show dollars', async () => {
      const between = await list('/api/packages', [
        ['filters[total_price][$between][0]', '20'],
        ['filters[total_price][$between][1]', '79.99'],
      ]);
      expect(between.data.map((d) => [d.attributes.name, d.attributes.total_price])).toEqual([
        ['Starter', 29.99],
        ['Standard', 79.99],
      ]);
      expect(names(await list('/api/packages', [['filters[total_price][$gt]', '100']]), 'name')).toEqual([
        'Premium',
      ]);
      expect(names(await list('/api/packages', [['filters[total_price][$eq]', '29.99']]), 'name')).toEqual([
        'Starter',
      ]);
      expect(names(await list('/api/packages', [['filters[validity][$lte]', '3']]), 'name')).toEqual([
        'Starter',
        'Standard',
      ]);
      const all = (await list('/api/packages')).data;
      expect(all.map((d) => d.attributes.price_per_day)).toEqual(PACKAGES.map((p) => p.price_per_day / 100));
    });

    it('$between and $lt on text compare byte by byte on both engines', async () => {
      const between = await list('/api/states', [
        ['filters[state_code][$between][0]', 'MA'],
        ['filters[state_code][$between][1]', 'MI'],
        ['sort', 'state_code'],
      ]);
      expect(names(between, 'state_code')).toEqual(['MA', 'MD', 'ME', 'MI']);
      // Lower case sorts after upper case byte by byte: every name is < 'a', none is < 'A'.
      expect((await list('/api/races', [['filters[race_name][$lt]', 'a']])).meta.pagination.total).toBe(
        RACES.length,
      );
      expect((await list('/api/races', [['filters[race_name][$lt]', 'A']])).meta.pagination.total).toBe(0);
    });

    it('$null and $notNull', async () => {
      expect((await list('/api/languages', [['filters[lang_name][$null]', 'true']])).data).toEqual([]);
      expect(
        (await list('/api/languages', [['filters[lang_name][$notNull]', 'true']])).meta.pagination.total,
      ).toBe(LANGUAGES.length);
      // The admin account has no user type.
      const res = await get('/api/users', [['filters[user_type][$null]', 'true']], admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((u: { id: number }) => u.id)).toContain(admin.id);
      expect(res.json().map((u: { id: number }) => u.id)).not.toContain(hobbyist.id);
    });

    it('$or, $and and $not, as lists', async () => {
      const or = await list('/api/languages', [
        ['filters[$or][0][lang_name][$eq]', 'English'],
        ['filters[$or][1][lang_name][$startsWith]', 'Fr'],
      ]);
      expect(names(or, 'lang_name')).toEqual(['English', 'French']);
      const and = await list('/api/states', [
        ['filters[$and][0][state_name][$startsWith]', 'New'],
        ['filters[$and][1][state_code][$ne]', 'NY'],
      ]);
      expect(names(and, 'state_name')).toEqual(['New Hampshire', 'New Jersey', 'New Mexico']);
      const not = await list('/api/languages', [['filters[$not][lang_name][$startsWith]', 'E']]);
      expect(not.meta.pagination.total).toBe(LANGUAGES.length - 1);
      const opNot = await list('/api/languages', [['filters[lang_name][$not][$in][0]', 'English']]);
      expect(opNot.meta.pagination.total).toBe(LANGUAGES.length - 1);
      const combined = await list('/api/packages', [
        ['filters[$or][0][name][$eq]', 'Starter'],
        ['filters[$or][1][total_price][$gte]', '100'],
        ['filters[validity][$gt]', '0'],
      ]);
      expect(names(combined, 'name')).toEqual(['Starter', 'Premium']);
    });

    it('matches LIKE and GLOB wildcards literally', async () => {
      const fixtures = [
        'Per%cent',
        'Perxcent',
        'Under_score',
        'Underxscore',
        'Back\\slash',
        'Star*Q?[x]',
        'StarxQxx',
      ];
      for (const n of fixtures) await userNamed(n, 'Wildcard');
      const match = async (op: string, value: string) => {
        const res = await get(
          '/api/users',
          [
            ['filters[last_name][$eq]', 'Wildcard'],
            [`filters[first_name][${op}]`, value],
            ['sort', 'first_name'],
          ],
          admin,
        );
        expect(res.statusCode, res.body).toBe(200);
        return res.json().map((u: { first_name: string }) => u.first_name);
      };
      expect(await match('$contains', 'r%c')).toEqual(['Per%cent']);
      expect(await match('$contains', '%')).toEqual(['Per%cent']);
      expect(await match('$contains', 'r_s')).toEqual(['Under_score']);
      expect(await match('$contains', '_')).toEqual(['Under_score']);
      expect(await match('$containsi', 'R%C')).toEqual(['Per%cent']);
      expect(await match('$containsi', '_S')).toEqual(['Under_score']);
      expect(await match('$startsWith', 'Per%')).toEqual(['Per%cent']);
      expect(await match('$endsWith', '_score')).toEqual(['Under_score']);
      expect(await match('$contains', 'k\\s')).toEqual(['Back\\slash']);
      expect(await match('$contains', '\\')).toEqual(['Back\\slash']);
      expect(await match('$contains', '*Q?[x]')).toEqual(['Star*Q?[x]']);
      expect(await match('$contains', '?')).toEqual(['Star*Q?[x]']);
      expect(await match('$contains', '[x]')).toEqual(['Star*Q?[x]']);
      expect(await match('$contains', ']')).toEqual(['Star*Q?[x]']);
      expect(await match('$startsWith', 'Star*')).toEqual(['Star*Q?[x]']);
      expect(await match('$contains', 'per%')).toEqual([]);
      expect(await match('$notContains', '%')).toEqual(
        fixtures.filter((f) => !f.includes('%')).sort(bytewise),
      );
      for (const v of ['%', '_', '*', '?', '[E]nglish', 'E%', '%h']) {
        expect((await list('/api/languages', [['filters[lang_name][$contains]', v]])).data, v).toEqual([]);
        expect((await list('/api/languages', [['filters[lang_name][$containsi]', v]])).data, v).toEqual([]);
      }
    });

    it('treats SQL in values as plain text: 200 with no rows, tables untouched', async () => {
      const injections = [
        ['filters[lang_name][$eq]', "' OR '1'='1"],
        ['filters[lang_name][$eq]', "English' --"],
        ['filters[lang_name][$eqi]', "' OR 1=1 --"],
        ['filters[lang_name][$contains]', "'; drop table languages; --"],
        ['filters[lang_name][$containsi]', "%' OR '%'='"],
        ['filters[lang_name][$startsWith]', "\\' OR 1=1 --"],
        ['filters[lang_name][$in][0]', "English') OR ('1'='1"],
        ['filters[lang_name][$gt]', "' OR 1=1 --"],
        ['filters[lang_name]', '" OR ""="'],
        ['filters[lang_name][$eq]', 'English; select password from users'],
      ] as Pairs;
      for (const pair of injections) {
        const body = await list('/api/languages', [pair]);
        // `$gt` on text is a real comparison: every name sorts after a quote.
        if (pair[0].endsWith('[$gt]')) expect(body.meta.pagination.total).toBe(LANGUAGES.length);
        else expect(body.data, pair.join('=')).toEqual([]);
      }
      expect((await list('/api/languages')).meta.pagination.total).toBe(LANGUAGES.length);
    });
  });

  describe('pagination, sort and fields', () => {
    const sortedLanguages = [...LANGUAGES].sort(bytewise);

    it('pages with page and pageSize and reports { page, pageSize, pageCount, total }', async () => {
      const body = await list('/api/languages', [
        ['pagination[page]', '2'],
        ['pagination[pageSize]', '4'],
      ]);
      expect(body.meta.pagination).toEqual({ page: 2, pageSize: 4, pageCount: 4, total: LANGUAGES.length });
      expect(names(body, 'lang_name')).toEqual(sortedLanguages.slice(4, 8));
      const last = await list('/api/languages', [
        ['pagination[page]', '4'],
        ['pagination[pageSize]', '4'],
      ]);
      // The last page of an unfiltered list ends with the N/A item (directory contract).
      expect(names(last, 'lang_name')).toEqual([...sortedLanguages.slice(12), 'N/A']);
      const beyond = await list('/api/languages', [['pagination[page]', '50']]);
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.pagination).toEqual({
        page: 50,
        pageSize: 10,
        pageCount: 2,
        total: LANGUAGES.length,
      });
    });

    it('pages with start and limit, and without a count', async () => {
      const body = await list('/api/languages', [
        ['pagination[start]', '3'],
        ['pagination[limit]', '2'],
      ]);
      expect(names(body, 'lang_name')).toEqual(sortedLanguages.slice(3, 5));
      const noCount = await list('/api/languages', [
        ['pagination[pageSize]', '3'],
        ['pagination[withCount]', 'false'],
      ]);
      expect(noCount.data).toHaveLength(3);
    });

    it('allows the largest page size and clamps a larger one to it, as Strapi does', async () => {
      expect((await list('/api/states', [['pagination[pageSize]', '100']])).data).toHaveLength(
        US_STATE_CODES.length,
      );
      for (const size of ['101', '100000', '99999999999999999999']) {
        const body = await list('/api/states', [['pagination[pageSize]', size]]);
        expect(body.data).toHaveLength(US_STATE_CODES.length);
        expect(body.meta.pagination).toEqual({
          page: 1,
          pageSize: 100,
          pageCount: 1,
          total: US_STATE_CODES.length,
        });
      }
      const second = await list('/api/states', [
        ['pagination[page]', '2'],
        ['pagination[pageSize]', '100000'],
      ]);
      expect(second.data).toEqual([]);
      expect(second.meta.pagination).toMatchObject({ page: 2, pageSize: 100 });
      // processing-costs allows 10: `limit` is clamped the same way.
      const byLimit = await list('/api/processing-costs', [['pagination[limit]', '11']]);
      expect(byLimit.meta.pagination.pageSize).toBe(10);
      for (const [key, bad] of [
        ['pagination[pageSize]', 'abc'],
        ['pagination[pageSize]', '-1'],
        ['pagination[pageSize]', '0'],
        ['pagination[limit]', '-1'],
      ]) {
        const err = expectStrapiError(await get('/api/states', [[key!, bad!]]), 400, 'ValidationError');
        expect(err.message).toContain(key);
      }
    });

    it('sorts ascending, descending and by several fields', async () => {
      expect(names(await list('/api/languages', [['pagination[pageSize]', '100']]), 'lang_name')).toEqual([
        ...sortedLanguages,
        'N/A',
      ]);
      const desc = await list('/api/languages', [
        ['sort', 'lang_name:desc'],
        ['pagination[pageSize]', '100'],
      ]);
      expect(names(desc, 'lang_name')).toEqual([...[...sortedLanguages].reverse(), 'N/A']);
      const races = await list('/api/races', [['sort[0]', 'race_name:DESC']]);
      expect(names(races, 'race_name')).toEqual([...[...RACES].sort(bytewise).reverse(), 'N/A']);
      const packages = await list('/api/packages', [['sort', 'validity:desc']]);
      expect(names(packages, 'name')).toEqual(['Premium', 'Standard', 'Starter']);
      const states = await list('/api/states', [
        ['sort[0]', 'country_code:asc'],
        ['sort[1]', 'state_code:desc'],
        ['pagination[pageSize]', '3'],
      ]);
      expect(names(states, 'state_code')).toEqual([...US_STATE_CODES].sort(bytewise).reverse().slice(0, 3));
      const byId = await list('/api/races', [['sort', 'id:desc']]);
      const ids = byId.data.map((d) => d.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('sorts NULLs first ascending and last descending, and text byte by byte, on both engines', async () => {
      await userNamed('alpha', 'Sorting');
      await userNamed('Bravo', 'Sorting');
      const asc = await get(
        '/api/users',
        [
          ['sort', 'user_type:asc'],
          ['pagination[pageSize]', '100'],
        ],
        admin,
      );
      expect(asc.json()[0].user_type).toBeNull();
      const desc = await get(
        '/api/users',
        [
          ['sort', 'user_type:desc'],
          ['pagination[pageSize]', '100'],
        ],
        admin,
      );
      expect(desc.json().at(-1).user_type).toBeNull();
      const byName = await get(
        '/api/users',
        [
          ['filters[last_name]', 'Sorting'],
          ['sort', 'first_name'],
        ],
        admin,
      );
      expect(byName.json().map((u: { first_name: string }) => u.first_name)).toEqual(['Bravo', 'alpha']);
    });

    it('selects fields', async () => {
      const body = await list('/api/packages', [
        ['fields[0]', 'name'],
        ['fields[1]', 'total_price'],
      ]);
      expect(body.data[0]).toEqual({
        id: expect.any(Number),
        attributes: { name: 'Starter', total_price: 29.99 },
      });
      const comma = await list('/api/states', [
        ['fields', 'state_code'],
        ['filters[state_code]', 'CA'],
      ]);
      expect(comma.data).toEqual([{ id: expect.any(Number), attributes: { state_code: 'CA' } }]);
    });
  });

  describe('users: populate and private fields', () => {
    let owner: TestUser;
    let avatarId: number;
    let avatarKey: string;
    let docId: number;
    let docKey: string;
    beforeAll(async () => {
      owner = await buildHobbyist(ctx);
      ({ id: avatarId, key: avatarKey } = await fileRow('face.png', false, owner.id));
      ({ id: docId, key: docKey } = await fileRow('licence.png', true, owner.id));
      await ctx.database.db
        .updateTable('users')
        .set({ avatar_id: avatarId } as never)
        .where('id', '=', owner.id)
        .execute();
      await ctx.database.db
        .insertInto('user_docs')
        .values({ user_id: owner.id, file_id: docId } as never)
        .execute();
    });

    it('populates avatar and docs for the admin, with urls and without storage keys', async () => {
      const res = await get(
        '/api/users',
        [
          ['populate', '*'],
          ['filters[id][$eq]', String(owner.id)],
        ],
        admin,
      );
      expect(res.statusCode, res.body).toBe(200);
      const [user] = res.json();
      expect(user.id).toBe(owner.id);
      expect(user.avatar).toMatchObject({
        id: avatarId,
        name: 'face.png',
        isPrivate: false,
        url: `/uploads/${avatarKey}.png`,
      });
      expect(user.docs).toEqual([
        expect.objectContaining({
          id: docId,
          name: 'licence.png',
          isPrivate: true,
          url: `/api/upload/files/${docId}/content`,
        }),
      ]);
      expect(res.body).not.toContain(docKey);
      expectNoPrivateFields(res.body);
    });

    it('populates by list, by object with fields, and filters through relations', async () => {
      const byList = await get(
        '/api/users',
        [
          ['populate[0]', 'docs'],
          ['filters[id]', String(owner.id)],
        ],
        admin,
      );
      expect(byList.json()[0].docs).toHaveLength(1);
      expect(byList.json()[0]).not.toHaveProperty('avatar');
      const byObject = await get(
        '/api/users',
        [
          ['populate[avatar][fields][0]', 'name'],
          ['filters[id]', String(owner.id)],
        ],
        admin,
      );
      expect(byObject.json()[0].avatar).toMatchObject({ id: avatarId, name: 'face.png' });
      expect(byObject.json()[0].avatar).not.toHaveProperty('mime');
      // Whatever columns a `fields` selection leaves out, a private file's storage key stays out too.
      for (const fields of [['name'], ['name', 'ext', 'isPrivate'], ['storageKey', 'ext', 'isPrivate']]) {
        const docs = await get(
          '/api/users',
          [
            ...fields.map((f, i) => [`populate[docs][fields][${i}]`, f] as [string, string]),
            ['filters[id]', String(owner.id)],
          ],
          admin,
        );
        expect(docs.statusCode).toBe(200);
        expect(docs.json()[0].docs).toEqual([expect.objectContaining({ id: docId })]);
        expect(docs.body).not.toContain(docKey);
        expectNoPrivateFields(docs.body);
      }
      const through = await get('/api/users', [['filters[docs][name][$eq]', 'licence.png']], admin);
      expect(through.json().map((u: { id: number }) => u.id)).toEqual([owner.id]);
      const throughAvatar = await get('/api/users', [['filters[avatar][id][$eq]', String(avatarId)]], admin);
      expect(throughAvatar.json().map((u: { id: number }) => u.id)).toEqual([owner.id]);
      expectStrapiError(
        await get('/api/users', [['filters[avatar][storageKey][$null]', 'false']], admin),
        400,
        'ValidationError',
      );
    });

    it('shows anyone else nothing of a hobbyist’s account (a 404, as if missing)', async () => {
      for (const viewer of [undefined, hobbyist]) {
        const res = await get(`/api/users/${owner.id}`, [['populate', '*']], viewer);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(owner.email);
      }
    });

    it('shows the owner and the admin the whole account, never the password', async () => {
      for (const viewer of [owner, admin]) {
        const res = await get(`/api/users/${owner.id}`, [['populate', 'avatar,docs']], viewer);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: owner.id, email: owner.email, avatar: { id: avatarId } });
        expectNoPrivateFields(res.body);
      }
      const me = await get('/api/users/me', [['populate', '*']], owner);
      expect(me.json().id).toBe(owner.id);
      expectNoPrivateFields(me.body);
    });

    it('refuses the password as a filter, sort or field, even for the admin', async () => {
      const attempts: [Pairs, string][] = [
        [[['filters[password][$startsWith]', '$']], 'filters[password]'],
        [[['filters[password][$null]', 'false']], 'filters[password]'],
        [[['filters[$or][0][password][$contains]', 'argon']], 'filters[$or][0][password]'],
        [[['sort', 'password:asc']], 'sort'],
        [[['fields[0]', 'password']], 'fields[0]'],
        [[['fields', 'username,password_changed_at']], 'fields[1]'],
        [[['populate', 'password']], 'populate[0]'],
        [
          [
            ['populate[avatar][fields][0]', 'storageKey'],
            ['filters[avatar][storageKey][$startsWith]', 's'],
          ],
          'filters[avatar][storageKey]',
        ],
      ];
      for (const [pairs, param] of attempts) {
        const err = expectStrapiError(await get('/api/users', pairs, admin), 400, 'ValidationError');
        expect(err.message).toContain(param);
      }
      const err = expectStrapiError(
        await get(`/api/users/${owner.id}`, [['filters[password][$startsWith]', '$']]),
        400,
        'ValidationError',
      );
      expect(err.message).toContain('filters[password]');
    });
  });

  describe('populate: depth, to-many caps and the answer size', () => {
    /** 130 comments (more than a relation gives) and 2 comments, on two shown providers. */
    let busy: number;
    let quiet: number;
    let busyComments: number[];
    let quietComments: number[];
    const comments = async (provider: number, count: number): Promise<number[]> => {
      const now = nowIso();
      const rows = await ctx.database.db
        .insertInto('comments')
        .values(
          Array.from({ length: count }, (_, i) => ({
            user_id: hobbyist.id,
            provider_id: provider,
            comment: `Comment number ${i + 1} on ${provider}`,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    };
    beforeAll(async () => {
      const owner = await buildProvider(ctx);
      busy = await buildProviderAd(ctx, owner);
      quiet = await buildProviderAd(ctx, owner);
      busyComments = await comments(busy, 130);
      quietComments = await comments(quiet, 2);
    });
    type Related = { data: { id: number; attributes: Record<string, unknown> }[]; meta?: unknown };

    it(`refuses populate nested deeper than ${LIMITS.maxPopulateDepth} relations, for anyone, naming the parameter`, async () => {
      expect(LIMITS.maxPopulateDepth).toBe(2);
      const deep: [string, Pairs, string][] = [
        // A deep chain of relations: comments → provider → likes → provider → likes.
        [
          '/api/comments',
          [['populate[provider][populate][likes][populate][provider][populate][likes]', 'true']],
          'populate[provider][populate][likes][populate][provider]',
        ],
        [
          '/api/providers',
          [['populate[comments][populate][provider][populate][likes][populate][provider]', 'true']],
          'populate[comments][populate][provider][populate][likes]',
        ],
        ['/api/comments', [['populate', 'provider.likes.provider.likes']], 'populate[0]'],
        [
          '/api/comments',
          [['populate[provider][populate][likes][populate]', '*']],
          'populate[provider][populate][likes][populate]',
        ],
      ];
      for (const [path, pairs, param] of deep) {
        for (const who of [undefined, admin]) {
          const err = expectStrapiError(await get(path, pairs, who), 400, 'ValidationError');
          expect(err.message).toContain(`Invalid parameter ${param}`);
          expect(err.message).toContain('at most 2 levels of relations');
          expect(err.details).toMatchObject({ errors: [{ path: expect.arrayContaining(['populate']) }] });
        }
      }
      const two = await list('/api/comments', [
        ['populate[provider][populate][likes]', 'true'],
        ['filters[provider][id][$eq]', String(quiet)],
      ]);
      expect(two.data).toHaveLength(2);
      const provider = (two.data[0]!.attributes.provider as { data: { attributes: Record<string, unknown> } })
        .data;
      expect(provider.attributes.likes).toEqual({ data: [] });
    });

    it(`gives at most ${LIMITS.maxRelationRows} rows of a to-many relation, the first by id, with the real count`, async () => {
      const body = await list('/api/providers', [
        ['populate[comments][fields][0]', 'comment'],
        ['filters[id][$in][0]', String(busy)],
        ['filters[id][$in][1]', String(quiet)],
        ['sort', 'id:asc'],
      ]);
      const [first, second] = body.data.map((d) => d.attributes.comments as Related);
      expect(first!.data.map((c) => c.id)).toEqual(busyComments.slice(0, 100));
      expect(first!.meta).toEqual({ truncated: true, pagination: { start: 0, limit: 100, total: 130 } });
      expect(first!.data[0]).toEqual({
        id: busyComments[0],
        attributes: { comment: `Comment number 1 on ${busy}` },
      });
      // A relation that holds everything has no meta: the shape Strapi clients know.
      expect(second).toEqual({
        data: quietComments.map((id, i) => ({
          id,
          attributes: { comment: `Comment number ${i + 1} on ${quiet}` },
        })),
      });
      const one = await get(`/api/providers/${busy}`, [['populate', 'comments']]);
      expect(one.statusCode, one.body).toBe(200);
      const item = one.json().data.attributes.comments as Related;
      expect(item.data).toHaveLength(100);
      expect(item.meta).toEqual(first!.meta);
      // Nested: each comment's provider holds its first 100 comments too.
      const nested = await list('/api/comments', [
        ['populate[provider][populate][comments][fields][0]', 'comment'],
        ['filters[provider][id][$eq]', String(busy)],
        ['pagination[pageSize]', '2'],
      ]);
      for (const c of nested.data) {
        const p = (c.attributes.provider as { data: { attributes: Record<string, unknown> } }).data;
        expect((p.attributes.comments as Related).data).toHaveLength(100);
        expect((p.attributes.comments as Related).meta).toMatchObject({ pagination: { total: 130 } });
      }
    });

    it('refuses an answer over 1 MB with a 400 that says how to narrow it', async () => {
      expect(LIMITS.maxResponseBytes).toBe(1_000_000);
      // 100 comments, each with its provider and that provider's 100 comments: about 1.3 MB.
      const query = (pageSize: string): Pairs => [
        ['filters[provider][id][$eq]', String(busy)],
        ['populate[provider][populate]', 'comments'],
        ['pagination[pageSize]', pageSize],
      ];
      for (const who of [undefined, admin]) {
        const err = expectStrapiError(await get('/api/comments', query('100'), who), 400, 'ValidationError');
        expect(err.message).toContain('larger than 1000000 bytes');
        for (const hint of ['populate', 'pagination[pageSize]', 'fields'])
          expect(err.message).toContain(hint);
        expect(err.details).toEqual({ maxBytes: 1_000_000 });
      }
      // Half the page fits.
      const half = await get('/api/comments', query('50'));
      expect(half.statusCode, half.body.slice(0, 300)).toBe(200);
      expect(half.body.length).toBeGreaterThan(500_000);
      expect(half.body.length).toBeLessThan(1_000_000);
      // The size counted is the body's, to within the envelope.
      const limit = LIMITS.maxResponseBytes;
      try {
        LIMITS.maxResponseBytes = half.body.length + 200;
        expect((await get('/api/comments', query('50'))).statusCode).toBe(200);
        LIMITS.maxResponseBytes = half.body.length - 1;
        expectStrapiError(await get('/api/comments', query('50')), 400, 'ValidationError');
        // The same for one item (signed in: anonymous answers this small may come from the response cache).
        LIMITS.maxResponseBytes = limit;
        const one = await get(`/api/providers/${busy}`, [['populate', 'comments']], hobbyist);
        LIMITS.maxResponseBytes = one.body.length - 1;
        expectStrapiError(
          await get(`/api/providers/${busy}`, [['populate', 'comments']], hobbyist),
          400,
          'ValidationError',
        );
      } finally {
        LIMITS.maxResponseBytes = limit;
      }
    });
  });

  describe('malformed, injection-like and absurd parameters', () => {
    const long = 'x'.repeat(501);
    const manyIds = Array.from(
      { length: 10_000 },
      (_, i) => [`filters[id][$in][${i}]`, String(i)] as [string, string],
    );
    const repeatedIds = Array.from(
      { length: 1_000 },
      (_, i) => ['filters[id][$in]', String(i)] as [string, string],
    );
    const deep = `filters${'[a]'.repeat(12)}`;
    // [description, path, query pairs, what the message must name, caller]
    const cases: [string, string, Pairs, string, 'admin'?][] = [
      ['pageSize 1e9', '/api/languages', [['pagination[pageSize]', '1e9']], 'pagination[pageSize]'],
      ['pageSize 0', '/api/languages', [['pagination[pageSize]', '0']], 'pagination[pageSize]'],
      ['pageSize -1', '/api/languages', [['pagination[pageSize]', '-1']], 'pagination[pageSize]'],
      ['pageSize abc', '/api/languages', [['pagination[pageSize]', 'abc']], 'pagination[pageSize]'],
      [
        'pageSize as an object',
        '/api/languages',
        [['pagination[pageSize][$gt]', '1']],
        'pagination[pageSize]',
      ],
      ['page beyond the limit', '/api/languages', [['pagination[page]', '1000001']], 'pagination[page]'],
      ['limit abc', '/api/processing-costs', [['pagination[limit]', 'abc']], 'pagination[limit]'],
      ['negative start', '/api/languages', [['pagination[start]', '-5']], 'pagination[start]'],
      [
        'page and start together',
        '/api/languages',
        [
          ['pagination[page]', '2'],
          ['pagination[start]', '5'],
        ],
        'pagination',
      ],
      ['unknown pagination key', '/api/languages', [['pagination[offset]', '5']], 'pagination[offset]'],
      ['pagination as a value', '/api/languages', [['pagination', '5']], 'pagination'],
      [
        'withCount not a boolean',
        '/api/languages',
        [['pagination[withCount]', 'yes please']],
        'pagination[withCount]',
      ],
      ['filters[$where]', '/api/languages', [['filters[$where]', '1=1']], 'filters[$where]'],
      [
        'filters[$where] as a function',
        '/api/languages',
        [['filters[$where]', 'function(){return true}']],
        'filters[$where]',
      ],
      ['filters[password][$eq]', '/api/languages', [['filters[password][$eq]', 'x']], 'filters[password]'],
      ['sort=password:asc', '/api/languages', [['sort', 'password:asc']], 'sort'],
      ['sort=id:sideways', '/api/languages', [['sort', 'id:sideways']], 'sort'],
      ['sort with SQL', '/api/languages', [['sort', 'id; drop table users']], 'sort'],
      [
        'sort with SQL after the direction',
        '/api/languages',
        [['sort', 'lang_name:asc; drop table users --']],
        'sort',
      ],
      ['sort as an object', '/api/languages', [['sort[lang_name]', 'asc']], 'sort'],
      [
        'unknown operator',
        '/api/languages',
        [['filters[lang_name][$fooBar]', 'x']],
        'filters[lang_name][$fooBar]',
      ],
      ['SQL in an integer', '/api/languages', [['filters[id][$eq]', '1 OR 1=1']], 'filters[id][$eq]'],
      ['integer beyond 32 bits', '/api/languages', [['filters[id][$eq]', '99999999999']], 'filters[id][$eq]'],
      [
        'money beyond 32 bits in cents',
        '/api/packages',
        [['filters[total_price][$gt]', '99999999999']],
        'filters[total_price][$gt]',
      ],
      [
        'money with three decimals',
        '/api/packages',
        [['filters[total_price][$lt]', '29.995']],
        'filters[total_price][$lt]',
      ],
      [
        'money as text',
        '/api/packages',
        [['filters[total_price][$eq]', 'cheap']],
        'filters[total_price][$eq]',
      ],
      [
        'text operator on a number',
        '/api/packages',
        [['filters[validity][$contains]', '1']],
        'filters[validity][$contains]',
      ],
      [
        'bad date',
        '/api/packages',
        [['filters[createdAt][$gt]', "2024-01-01' OR '1'='1"]],
        'filters[createdAt][$gt]',
      ],
      ['10,000 $in values', '/api/languages', manyIds, 'filters[id][$in]'],
      ['1,000 repeated $in values', '/api/languages', repeatedIds, 'filters[id][$in]'],
      ['unknown top-level parameter', '/api/languages', [['foo', 'bar']], 'foo'],
      ['Strapi v3 _limit', '/api/languages', [['_limit', '-1']], '_limit'],
      ['populate of an undeclared relation', '/api/languages', [['populate', 'users']], 'populate[0]'],
      ['populate of a field', '/api/users', [['populate[0]', 'email']], 'populate[0]', 'admin'],
      ['populate nested too far', '/api/users', [['populate', 'avatar.owner']], 'populate[0]', 'admin'],
      [
        'populate with filters',
        '/api/users',
        [['populate[avatar][filters][name]', 'x']],
        'populate[avatar][filters]',
        'admin',
      ],
      ['populate with a number', '/api/users', [['populate[avatar]', '5']], 'populate[avatar]', 'admin'],
      [
        'value longer than 500 characters',
        '/api/languages',
        [['filters[lang_name][$eq]', long]],
        'filters[lang_name][$eq]',
      ],
      ['fields[0]=password', '/api/languages', [['fields[0]', 'password']], 'fields[0]'],
      [
        'fields with SQL',
        '/api/languages',
        [['fields', 'lang_name, (select password from users)']],
        'fields[1]',
      ],
      [
        'object where a value is expected',
        '/api/languages',
        [['filters[lang_name][$eq][$gt]', 'a']],
        'filters[lang_name][$eq]',
      ],
      [
        'list where a value is expected',
        '/api/languages',
        [
          ['filters[lang_name][$eq]', 'a'],
          ['filters[lang_name][$eq]', 'b'],
        ],
        'filters[lang_name][$eq]',
      ],
      [
        '$null not a boolean',
        '/api/languages',
        [['filters[lang_name][$null]', 'maybe']],
        'filters[lang_name][$null]',
      ],
      [
        '$between with one value',
        '/api/languages',
        [['filters[lang_name][$between][0]', 'a']],
        'filters[lang_name][$between]',
      ],
      ['filters as a value', '/api/languages', [['filters', "lang_name='x'"]], 'filters'],
      ['$or as a value', '/api/languages', [['filters[$or]', 'x']], 'filters[$or]'],
      [
        'NUL in a value',
        '/api/languages',
        [['filters[lang_name][$eq]', 'a\u0000b']],
        'filters[lang_name][$eq]',
      ],
      [
        'NUL in a contains value',
        '/api/languages',
        [['filters[lang_name][$containsi]', '\u0000']],
        'filters[lang_name][$containsi]',
      ],
      ['nested deeper than qs parses', '/api/languages', [[deep, '1']], 'filters[a]'],
      [
        'publicationState not a word',
        '/api/languages',
        [['publicationState', "live' OR 1=1"]],
        'publicationState',
      ],
    ];

    it.each(cases)('%s is a 400 naming the parameter', async (_name, path, pairs, param, who) => {
      const res = await get(path, pairs, who === 'admin' ? admin : undefined);
      const err = expectStrapiError(res, 400, 'ValidationError');
      expect(err.message).toContain(param);
      expect(err.details).toEqual({
        errors: [expect.objectContaining({ path: expect.any(Array), message: expect.any(String) })],
      });
    });

    it('ignores prototype-pollution keys (qs drops them) without a 500 or a polluted prototype', async () => {
      const all = (await list('/api/languages')).meta.pagination.total;
      for (const pair of [
        ['filters[__proto__][x]', '1'],
        ['filters[constructor][prototype][x]', '1'],
        ['__proto__[x]', '1'],
        ['constructor[prototype][x]', '1'],
        ['populate[__proto__][x]', '1'],
      ] as Pairs) {
        const res = await get('/api/languages', [pair]);
        // qs (allowPrototypes: false) drops these keys; were they kept, the whitelist would refuse them.
        if (res.statusCode === 400) expectStrapiError(res, 400, 'ValidationError');
        else expect(res.json().meta.pagination.total).toBe(all);
        expect(({} as Record<string, unknown>).x).toBeUndefined();
      }
    });

    it('never answers a 500, whatever the engine', async () => {
      const odd: Pairs[] = [
        [['filters[lang_name][$eq]', '%C3%28']],
        [['filters[lang_name][$eq]', '\uD83D\uDE00']],
        [['filters[lang_name][$containsi]', 'É']],
        [['filters[id][$gt]', '2147483647']],
        [['filters[lang_name][$lt]', '\u00ff']],
        [['sort', 'lang_name:asc,lang_name:desc']],
        [
          ['pagination[page]', '1000000'],
          ['pagination[pageSize]', '100'],
        ],
        [
          ['pagination[start]', '999999999'],
          ['pagination[limit]', '100'],
        ],
      ];
      for (const pairs of odd) {
        const res = await get('/api/languages', pairs);
        expect(res.statusCode, `${pairs.join('&')}: ${res.body}`).toBe(200);
      }
      // An id compared for equality is an id by the one schema: a negative one is a 400, not a miss.
      expect((await get('/api/languages', [['filters[id][$in][0]', '-2147483647']])).statusCode).toBe(400);
      // A fraction against a REAL column (tax) and an INTEGER one declared as a number (file size).
      const tax = async (op: string, value: string) =>
        (await list('/api/processing-costs', [[`filters[tax][${op}]`, value]])).meta.pagination.total;
      expect([
        await tax('$eq', '8'),
        await tax('$lt', '8.5'),
        await tax('$gt', '7.9'),
        await tax('$gt', '8.25'),
      ]).toEqual([1, 1, 1, 0]);
      const sizes = await get('/api/users', [['filters[avatar][size][$gt]', '1.5']], admin);
      // size is a whole number of bytes: a decimal is a 400, never a 500.
      expect(sizes.statusCode, sizes.body).toBe(400);
      const packages = await get('/api/packages', [['filters[total_price][$lt]', '-21474836.47']]);
      expect(packages.statusCode).toBe(200);
      expect(packages.json().data).toEqual([]);
    });
  });

  it('never sent a password, a password hash or a storage key in any response', () => {
    expect(bodies.length).toBeGreaterThan(100);
    for (const body of bodies) expectNoPrivateFields(body);
  });
});
