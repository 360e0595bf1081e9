import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownProviderById } from '../src/access/index.ts';
import { HOT_STATEMENTS, hotReaderOf, hotStatementCount } from '../src/db/database.ts';
import { findMany, findOne } from '../src/http/strapi/find.ts';
import { LIMITS, parseQuery } from '../src/http/strapi/parse.ts';
import type { ResourceDef } from '../src/http/strapi/resource.ts';
import { readLeanItems, rendersInDatabase, type LeanScope } from '../src/modules/directory/directory.page.ts';
import { ownProviderResource, providerResource } from '../src/modules/directory/directory.resources.ts';
import { buildFiles, callAs } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import { buildProvider, buildUser, createTestApp, type TestContext } from './helpers.ts';

/*
 * The lean page (directory.page.ts: one statement, the database builds the relations' JSON) must answer
 * exactly what the generic REST layer (find.ts) answers: the same bytes, for every populate shape the
 * clients use, field selections, hidden owners, empty and truncated relations, and the size limit.
 */

let ctx: TestContext;
let ids: number[];
let hiddenIds: number[];

// Formats are WebP whatever the original's type (their URLs take their own extension); one without an
// extension falls back to the original's.
const FORMATS = JSON.stringify({
  thumbnail: { name: 'thumbnail_a.webp', ext: '.webp', width: 156, height: 100, size: 4.52, url: '/old.png' },
  small: { name: 'small_a', width: 500, height: 320, size: 20.1 },
});

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const owner = await buildProvider(ctx);
  const other = await buildUser(ctx, { userType: 'Provider' });
  await db
    .updateTable('users')
    .set({ first_name: 'Zoë "Z" \\ Ünïcode 🎉', last_name: null })
    .where('id', '=', other.id)
    .execute();
  const blocked = await buildProvider(ctx);
  const unsubscribed = await buildProvider(ctx);
  const images = await buildFiles(ctx, owner, 'image', LIMITS.maxRelationRows + 5);
  await db.updateTable('files').set({ formats: FORMATS }).where('id', 'in', images.slice(0, 40)).execute();
  const [privateFile] = await buildFiles(ctx, owner, 'doc');
  const [video] = await buildFiles(ctx, owner, 'video');
  const language = await db.selectFrom('languages').select('id').executeTakeFirstOrThrow();
  const race = await db.selectFrom('races').select('id').executeTakeFirstOrThrow();

  ids = [];
  for (let n = 0; n < 14; n++) {
    ids.push(
      await buildProviderAd(ctx, n % 3 === 0 ? other : owner, {
        title: n === 1 ? 'Quotes " and \\ and \u0001 and 😀' : `Ad ${n}`,
        images: n === 2 ? images : n % 4 === 0 ? [] : images.slice(n, n + (n % 5)),
        language_id: n % 2 ? language.id : null,
        race_id: n % 3 ? race.id : null,
        video_id: n % 5 === 0 ? video : null,
        donation_hour: n % 2 ? 12345 + n : null,
        // Money as dollars: whole, one decimal, two, below one, zero, negative.
        donation_half_hour: n < 6 ? [0, -250, 100, 10, 7, -1][n] : 5 + n * 100,
        services_provided_approval: n % 3 === 1 ? 1 : 0,
        ad_bonus_side_panel_ad: n % 4 === 1 ? 1 : 0,
        message:
          n === 5
            ? 'Line\nbreak\ttab'
            : n === 6
              ? '\u001f\u007f\u2028\u2029 </script> é \u0002 \\u0001'
              : null,
      }),
    );
  }
  // A private file (an ID document) linked as a picture by a stale edit: shown as the generic path shows it.
  await db
    .insertInto('provider_images')
    .values({ provider_id: ids[3]!, file_id: privateFile!, position: 99 })
    .execute();
  // The owner's ID documents (a to-many relation without an order column): only the owner's view populates them.
  await db
    .insertInto('provider_docs')
    .values([privateFile!, video!].map((file_id, k) => ({ provider_id: ids[k]!, file_id, position: 0 })))
    .execute();
  // Accounts that react and comment (inserted as copies of one: more than a relation's cap of them),
  // the first one blocked, so its reactions and comments show no author.
  const { id: _id, ...account } = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', other.id)
    .executeTakeFirstOrThrow();
  const fans: number[] = [];
  for (let k = 0; k < LIMITS.maxRelationRows + 3; k++) {
    const row = await db
      .insertInto('users')
      .values({ ...account, username: `fan_${k}`, email: `fan-${k}@example.test`, is_active: k ? 1 : 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    fans.push(row.id);
  }
  const kinds = ['like', 'dislike', 'average'] as const;
  const at = (k: number) => ({
    created_at: `2026-11-0${1 + (k % 9)}T10:00:00.000Z`,
    updated_at: '2026-11-10T10:00:00.000Z',
  });
  const reactions = fans.map((user_id, k) => ({
    user_id,
    provider_id: ids[2]!,
    kind: kinds[0] as (typeof kinds)[number],
    ...at(k),
  }));
  for (let n = 3; n < 12; n++)
    for (let k = 0; k < n % 4; k++)
      reactions.push({ user_id: fans[k + n]!, provider_id: ids[n]!, kind: kinds[(n + k) % 3]!, ...at(k) });
  await db.insertInto('reactions').values(reactions).execute();
  const comments = [];
  for (let k = 0; k < LIMITS.maxRelationRows + 2; k++)
    comments.push({
      user_id: k % 9 ? other.id : fans[0]!,
      provider_id: ids[4]!,
      comment: `Comment ${k} "q"`,
      ...at(k),
    });
  for (let n = 5; n < 10; n++)
    comments.push({ user_id: fans[n]!, provider_id: ids[n]!, comment: 'Nice\nad 😀', ...at(n) });
  await db.insertInto('comments').values(comments).execute();
  hiddenIds = [
    await buildProviderAd(ctx, blocked, { title: 'Blocked owner' }),
    await buildProviderAd(ctx, unsubscribed, { title: 'Unsubscribed owner', subscribed: false }),
    await buildProviderAd(ctx, owner, { title: 'Not approved', is_showed: 0 }),
  ];
  await db.updateTable('users').set({ is_active: 0 }).where('id', '=', blocked.id).execute();
  ids.reverse();
});
afterAll(() => ctx.close());

const SHAPES: Record<string, unknown>[] = [
  { populate: 'images,language,race,user' },
  { populate: ['images', 'language', 'race', 'user', 'video'] },
  { populate: 'user,race,language,images' },
  { populate: 'images' },
  { populate: 'language,race' },
  {},
  { fields: ['title', 'donation_hour', 'isShowed'], populate: 'images,user' },
  { fields: ['id'], populate: 'language,images' },
  { populate: { images: { fields: ['name', 'formats'] }, user: { fields: ['id'] } } },
  { populate: { images: { fields: ['url', 'ext', 'storageKey'].filter((f) => f !== 'url') }, video: true } },
  // The seed client's listing: to-many lists of records (reactions, comments) beside the rest.
  { populate: ['user', 'images', 'language', 'race', 'likes', 'dislikes', 'averages', 'comments'] },
  { populate: '*' },
  { populate: 'comments.user' },
  {
    populate: {
      comments: { fields: ['comment'], populate: { user: { fields: ['username', 'first_name'] } } },
      likes: { populate: { user: true } },
      averages: { fields: ['createdAt'] },
      images: { fields: ['name'] },
    },
  },
  { fields: ['id'], populate: { comments: { fields: ['id'], populate: { user: true } }, dislikes: true } },
];

/** The generic answer's items for these ids, newest first, as find.ts gives them. */
async function generic(def: ResourceDef, query: Record<string, unknown>, list: number[], scope: LeanScope) {
  const q = parseQuery(def, query);
  const page = await findMany(
    ctx.database.db,
    def,
    {
      ...q,
      filters: { kind: 'cmp', column: 'id', op: '$in', value: list },
      page: 1,
      offset: 0,
      pageSize: list.length,
      withCount: false,
    },
    { scope: scope === 'shown' ? shownProviderById : null },
  );
  return JSON.stringify(page.data);
}

/**
 * The lean read's items, `[…]`. On SQLite `offload` runs the statement on the reader thread
 * (db/sqlite-reader.ts) rather than the main connection; PostgreSQL runs it in the database either way.
 */
async function lean(
  def: ResourceDef,
  query: Record<string, unknown>,
  list: number[],
  scope: LeanScope,
  offload = false,
) {
  const { db, engine } = ctx.database;
  const texts = await readLeanItems(db, engine, def, parseQuery(def, query), list, scope, offload);
  if (!texts) throw new Error('the lean read declined this shape');
  return `[${texts.join(',')}]`;
}

describe('lean page against the generic REST layer', () => {
  it('gives the same bytes for every populate shape and field selection, pages of shown providers', async () => {
    const all = [...ids, ...hiddenIds].sort((a, b) => b - a);
    for (const shape of SHAPES) {
      for (const page of [all, all.slice(0, 5), all.slice(5, 10), [ids[0]!]]) {
        const expected = await generic(providerResource, shape, page, 'shown');
        for (const offload of [false, true])
          expect(await lean(providerResource, shape, page, 'shown', offload), JSON.stringify(shape)).toBe(
            expected,
          );
      }
    }
    // Not vacuous: hidden providers were asked for and left out, relations were filled.
    const text = await lean(providerResource, SHAPES[1]!, all, 'shown');
    for (const id of hiddenIds) expect(text).not.toContain(`"id":${id},"attributes":{"title"`);
    const items = JSON.parse(text) as { attributes: Record<string, { data: unknown; meta?: unknown }> }[];
    expect(items).toHaveLength(ids.length);
    expect(items.some((i) => i.attributes.images!.meta)).toBe(true);
    expect(items.some((i) => Array.isArray(i.attributes.images!.data) && !i.attributes.images!.meta)).toBe(
      true,
    );
    expect(items.some((i) => i.attributes.language!.data === null)).toBe(true);
    expect(text).toContain('/uploads/small_');
  });

  it('renders every shape above in the database, not in JS, on this engine', async () => {
    const { engine } = ctx.database;
    for (const shape of SHAPES) {
      for (const [def, scope] of [
        [providerResource, 'shown'],
        [ownProviderResource, 'all'],
      ] as const) {
        expect(rendersInDatabase(engine, def, parseQuery(def, shape), scope), JSON.stringify(shape)).toBe(
          true,
        );
      }
    }
    const docs = parseQuery(ownProviderResource, { populate: 'docs,images' });
    expect(rendersInDatabase(engine, ownProviderResource, docs, 'all')).toBe(true);
  });

  it("follows a file's formats and privacy as they change, and shows unreadable formats as null", async () => {
    const db = ctx.database.db;
    const shape = SHAPES[0]!;
    const page = [ids[ids.length - 3]!];
    const [file] = await db
      .selectFrom('provider_images')
      .select('file_id')
      .where('provider_id', '=', page[0]!)
      .orderBy('position')
      .limit(1)
      .execute();
    const same = async () => {
      const expected = await generic(providerResource, shape, page, 'shown');
      expect(await lean(providerResource, shape, page, 'shown', false)).toBe(expected);
      // The reader thread's connection reads the change the main connection committed.
      expect(await lean(providerResource, shape, page, 'shown', true)).toBe(expected);
      return expected;
    };
    const before = await same();
    expect(before).toContain('/uploads/thumbnail_');
    // Each change is read afresh, not from what the last request rendered.
    const changes: [string | null, number][] = [
      [JSON.stringify({ large: { name: 'large_b', ext: '.avif', width: 1000, height: 600 } }), 0],
      ['{"thumbnail": not json', 0],
      ['[{"name":"a list"}]', 0],
      [JSON.stringify({ odd: null, small: 'text', medium: { ext: null } }), 0],
      // Text JSON.parse rewrites (escapes, numbers, a repeated key, a number-like key), and control
      // characters the PostgreSQL statement marks formats with, raw (unreadable) and escaped.
      ['{"b":{"name":"caf\\u00e9\\/x","width":1.50,"size":1e2},"b":{"name":"again"},"7":{"ext":".png"}}', 0],
      ['{"small":{"name":"a\u0001b"}}', 0],
      ['{"small":{"name":"a\u0002b"}}', 0],
      [JSON.stringify({ small: { name: 'a\u0001\u0002b', ext: '.web"p' } }), 0],
      [FORMATS, 1],
      [null, 1],
    ];
    const seen = new Set<string>();
    for (const [formats, isPrivate] of changes) {
      await db
        .updateTable('files')
        .set({ formats, is_private: isPrivate })
        .where('id', '=', file!.file_id)
        .execute();
      seen.add(await same());
    }
    // Unreadable texts and a list all show as `formats: null`: one answer for the four.
    expect(seen.size).toBe(changes.length - 3);
    await db
      .updateTable('files')
      .set({ formats: FORMATS, is_private: 0 })
      .where('id', '=', file!.file_id)
      .execute();
    expect(await same()).toBe(before);
  });

  it('gives the same bytes for the owner and admin view (every row, review fields)', async () => {
    const all = [...ids, ...hiddenIds].sort((a, b) => b - a);
    const docs = [
      { populate: 'docs,images' },
      { populate: { docs: { fields: ['name', 'ext', 'isPrivate'] } } },
    ];
    for (const shape of [...SHAPES, ...docs]) {
      const expected = await generic(ownProviderResource, shape, all, 'all');
      for (const offload of [false, true])
        expect(await lean(ownProviderResource, shape, all, 'all', offload)).toBe(expected);
    }
    expect(await lean(ownProviderResource, docs[0]!, all, 'all')).toContain('/api/upload/files/');
  });

  it('refuses an answer over the size limit exactly where the generic path does', async () => {
    const saved = LIMITS.maxResponseBytes;
    // Relations first (fields only `id`), empty to-many lists, nested lists: each counted as find.ts counts.
    try {
      for (const shape of [SHAPES[1]!, SHAPES[10]!, SHAPES[14]!]) {
        LIMITS.maxResponseBytes = saved;
        const size = (await generic(providerResource, shape, ids, 'shown')).length;
        for (const limit of [size - 500, size + 150, size + 180, size + 200, size + 220, size + 400]) {
          LIMITS.maxResponseBytes = limit;
          const outcome = (p: Promise<string>) =>
            p.then(
              () => 'ok',
              (e: { statusCode?: number }) => `error ${e.statusCode}`,
            );
          const expected = await outcome(generic(providerResource, shape, ids, 'shown'));
          for (const offload of [false, true])
            expect(await outcome(lean(providerResource, shape, ids, 'shown', offload)), String(limit)).toBe(
              expected,
            );
        }
      }
    } finally {
      LIMITS.maxResponseBytes = saved;
    }
  });

  it('declines a relation whose visibility depends on the time of the request (a provider again)', async () => {
    const { db, engine } = ctx.database;
    const q = (query: Record<string, unknown>) => parseQuery(providerResource, query);
    for (const populate of ['likes.provider', 'comments.provider'])
      expect(await readLeanItems(db, engine, providerResource, q({ populate }), ids, 'shown')).toBe(
        undefined,
      );
    // The shapes of the seed client are all rendered, to-many lists and nested relations included.
    const text = await lean(providerResource, SHAPES[10]!, ids, 'shown');
    for (const name of ['likes', 'dislikes', 'averages', 'comments'])
      expect(text).toContain(`"${name}":{"data":[{"id":`);
    expect(text).toContain('"total":103}');
    expect(text).toContain('"total":102}');
  });
});

describe('the routes', () => {
  it('keep a bounded number of statements prepared, however many shapes are asked for', async () => {
    const { db, engine } = ctx.database;
    const most = HOT_STATEMENTS[engine];
    const names = ['title', 'name', 'country', 'state', 'city', 'age', 'phone', 'call'];
    // Each order of three fields is a statement text of its own: more of them than are kept.
    const shapes: string[] = [];
    for (const a of names)
      for (const b of names)
        for (const c of names)
          if (a !== b && b !== c && a !== c && shapes.length < most + 10)
            shapes.push(`fields=${a},${b},${c}&populate=user`);
    expect(shapes).toHaveLength(most + 10);
    for (const shape of shapes) {
      const res = await callAs(ctx, 'GET', `/api/providers?${shape}`);
      expect(res.statusCode, shape).toBe(200);
    }
    // The last shapes (past the bound) still answer as the generic path does.
    const last = shapes.at(-1)!;
    const res = await callAs(ctx, 'GET', `/api/providers?${last}&pagination[pageSize]=40`);
    expect(JSON.parse(res.body).data).toEqual(
      JSON.parse(await generic(providerResource, qs.parse(last), ids, 'shown')),
    );
    if (engine === 'sqlite') {
      // The routes ran each statement on the main connection or the reader thread, as the load had it:
      // each keeps its own, bounded alike. Every shape on each, then.
      const parsed = shapes.map((shape) => parseQuery(providerResource, qs.parse(shape)));
      for (const offload of [false, true])
        for (const query of parsed)
          await readLeanItems(db, engine, providerResource, query, ids, 'shown', offload);
    }
    expect(hotStatementCount(db)).toBe(most);
    if (engine === 'postgres') {
      // The connection's own list: no more named statements than the bound.
      const [[prepared]] = (await hotReaderOf(db)!(
        'select count(*)::int from pg_prepared_statements',
        [],
      )!) as [[number]];
      expect(prepared).toBeLessThanOrEqual(most);
    }
  });

  it('answer the listing and one provider as the generic path does, as JSON', async () => {
    for (const shape of ['populate=images,language,race,user', 'populate[0]=images&populate[1]=video', '']) {
      const res = await callAs(ctx, 'GET', `/api/providers?${shape}&pagination[pageSize]=40`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const { data, meta } = res.json() as { data: unknown[]; meta: { pagination: { total: number } } };
      expect(meta.pagination.total).toBe(ids.length);
      const query = qs.parse(shape);
      expect(res.body).toBe(
        JSON.stringify({
          data: JSON.parse(await generic(providerResource, query, ids, 'shown')),
          meta: { pagination: { page: 1, pageSize: 40, pageCount: 1, total: ids.length } },
        }),
      );
      expect(data).toHaveLength(ids.length);
    }
    for (const id of [ids[0]!, ids[5]!, ids[11]!]) {
      const res = await callAs(ctx, 'GET', `/api/providers/${id}?populate=images,language,race,user`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const q = parseQuery(providerResource, { populate: 'images,language,race,user' });
      const item = await findOne(ctx.database.db, providerResource, id, q, { scope: shownProviderById });
      expect(res.body).toBe(JSON.stringify({ data: item, meta: {} }));
    }
    for (const id of [...hiddenIds, 987654]) {
      const res = await callAs(ctx, 'GET', `/api/providers/${id}?populate=images`);
      expect(res.statusCode, String(id)).toBe(404);
    }
    // A bad query on a hidden ad is its 404 (visibility first), on a shown one the 400.
    expect((await callAs(ctx, 'GET', `/api/providers/${hiddenIds[0]}?populate=nope`)).statusCode).toBe(404);
    expect((await callAs(ctx, 'GET', `/api/providers/${ids[0]}?populate=nope`)).statusCode).toBe(400);
  });
});
