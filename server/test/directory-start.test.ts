import { toDirectorySearch } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, warmUp } from '../src/app.ts';
import { parseQueryString } from '../src/http/query.ts';
import { findListing } from '../src/modules/directory/directory.listing.ts';
import { readListingQuery, type DirectoryContext } from '../src/modules/directory/directory.service.ts';
import { FacetStore } from '../src/modules/directory/facets/facet-store.ts';
import { newAddress } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import { buildAdmin, buildProvider, createTestApp, memoryMailer, type TestContext } from './helpers.ts';

/**
 * A server builds its facet index once it listens (decision 0026): a listing asked meanwhile is answered
 * by SQL, and must be the very answer the index gives once built (same ids, same order, same total);
 * requests that need the index itself (the filter counts) wait for it.
 */

let ctx: TestContext;

/** Listings of the home page's shapes: filters, a city without its state, a range, a deep page, a search. */
const QUERIES = [
  'populate=images,language,race,user&pagination[page]=1',
  'pagination[page]=2&pagination[pageSize]=3',
  toDirectorySearch({ filters: {}, location: { state: 'CA' } }),
  toDirectorySearch({ filters: {}, location: { city: ['Reno'] } }),
  toDirectorySearch({ filters: { call: ['Incall'] }, location: { state: 'WA' } }),
  toDirectorySearch({ filters: { kissing: 'yes', age: [25, 45] }, location: {} }),
  `${toDirectorySearch({ filters: { call: ['Outcall'] }, location: {} })}&pagination[pageSize]=2&pagination[page]=2`,
  'search=Fresno',
  'pagination[page]=40',
];

const PLACES = [
  ['CA', 'Fresno'],
  ['CA', 'San Jose'],
  ['NV', 'Reno'],
  ['WA', 'Seattle'],
] as const;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await buildAdmin(ctx);
  const owners = [await buildProvider(ctx), await buildProvider(ctx), await buildProvider(ctx)];
  for (let i = 0; i < 24; i++) {
    const [state, city] = PLACES[i % PLACES.length]!;
    await buildProviderAd(ctx, owners[i % owners.length]!, {
      state,
      city,
      age: 20 + ((i * 7) % 35),
      call: ['Incall', 'Outcall', 'Outcall/Incall'][i % 3]!,
      kissing_types: i % 4 ? 'Light' : null,
      // Hidden ones: not approved yet.
      ...(i % 5 === 4 ? { is_showed: 0 } : {}),
    });
  }
  // An owner blocked by the admin, and one whose package has ended: their ads are not shown.
  const blocked = await buildProvider(ctx);
  await buildProviderAd(ctx, blocked, { state: 'CA', city: 'Fresno' });
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${blocked.id}`,
    headers: admin.auth,
    remoteAddress: newAddress(),
    payload: { is_active: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  const lapsed = await buildProvider(ctx);
  await buildProviderAd(ctx, lapsed, { state: 'NV', city: 'Reno', subscribed: false });
});
afterAll(async () => {
  await ctx.close();
});

/** The directory's services on a facet store of their own. */
function directoryWith(store: FacetStore): DirectoryContext {
  return {
    db: ctx.database.db,
    engine: ctx.database.engine,
    store,
    storage: ctx.storage,
    mailer: memoryMailer(),
  };
}

const listingOf = (d: DirectoryContext, query: string) =>
  findListing(d, readListingQuery(null, parseQueryString(query))).then((answer) =>
    JSON.parse(JSON.stringify(answer)),
  );

describe('a listing while the facet index is being built', () => {
  it('is answered by SQL with exactly what the built index answers', async () => {
    for (const query of QUERIES) {
      const store = new FacetStore(ctx.database.db, ctx.database.engine);
      try {
        const d = directoryWith(store);
        const building = store.get();
        // The listing is asked while the build runs: it does not wait for it.
        expect(store.building).toBe(true);
        const early = listingOf(d, query);
        await building;
        expect(store.building).toBe(false);
        const late = await listingOf(d, query);
        expect(store.stats.builds).toBe(1);
        expect(await early, query).toEqual(late);
      } finally {
        await store.close();
      }
    }
  });

  it('has the shown ads only: hidden, blocked and lapsed ones are left out as the index leaves them', async () => {
    const store = new FacetStore(ctx.database.db, ctx.database.engine);
    try {
      const d = directoryWith(store);
      const building = store.get();
      const early = await listingOf(d, 'pagination[pageSize]=100');
      await building;
      const total = (await store.get()).index.shownCount;
      expect(early.meta.pagination.total).toBe(total);
      expect(early.data).toHaveLength(total);
      // 24 ads, one in five hidden; the blocked owner's and the lapsed owner's left out.
      expect(total).toBe(24 - 4);
    } finally {
      await store.close();
    }
  });

  it('answers a server that is still warming up as it answers once warm, counts included', async () => {
    const app = await buildApp({ config: ctx.config, database: ctx.database, mailer: memoryMailer() });
    try {
      await app.ready();
      const ask = (url: string) =>
        app.inject({ method: 'GET', url, remoteAddress: newAddress() }).then((r) => {
          expect(r.statusCode, r.body).toBe(200);
          return r.json();
        });
      const urls = [
        ...QUERIES.map((q) => `/api/providers?${q}`),
        `/api/filterdata?${toDirectorySearch({ filters: { call: ['Incall'] }, location: { state: 'CA' } })}`,
      ];
      // As start.ts does: the warm-up is not waited for before requests come.
      const warming = warmUp(app);
      const early = await Promise.all(urls.map(ask));
      await warming;
      const late = await Promise.all(urls.map(ask));
      expect(early).toEqual(late);
    } finally {
      await app.close();
    }
  });
});
