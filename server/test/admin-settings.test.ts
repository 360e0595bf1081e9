import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect.ts';
import { findProcessingCosts } from '../src/modules/reference/index.ts';
import { readMessageRetentionDays } from '../src/modules/reference/index.ts';
import { DOCUMENT_RETENTION_DAYS_KEY, readDocumentRetentionDays } from '../src/modules/users/index.ts';
import { buildProviderAd } from './factories.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/**
 * The admin's settings: packages (create, edit, retire, delete when nobody bought
 * one), processing costs, the lookups (cities, languages, races, place types) and the operator settings;
 * each write admin only and recorded in the audit log with the record before and after. A price change
 * applies to new purchases only; a retired package is no longer sold.
 */

let ctx: TestContext;
let admin: TestUser;
let others: [string, TestUser][];
const db = () => ctx.database.db;
const M = MESSAGES.adminSettings;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await buildAdmin(ctx);
  others = [
    ['hobbyist', await buildHobbyist(ctx)],
    ['provider', await buildProvider(ctx)],
    ['vendor', await buildVendor(ctx)],
  ];
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const calls = () => apiCalls(ctx);
const as = (user: TestUser | null, method: Method, url: string, body?: unknown) =>
  calls().call(method, url, { user, ...(body !== undefined ? { body } : {}) });
const okAs = (user: TestUser, method: Method, url: string, body?: unknown) =>
  calls().ok(method, url, { user, ...(body !== undefined ? { body } : {}) });
const errorsOf = (res: { json: () => Json }) =>
  ((res.json().error?.details?.errors ?? []) as { path: (string | number)[]; message: string }[]).map(
    (e) => ({
      path: e.path.join('.'),
      message: e.message,
    }),
  );

/** The newest audit entry of a subject. */
const lastEntry = (subject: string) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('subject', '=', subject)
    .orderBy('id', 'desc')
    .executeTakeFirst();
const change = (row: { before_value: string | null; after_value: string | null } | undefined) => ({
  before: row?.before_value ? JSON.parse(row.before_value) : null,
  after: row?.after_value ? JSON.parse(row.after_value) : null,
});

let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${seq++}`;

const newPackage = async (data: Record<string, unknown> = {}) =>
  (
    await okAs(admin, 'POST', '/api/packages', {
      data: { name: unique('Package'), total_price: 20, validity: 1, number_of_ads_per_day: 2, ...data },
    })
  ).data as { id: number; attributes: Json };
const newLanguage = async () =>
  (await okAs(admin, 'POST', '/api/languages', { data: { lang_name: unique('Lang') } })).data.id as number;

describe('who may write settings', () => {
  it('answers 401 without a token and 403 to every account but the admin, on every new route', async () => {
    const pkg = (await newPackage()).id;
    const cost = (
      await okAs(admin, 'POST', '/api/processing-costs', {
        data: { processing_fee: 1, tax: 1, shipping_cost: 0 },
      })
    ).data.id as number;
    const language = await newLanguage();
    const race = (await okAs(admin, 'POST', '/api/races', { data: { race_name: unique('Race') } })).data
      .id as number;
    const type = (
      await okAs(admin, 'POST', '/api/vendor-types', { data: { type: `t-${seq++}`, name: 'Type' } })
    ).data.id as number;
    await db()
      .insertInto('states')
      .values({ state_code: 'ZZ', state_name: 'Zedland', country_code: 'US' })
      .execute();
    const city = (
      await okAs(admin, 'POST', '/api/cities', { data: { city_name: unique('City'), state_code: 'ZZ' } })
    ).data.id as number;
    const routes: [Method, string, unknown?][] = [
      [
        'POST',
        '/api/packages',
        { data: { name: 'X', total_price: 1, validity: 1, number_of_ads_per_day: 1 } },
      ],
      ['PUT', `/api/packages/${pkg}`, { data: { name: 'Y' } }],
      ['DELETE', `/api/packages/${pkg}`],
      ['POST', '/api/processing-costs', { data: { processing_fee: 1, tax: 1, shipping_cost: '0' } }],
      ['PUT', `/api/processing-costs/${cost}`, { data: { tax: 2 } }],
      ['DELETE', `/api/processing-costs/${cost}`],
      ['POST', '/api/cities', { data: { city_name: 'X', state_code: 'ZZ' } }],
      ['PUT', `/api/cities/${city}`, { data: { city_name: 'Y' } }],
      ['DELETE', `/api/cities/${city}`],
      ['POST', '/api/languages', { data: { lang_name: 'X' } }],
      ['PUT', `/api/languages/${language}`, { data: { lang_name: 'Y' } }],
      ['DELETE', `/api/languages/${language}`],
      ['POST', '/api/races', { data: { race_name: 'X' } }],
      ['PUT', `/api/races/${race}`, { data: { race_name: 'Y' } }],
      ['DELETE', `/api/races/${race}`],
      ['POST', '/api/vendor-types', { data: { type: 'x', name: 'X' } }],
      ['PUT', `/api/vendor-types/${type}`, { data: { name: 'Y' } }],
      ['DELETE', `/api/vendor-types/${type}`],
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings', { data: { tips_per_hour: 5 } }],
    ];
    for (const [method, url, body] of routes) {
      expect((await as(null, method, url, body)).statusCode, `anonymous ${method} ${url}`).toBe(401);
      for (const [role, user] of others)
        expect((await as(user, method, url, body)).statusCode, `${role} ${method} ${url}`).toBe(403);
    }
    // Nothing changed: no row was written by the refused calls.
    expect(
      await db().selectFrom('packages').select('name').where('id', '=', pkg).executeTakeFirst(),
    ).toMatchObject({
      name: expect.stringMatching(/^Package /),
    });
  });
});

describe('packages', () => {
  it('creates a package with its price per day computed, and records it', async () => {
    const created = await newPackage({ total_price: 59.99, validity: 2, number_of_ads_per_day: 4 });
    expect(created.attributes).toMatchObject({
      total_price: 59.99,
      validity: 2,
      number_of_ads_per_day: 4,
      price_per_day: 1, // 5999 cents over 60 days, to the nearest cent
      retired: false,
    });
    const entry = await lastEntry(`package:${created.id}`);
    expect(entry).toMatchObject({ actor_id: admin.id, action: 'package.create' });
    expect(change(entry)).toEqual({ before: null, after: created.attributes });
  });

  it('refuses bad input (400 at the field)', async () => {
    const bad: [unknown, string][] = [
      [{ data: { total_price: 10, validity: 1, number_of_ads_per_day: 1 } }, 'data.name'],
      [{ data: { name: ' ', total_price: 10, validity: 1, number_of_ads_per_day: 1 } }, 'data.name'],
      [{ data: { name: 'A', total_price: -1, validity: 1, number_of_ads_per_day: 1 } }, 'data.total_price'],
      [
        { data: { name: 'A', total_price: 1.234, validity: 1, number_of_ads_per_day: 1 } },
        'data.total_price',
      ],
      [
        { data: { name: 'A', total_price: 'ten', validity: 1, number_of_ads_per_day: 1 } },
        'data.total_price',
      ],
      [
        { data: { name: 'A', total_price: 100001, validity: 1, number_of_ads_per_day: 1 } },
        'data.total_price',
      ],
      [{ data: { name: 'A', total_price: 10, validity: 0, number_of_ads_per_day: 1 } }, 'data.validity'],
      [{ data: { name: 'A', total_price: 10, validity: 1.5, number_of_ads_per_day: 1 } }, 'data.validity'],
      [
        { data: { name: 'A', total_price: 10, validity: 1, number_of_ads_per_day: 0 } },
        'data.number_of_ads_per_day',
      ],
      [{ name: 'A' }, 'data'],
    ];
    for (const [body, path] of bad) {
      const res = await as(admin, 'POST', '/api/packages', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        errorsOf(res).map((e) => e.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const pkg = (await newPackage()).id;
    expect((await as(admin, 'PUT', `/api/packages/${pkg}`, { data: {} })).statusCode).toBe(400);
    expect((await as(admin, 'PUT', `/api/packages/${pkg}`, { data: { retired: 'yes' } })).statusCode).toBe(
      400,
    );
    expect((await as(admin, 'PUT', '/api/packages/999999', { data: { name: 'Z' } })).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', '/api/packages/999999')).statusCode).toBe(404);
  });

  it('edits a package (a text price is read as dollars) and records before and after', async () => {
    const pkg = await newPackage({ total_price: 30, validity: 1 });
    const updated = await okAs(admin, 'PUT', `/api/packages/${pkg.id}`, {
      data: { total_price: '45.50', validity: 3, name: 'Renamed' },
    });
    expect(updated.data.attributes).toMatchObject({
      name: 'Renamed',
      total_price: 45.5,
      validity: 3,
      price_per_day: 0.51,
    });
    const entry = await lastEntry(`package:${pkg.id}`);
    expect(entry?.action).toBe('package.update');
    expect(change(entry)).toMatchObject({
      before: { total_price: 30, validity: 1 },
      after: { total_price: 45.5, validity: 3, name: 'Renamed' },
    });
  });

  it('retires a package: gone from the public list, still readable, not sold; the admin sees it', async () => {
    const pkg = await newPackage();
    const retired = await okAs(admin, 'PUT', `/api/packages/${pkg.id}`, { data: { retired: true } });
    expect(retired.data.attributes.retired).toBe(true);
    expect((await lastEntry(`package:${pkg.id}`))?.action).toBe('package.retire');

    const publicIds = await calls().listed('/api/packages?pagination[pageSize]=100');
    expect(publicIds).not.toContain(pkg.id);
    const publicList = await calls().ok('GET', '/api/packages?pagination[pageSize]=100');
    expect(publicList.data[0].attributes).not.toHaveProperty('retired');
    const seen = (await okAs(admin, 'GET', '/api/packages?pagination[pageSize]=100')).data as Json[];
    expect(seen.find((p) => p.id === pkg.id)?.attributes.retired).toBe(true);
    const adminRetired = await okAs(
      admin,
      'GET',
      '/api/packages?filters[retired][$eq]=true&pagination[pageSize]=100',
    );
    expect((adminRetired.data as Json[]).map((p) => p.id)).toContain(pkg.id);
    expect((await as(null, 'GET', '/api/packages?filters[retired][$eq]=true')).statusCode).toBe(400);
    const item = await calls().ok('GET', `/api/packages/${pkg.id}`);
    expect(item.data.attributes).not.toHaveProperty('retired');

    const provider = await buildProvider(ctx);
    const buy = await as(provider, 'POST', '/api/subscriptions', {
      data: { package: pkg.id, transaction_id: `RET-${seq++}-${Date.now()}` },
    });
    expect(buy.statusCode).toBe(400);
    expect(errorsOf(buy)).toEqual([{ path: 'data.package', message: M.packageRetired }]);

    await okAs(admin, 'PUT', `/api/packages/${pkg.id}`, { data: { retired: false } });
    expect((await lastEntry(`package:${pkg.id}`))?.action).toBe('package.unretire');
    expect(await calls().listed('/api/packages?pagination[pageSize]=100')).toContain(pkg.id);
  });

  it('a price change applies to new purchases only: each subscription keeps its own amount', async () => {
    const pkg = await newPackage({ total_price: 20 });
    const costs = await findProcessingCosts(db());
    const priceOf = (dollars: number) =>
      Math.round(dollars * 100 + (dollars * 100 * costs.tax) / 100 + costs.processing_fee) / 100;
    const buyer = await buildProvider(ctx);
    const buy = async () =>
      (
        await okAs(buyer, 'POST', '/api/subscriptions', {
          data: { package: pkg.id, transaction_id: `PRICE-${seq++}-${Date.now()}` },
        })
      ).data as Json;
    const first = await buy();
    expect(first.attributes.price).toBe(priceOf(20));
    await okAs(admin, 'PUT', `/api/packages/${pkg.id}`, { data: { total_price: 50 } });
    const second = await buy();
    expect(second.attributes.price).toBe(priceOf(50));
    expect(second.attributes.amount).toBe(priceOf(50));
    const again = await okAs(buyer, 'GET', `/api/subscriptions/${first.id}`);
    expect(again.data.attributes).toMatchObject({ price: priceOf(20), amount: priceOf(20) });
    const stored = await db()
      .selectFrom('subscriptions')
      .select(['id', 'price', 'amount'])
      .where('id', 'in', [first.id, second.id])
      .orderBy('id')
      .execute();
    expect(stored.map((s) => [Number(s.price), Number(s.amount)])).toEqual([
      [Math.round(priceOf(20) * 100), Math.round(priceOf(20) * 100)],
      [Math.round(priceOf(50) * 100), Math.round(priceOf(50) * 100)],
    ]);
  });

  it('deletes a package nobody bought; a bought one is a 409 (retire it instead)', async () => {
    const spare = await newPackage();
    const deleted = await okAs(admin, 'DELETE', `/api/packages/${spare.id}`);
    expect(deleted.data.id).toBe(spare.id);
    expect(
      await db().selectFrom('packages').select('id').where('id', '=', spare.id).executeTakeFirst(),
    ).toBeUndefined();
    const entry = await lastEntry(`package:${spare.id}`);
    expect(entry?.action).toBe('package.delete');
    expect(change(entry).before).toMatchObject({ name: spare.attributes.name });

    const bought = await newPackage();
    const buyer = await buildProvider(ctx);
    await okAs(buyer, 'POST', '/api/subscriptions', {
      data: { package: bought.id, transaction_id: `DEL-${seq++}-${Date.now()}` },
    });
    const refused = await as(admin, 'DELETE', `/api/packages/${bought.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.packageInUse);
    expect(
      await db().selectFrom('packages').select('id').where('id', '=', bought.id).executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('processing costs', () => {
  it('edits the entry in force (the first): new checkouts and purchases price from it', async () => {
    const first = await db()
      .selectFrom('processing_costs')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await findProcessingCosts(db());
    const res = await okAs(admin, 'PUT', `/api/processing-costs/${first.id}`, {
      data: { processing_fee: 3.25, tax: 7.125, shipping_cost: '4.99' },
    });
    expect(res.data.attributes).toMatchObject({ processing_fee: 3.25, tax: 7.125, shipping_cost: '4.99' });
    expect(await findProcessingCosts(db())).toEqual({
      processing_fee: 325,
      tax: 7.125,
      shipping_cost: '4.99',
    });
    const entry = await lastEntry(`processing-cost:${first.id}`);
    expect(entry).toMatchObject({ action: 'processing-cost.update', actor_id: admin.id });
    expect(change(entry)).toMatchObject({
      before: {
        processing_fee: before.processing_fee / 100,
        tax: before.tax,
        shipping_cost: before.shipping_cost,
      },
      after: { processing_fee: 3.25, tax: 7.125, shipping_cost: '4.99' },
    });
    // Back as it was, for the other tests.
    await okAs(admin, 'PUT', `/api/processing-costs/${first.id}`, {
      data: { processing_fee: before.processing_fee / 100, tax: before.tax, shipping_cost: 0 },
    });
    expect(await findProcessingCosts(db())).toEqual(before);
  });

  it('adds and deletes an entry (the first stays in force), with 400s for bad input', async () => {
    const inForce = await findProcessingCosts(db());
    const created = await okAs(admin, 'POST', '/api/processing-costs', {
      data: { processing_fee: 0, tax: 0, shipping_cost: 0 },
    });
    expect(created.data.attributes).toMatchObject({ processing_fee: 0, tax: 0, shipping_cost: '0' });
    expect(await findProcessingCosts(db())).toEqual(inForce);
    expect((await lastEntry(`processing-cost:${created.data.id}`))?.action).toBe('processing-cost.create');
    await okAs(admin, 'DELETE', `/api/processing-costs/${created.data.id}`);
    expect((await lastEntry(`processing-cost:${created.data.id}`))?.action).toBe('processing-cost.delete');

    const bad: [unknown, string][] = [
      [{ data: { processing_fee: -1, tax: 1, shipping_cost: 0 } }, 'data.processing_fee'],
      [{ data: { processing_fee: 1, tax: 101, shipping_cost: 0 } }, 'data.tax'],
      [{ data: { processing_fee: 1, tax: 1.000001, shipping_cost: 0 } }, 'data.tax'],
      [{ data: { processing_fee: 1, tax: 1, shipping_cost: 'free' } }, 'data.shipping_cost'],
      [{ data: { processing_fee: 1, tax: 1 } }, 'data.shipping_cost'],
    ];
    for (const [body, path] of bad) {
      const res = await as(admin, 'POST', '/api/processing-costs', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(res).map((e) => e.path)).toContain(path);
    }
    expect((await as(admin, 'PUT', '/api/processing-costs/999999', { data: { tax: 1 } })).statusCode).toBe(
      404,
    );
    expect((await as(admin, 'DELETE', '/api/processing-costs/999999')).statusCode).toBe(404);
  });
});

describe('lookups', () => {
  it('languages and races: add, rename, delete; a duplicate or one in use is a 409', async () => {
    for (const [path, field, column, subject] of [
      ['languages', 'lang_name', 'language_id', 'language'],
      ['races', 'race_name', 'race_id', 'race'],
    ] as const) {
      const name = unique('Entry');
      const created = await okAs(admin, 'POST', `/api/${path}`, { data: { [field]: name } });
      const id = created.data.id as number;
      expect(created.data.attributes).toEqual({ [field]: name });
      expect((await lastEntry(`${subject}:${id}`))?.action).toBe(`${subject}.create`);
      const dup = await as(admin, 'POST', `/api/${path}`, { data: { [field]: name.toUpperCase() } });
      expect(dup.statusCode).toBe(409);
      expect(errorsOf(dup)).toEqual([{ path: `data.${field}`, message: M.lookupExists }]);
      expect((await as(admin, 'POST', `/api/${path}`, { data: { [field]: '' } })).statusCode).toBe(400);
      expect((await as(admin, 'POST', `/api/${path}`, { data: {} })).statusCode).toBe(400);

      const renamed = await okAs(admin, 'PUT', `/api/${path}/${id}`, { data: { [field]: `${name} 2` } });
      expect(renamed.data.attributes).toEqual({ [field]: `${name} 2` });
      const entry = await lastEntry(`${subject}:${id}`);
      expect(entry?.action).toBe(`${subject}.update`);
      expect(change(entry)).toEqual({ before: { [field]: name }, after: { [field]: `${name} 2` } });

      // In use by an ad: renaming is fine (ads name it by id), deleting is refused.
      const provider = await buildProvider(ctx);
      await buildProviderAd(ctx, provider, { [column]: id });
      await okAs(admin, 'PUT', `/api/${path}/${id}`, { data: { [field]: `${name} 3` } });
      const refused = await as(admin, 'DELETE', `/api/${path}/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(M.lookupInUse);

      const spare = (await okAs(admin, 'POST', `/api/${path}`, { data: { [field]: unique('Spare') } })).data
        .id;
      const gone = await okAs(admin, 'DELETE', `/api/${path}/${spare}`);
      expect(gone.data.id).toBe(spare);
      expect((await lastEntry(`${subject}:${spare}`))?.action).toBe(`${subject}.delete`);
      expect((await as(admin, 'DELETE', `/api/${path}/${spare}`)).statusCode).toBe(404);
      expect((await as(null, 'GET', `/api/${path}/${id}`)).json().data.attributes[field]).toBe(`${name} 3`);
    }
  });

  it('cities: add with the state name from the lookup, 400 for an unknown state, 409 when in use', async () => {
    const created = await okAs(admin, 'POST', '/api/cities', {
      data: { city_name: 'Testville', state_code: 'ca' },
    });
    expect(created.data.attributes).toEqual({
      city_name: 'Testville',
      state_code: 'CA',
      state_name: 'California',
      country_code: 'US',
    });
    const id = created.data.id as number;
    expect((await lastEntry(`city:${id}`))?.action).toBe('city.create');
    const dup = await as(admin, 'POST', '/api/cities', {
      data: { city_name: 'testville', state_code: 'CA' },
    });
    expect(dup.statusCode).toBe(409);
    const unknown = await as(admin, 'POST', '/api/cities', {
      data: { city_name: 'Nowhere', state_code: 'QQ' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)).toEqual([{ path: 'data.state_code', message: M.unknownState }]);
    expect(
      (await as(admin, 'POST', '/api/cities', { data: { city_name: 'X', state_code: 'TOOLONG' } }))
        .statusCode,
    ).toBe(400);
    const unknownCountry = await as(admin, 'POST', '/api/cities', {
      data: { city_name: 'X', state_code: 'CA', country_code: 'XX' },
    });
    expect(unknownCountry.statusCode).toBe(400);
    expect(errorsOf(unknownCountry)).toEqual([
      { path: 'data.country_code', message: MESSAGES.validation.countryUnknown },
    ]);
    // The country by its name, in any case, is kept as its code.
    const named = await okAs(admin, 'POST', '/api/cities', {
      data: { city_name: 'Namedville', state_code: 'CA', country_code: 'united states' },
    });
    expect(named.data.attributes.country_code).toBe('US');

    // Not in use yet: rename freely.
    const renamed = await okAs(admin, 'PUT', `/api/cities/${id}`, { data: { city_name: 'Testopolis' } });
    expect(renamed.data.attributes.city_name).toBe('Testopolis');
    expect(change(await lastEntry(`city:${id}`))).toMatchObject({
      before: { city_name: 'Testville' },
      after: { city_name: 'Testopolis' },
    });
    // An ad there: the city keeps its name and state, and stays.
    const provider = await buildProvider(ctx);
    await buildProviderAd(ctx, provider, { city: 'Testopolis', state: 'CA' });
    expect(
      (await as(admin, 'PUT', `/api/cities/${id}`, { data: { city_name: 'Elsewhere' } })).statusCode,
    ).toBe(409);
    expect((await as(admin, 'PUT', `/api/cities/${id}`, { data: { state_code: 'NV' } })).statusCode).toBe(
      409,
    );
    expect((await as(admin, 'DELETE', `/api/cities/${id}`)).statusCode).toBe(409);

    // Accounts name a city too (test accounts live in San Jose).
    const sanJose = (
      await okAs(admin, 'POST', '/api/cities', { data: { city_name: 'San Jose', state_code: 'CA' } })
    ).data.id as number;
    const refused = await as(admin, 'DELETE', `/api/cities/${sanJose}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.lookupInUse);

    // A place's address names one.
    const placeCity = (
      await okAs(admin, 'POST', '/api/cities', { data: { city_name: 'Placetown', state_code: 'CA' } })
    ).data.id as number;
    await db()
      .insertInto('addresses')
      .values({
        location: '1 Main St',
        city: 'Placetown',
        state: 'CA',
        postal_code: '95000',
        country: 'US',
        user_id: provider.id,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    expect((await as(admin, 'DELETE', `/api/cities/${placeCity}`)).statusCode).toBe(409);

    const free = (
      await okAs(admin, 'POST', '/api/cities', { data: { city_name: 'Emptyville', state_code: 'NV' } })
    ).data.id as number;
    const gone = await okAs(admin, 'DELETE', `/api/cities/${free}`);
    expect(gone.data.attributes).toMatchObject({ city_name: 'Emptyville', state_name: 'Nevada' });
    expect((await lastEntry(`city:${free}`))?.action).toBe('city.delete');
  });

  it('place types: add, rename; the type key stays while places have it; in use is a 409', async () => {
    const created = await okAs(admin, 'POST', '/api/vendor-types', {
      data: { type: 'massage-spa', name: 'Massage Spas' },
    });
    const id = created.data.id as number;
    expect(created.data.attributes).toEqual({ type: 'massage-spa', name: 'Massage Spas' });
    expect((await lastEntry(`vendor-type:${id}`))?.action).toBe('vendor-type.create');
    expect(
      (await as(admin, 'POST', '/api/vendor-types', { data: { type: 'Bad Type', name: 'X' } })).statusCode,
    ).toBe(400);
    expect(
      (await as(admin, 'POST', '/api/vendor-types', { data: { type: 'massage-spa', name: 'Again' } }))
        .statusCode,
    ).toBe(409);
    await okAs(admin, 'PUT', `/api/vendor-types/${id}`, { data: { type: 'spa' } });

    const provider = await buildProvider(ctx);
    await db()
      .insertInto('places')
      .values({
        name: 'A spa',
        place_type_id: id,
        phone: '5550100',
        email: 'spa@example.test',
        user_id: provider.id,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const renamed = await okAs(admin, 'PUT', `/api/vendor-types/${id}`, { data: { name: 'Spas' } });
    expect(renamed.data.attributes).toEqual({ type: 'spa', name: 'Spas' });
    expect((await as(admin, 'PUT', `/api/vendor-types/${id}`, { data: { type: 'other' } })).statusCode).toBe(
      409,
    );
    expect((await as(admin, 'DELETE', `/api/vendor-types/${id}`)).statusCode).toBe(409);
    expect((await as(admin, 'PUT', '/api/vendor-types/999999', { data: { name: 'X' } })).statusCode).toBe(
      404,
    );
  });
});

describe('operator settings', () => {
  it('reads the settings in force (defaults before any change)', async () => {
    const { data } = await okAs(admin, 'GET', '/api/admin/settings');
    expect(data).toEqual({
      payment_address: expect.any(String),
      document_retention_days: 30,
      message_retention_days: 90,
      tip_max_amount: 1000,
      tips_per_hour: 20,
      screening_reads_per_day: 500,
      twitter_url: '',
      facebook_url: '',
      instagram_url: '',
    });
  });

  it('changes them, each change recorded with before and after; the areas read the new values', async () => {
    const before = (await okAs(admin, 'GET', '/api/admin/settings')).data;
    const sent = {
      payment_address: 'PAY-TO: staff@example.test',
      document_retention_days: '14',
      message_retention_days: 45,
      tip_max_amount: 250.5,
      tips_per_hour: 3,
      screening_reads_per_day: 200,
    };
    const { data } = await okAs(admin, 'PUT', '/api/admin/settings', { data: sent });
    expect(data).toEqual({
      payment_address: 'PAY-TO: staff@example.test',
      document_retention_days: 14,
      message_retention_days: 45,
      tip_max_amount: 250.5,
      tips_per_hour: 3,
      screening_reads_per_day: 200,
      twitter_url: '',
      facebook_url: '',
      instagram_url: '',
    });
    expect(await readDocumentRetentionDays(db())).toBe(14);
    expect(await readMessageRetentionDays(db())).toBe(45);
    const stored = await db()
      .selectFrom('settings')
      .select('value')
      .where('key', '=', DOCUMENT_RETENTION_DAYS_KEY)
      .executeTakeFirst();
    expect(stored?.value).toBe('14');
    for (const key of Object.keys(sent) as (keyof typeof sent)[]) {
      const entry = await lastEntry(`setting:${key}`);
      expect(entry, key).toMatchObject({ action: 'setting.update', actor_id: admin.id });
      expect(change(entry), key).toEqual({ before: before[key], after: data[key] });
    }
    const info = await calls().ok('GET', '/api/payment-info');
    expect(JSON.stringify(info)).toContain('staff@example.test');

    // Sending the same values again changes nothing and records nothing new.
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('action', '=', 'setting.update')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await count();
    await okAs(admin, 'PUT', '/api/admin/settings', { data: { tips_per_hour: 3 } });
    expect(await count()).toBe(n);
  });

  it('refuses values out of range (400 at the field) and an empty change', async () => {
    const bad: [Record<string, unknown>, string, string][] = [
      [{ document_retention_days: 0 }, 'data.document_retention_days', M.retentionRange],
      [{ document_retention_days: 3651 }, 'data.document_retention_days', M.retentionRange],
      [{ document_retention_days: 1.5 }, 'data.document_retention_days', M.retentionRange],
      [{ message_retention_days: 0 }, 'data.message_retention_days', M.retentionRange],
      [{ message_retention_days: 3651 }, 'data.message_retention_days', M.retentionRange],
      [{ payment_address: '  ' }, 'data.payment_address', M.paymentAddressRequired],
      [{ payment_address: 'x'.repeat(501) }, 'data.payment_address', M.paymentAddressTooLong],
      [{ tip_max_amount: 0.5 }, 'data.tip_max_amount', M.tipMaxRange],
      [{ tip_max_amount: 10_000.01 }, 'data.tip_max_amount', M.tipMaxRange],
      [{ tips_per_hour: 0 }, 'data.tips_per_hour', M.tipsPerHourRange],
      [{ tips_per_hour: 1001 }, 'data.tips_per_hour', M.tipsPerHourRange],
      [{ screening_reads_per_day: 0 }, 'data.screening_reads_per_day', M.screeningReadsRange],
    ];
    for (const [data, path, message] of bad) {
      const res = await as(admin, 'PUT', '/api/admin/settings', { data });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorsOf(res), JSON.stringify(data)).toEqual([{ path, message }]);
    }
    const empty = await as(admin, 'PUT', '/api/admin/settings', { data: {} });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)[0]?.message).toBe(M.nothingToChange);
  });
});

describe("the footer's social links", () => {
  const publicLinks = async (user: TestUser | null = null) => {
    const res = await as(user, 'GET', '/api/public-settings');
    expect(res.statusCode).toBe(200);
    return res.json().data.social_links as { network: string; url: string }[];
  };

  it('are none until the admin sets some: the public answer lists no placeholder', async () => {
    expect(await publicLinks()).toEqual([]);
  });

  it('the admin sets them (trimmed, audited); everyone reads those set, in the footer order', async () => {
    const { data } = await okAs(admin, 'PUT', '/api/admin/settings', {
      data: {
        instagram_url: '  https://www.instagram.com/livethefantasy/  ',
        twitter_url: 'https://x.com/livethefantasy',
      },
    });
    expect(data).toMatchObject({
      twitter_url: 'https://x.com/livethefantasy',
      facebook_url: '',
      instagram_url: 'https://www.instagram.com/livethefantasy/',
    });
    const expected = [
      { network: 'twitter', url: 'https://x.com/livethefantasy' },
      { network: 'instagram', url: 'https://www.instagram.com/livethefantasy/' },
    ];
    expect(await publicLinks()).toEqual(expected);
    for (const [, user] of others) expect(await publicLinks(user)).toEqual(expected);
    expect(change(await lastEntry('setting:social_twitter_url'))).toEqual({
      before: '',
      after: 'https://x.com/livethefantasy',
    });

    // An address emptied hides that network's link.
    await okAs(admin, 'PUT', '/api/admin/settings', { data: { twitter_url: '' } });
    expect(await publicLinks()).toEqual([expected[1]]);
  });

  it('nobody but the admin sets them', async () => {
    const body = { data: { facebook_url: 'https://www.facebook.com/somebody' } };
    expect((await as(null, 'PUT', '/api/admin/settings', body)).statusCode).toBe(401);
    for (const [role, user] of others)
      expect((await as(user, 'PUT', '/api/admin/settings', body)).statusCode, role).toBe(403);
    expect((await publicLinks()).some((link) => link.network === 'facebook')).toBe(false);
  });

  it('take https:// addresses only (400 at the field), and show none that is not one', async () => {
    const bad: [string, string][] = [
      ['http://x.com/livethefantasy', M.socialUrlInvalid],
      ['javascript:alert(1)', M.socialUrlInvalid],
      ['x.com/livethefantasy', M.socialUrlInvalid],
      ['https://', M.socialUrlInvalid],
      ['https://user:secret@x.com/', M.socialUrlInvalid],
      ['https://x.com/live the fantasy', M.socialUrlInvalid],
      [`https://x.com/${'a'.repeat(300)}`, M.socialUrlTooLong],
    ];
    for (const [url, message] of bad) {
      const res = await as(admin, 'PUT', '/api/admin/settings', { data: { facebook_url: url } });
      expect(res.statusCode, url).toBe(400);
      expect(errorsOf(res), url).toEqual([{ path: 'data.facebook_url', message }]);
    }
    // A value stored some other way that is no https:// address is not shown either.
    await db()
      .insertInto('settings')
      .values({ key: 'social_facebook_url', value: 'javascript:alert(1)' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'javascript:alert(1)' }))
      .execute();
    expect((await publicLinks()).some((link) => link.network === 'facebook')).toBe(false);
    expect((await okAs(admin, 'GET', '/api/admin/settings')).data.facebook_url).toBe('');
  });
});

describe('the audit trail of these writes', () => {
  it('has each write recorded by its service (none left to the fallback’s `api.*` entries)', async () => {
    await new Promise((r) => setTimeout(r, 100));
    const fallback = await db()
      .selectFrom('audit_log')
      .select(['action', 'subject'])
      .where('action', 'like', 'api.%')
      .execute();
    expect(fallback).toEqual([]);
    const mine = await db().selectFrom('audit_log').select('ip').where('actor_id', '=', admin.id).execute();
    expect(mine.length).toBeGreaterThan(20);
    expect(mine.every((r) => typeof r.ip === 'string' && r.ip.length > 0)).toBe(true);
  });
});
