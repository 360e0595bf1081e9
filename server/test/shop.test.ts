import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsRoot } from '../src/storage/index.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { shopApi, type Json } from './shop-helpers.ts';
import { uploadImage } from './upload-helpers.ts';

/**
 * The shop area (docs/api.md "Shop"): products (who sees, adds, changes and deletes them,
 * the spec's validation, pictures, archiving a product with orders), the vendor list, the wishlist
 * and the seed client's carts (server prices). The orders area has its own tests.
 */

let ctx: TestContext;
let admin: TestUser;
let vendor: TestUser;
let otherVendor: TestUser;
let hobbyist: TestUser;
let otherHobbyist: TestUser;
let provider: TestUser;
let api: ReturnType<typeof shopApi>;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, vendor, otherVendor, hobbyist, otherHobbyist, provider] = await Promise.all([
    buildAdmin(ctx),
    buildVendor(ctx),
    buildVendor(ctx),
    buildHobbyist(ctx),
    buildHobbyist(ctx),
    buildProvider(ctx),
  ]);
  api = shopApi(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const errorOf = (res: { json: () => Json }) => res.json().error as Json;
const errorPaths = (res: { json: () => Json }) =>
  ((errorOf(res)?.details?.errors ?? []) as { path: (string | number)[] }[]).map((e) => e.path.join('.'));
const errorMessages = (res: { json: () => Json }) =>
  ((errorOf(res)?.details?.errors ?? []) as { message: string }[]).map((e) => e.message);

let tokenSeq = 0;
/** A word no other product of the run holds, to find one test's products by search. */
const token = () => `zq${Date.now().toString(36)}${(tokenSeq++).toString(36)}`;

async function fileRow(id: number) {
  return db().selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}
const diskPath = (row: { storage_key: string; ext: string }) =>
  path.join(uploadsRoot(ctx.config.dataDir), 'public', `${row.storage_key}${row.ext}`);
const productRow = (id: number) =>
  db().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();

/** A new vendor account that is blocked once its product is made; answers the product. */
async function productOfBlockedVendor(name: string): Promise<{ owner: TestUser; product: number }> {
  const owner = await buildVendor(ctx);
  const product = await api.newProduct(owner, { name });
  await db().updateTable('users').set({ is_active: 0 }).where('id', '=', owner.id).execute();
  return { owner, product };
}

// ---------------------------------------------------------------------------------------------

describe('GET /api/products', () => {
  it("anyone reads products on sale, in the contract's shape: price in dollars, username only", async () => {
    const word = token();
    const id = await api.newProduct(vendor, { name: `Silk Blindfold ${word}`, price: '25' });
    for (const user of [null, hobbyist, provider, otherVendor, vendor, admin]) {
      const res = await api.ok('GET', `/api/products?populate=*&filters[name][$containsi]=${word}`, { user });
      expect(res.data.map((p: Json) => p.id)).toEqual([id]);
      expect(res.meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 1, total: 1 });
      const a = res.data[0].attributes;
      expect(a).toMatchObject({
        name: `Silk Blindfold ${word}`,
        description: 'A small scented candle.',
        price: 25,
        archived: false,
      });
      expect(typeof a.createdAt).toBe('string');
      expect(typeof a.updatedAt).toBe('string');
      expect(a.picture.data.attributes.url).toMatch(/^\/uploads\//);
      expect(a.user.data).toEqual({ id: vendor.id, attributes: expect.any(Object) });
      expect(Object.keys(a.user.data.attributes)).toEqual(['username']);
    }
    // The owner's e-mail or phone can be neither read nor filtered on.
    const byEmail = await api.call('GET', `/api/products?filters[user][email][$eq]=${vendor.email}`);
    expect(byEmail.statusCode).toBe(400);
    const populated = await api.call('GET', '/api/products?populate[user][fields][0]=email');
    expect(populated.statusCode).toBe(400);
  });

  it('sorts newest first by default and clamps page sizes to 100', async () => {
    const word = token();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await api.newProduct(vendor, { name: `Bath Salts ${word} ${i}` }));
    expect(await api.listed(`/api/products?filters[name][$containsi]=${word}`)).toEqual([...ids].reverse());
    expect(await api.listed(`/api/products?filters[name][$containsi]=${word}&sort=price:asc`)).toEqual(ids);
    const big = await api.ok('GET', '/api/products?pagination[pageSize]=100000');
    expect(big.meta.pagination.pageSize).toBe(100);
    const one = await api.ok('GET', `/api/products?filters[name][$containsi]=${word}&pagination[pageSize]=1`);
    expect(one.meta.pagination).toMatchObject({ pageSize: 1, pageCount: 3, total: 3 });
    for (const bad of ['abc', '0', '-1', '2.5']) {
      expect((await api.call('GET', `/api/products?pagination[pageSize]=${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await api.call('GET', '/api/products?sort=description:asc')).statusCode).toBe(400);
    expect((await api.call('GET', '/api/products?filters[archived][$null]=true')).statusCode).toBe(400);
  });

  it("the shop's search ($containsi on name or description) and vendor filter", async () => {
    const word = token();
    const byName = await api.newProduct(vendor, { name: `Massage Oil ${word.toUpperCase()}` });
    const byDescription = await api.newProduct(otherVendor, {
      name: 'Body Lotion',
      description: `Unscented, with ${word} inside.`,
    });
    await api.newProduct(vendor, { name: 'Gift Card Box' });
    const search = `filters[$or][0][name][$containsi]=${word}&filters[$or][1][description][$containsi]=${word}`;
    expect(await api.listed(`/api/products?${search}`)).toEqual([byDescription, byName]);
    expect(await api.listed(`/api/products?${search}&filters[user][id][$eq]=${vendor.id}`)).toEqual([byName]);
    expect(await api.listed(`/api/products?${search}&filters[user][id][$eq]=${otherVendor.id}`)).toEqual([
      byDescription,
    ]);
    const mine = await api.listed(
      `/api/products?filters[user][id][$eq]=${otherVendor.id}&pagination[pageSize]=100`,
    );
    const owned = await db()
      .selectFrom('products')
      .select('id')
      .where('user_id', '=', otherVendor.id)
      .execute();
    expect(mine.sort()).toEqual(owned.map((r) => Number(r.id)).sort());
  });

  it("hides a blocked vendor's products and archived ones; the admin sees them all", async () => {
    const word = token();
    const { product: blocked } = await productOfBlockedVendor(`Bath Salts ${word} blocked`);
    const archived = await api.newProduct(vendor, { name: `Bath Salts ${word} archived` });
    await api.orderLineFor(hobbyist, archived);
    await api.ok('DELETE', `/api/products/${archived}`, { user: vendor });
    const shown = await api.newProduct(vendor, { name: `Bath Salts ${word} shown` });
    const url = `/api/products?filters[name][$containsi]=${word}`;
    for (const user of [null, hobbyist, otherVendor]) expect(await api.listed(url, user)).toEqual([shown]);
    // The owner's My Products leaves the archived one out too.
    expect(await api.listed(`${url}&filters[user][id][$eq]=${vendor.id}`, vendor)).toEqual([shown]);
    const all = await api.ok('GET', url, { user: admin });
    expect(all.data.map((p: Json) => [p.id, p.attributes.archived])).toEqual([
      [shown, false],
      [archived, true],
      [blocked, false],
    ]);
  });

  it('a product of a provider or hobbyist account is never on sale', async () => {
    const word = token();
    const id = await api.newProduct(vendor, { name: `Silk Blindfold ${word}` });
    await db().updateTable('products').set({ user_id: provider.id }).where('id', '=', id).execute();
    expect(await api.listed(`/api/products?filters[name][$containsi]=${word}`)).toEqual([]);
    expect((await api.call('GET', `/api/products/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/products/vendors', () => {
  it('lists the vendors with a product on sale, by username, with counts and no private fields', async () => {
    const fresh = await buildVendor(ctx);
    const first = await api.newProduct(fresh);
    await api.newProduct(fresh);
    const { owner: blocked } = await productOfBlockedVendor('Scented Candle Set');
    const onlyArchived = await buildVendor(ctx);
    const gone = await api.newProduct(onlyArchived);
    await api.orderLineFor(hobbyist, gone);
    await api.ok('DELETE', `/api/products/${gone}`, { user: onlyArchived });

    for (const user of [null, hobbyist, admin]) {
      const res = await api.ok('GET', '/api/products/vendors', { user });
      const rows = res.data as { id: number; username: string; products: number }[];
      const names = rows.map((r) => r.username);
      const lower = names.map((n) => n.toLowerCase());
      expect(lower).toEqual([...lower].sort());
      for (const r of rows) expect(Object.keys(r).sort()).toEqual(['id', 'products', 'username']);
      expect(rows.find((r) => r.id === fresh.id)?.products).toBe(2);
      const ids = rows.map((r) => r.id);
      expect(ids).not.toContain(blocked.id);
      expect(ids).not.toContain(onlyArchived.id);
      expect(ids).not.toContain(hobbyist.id);
    }
    // Not swallowed by `/api/products/:id`.
    expect((await api.call('GET', '/api/products/vendors')).json().data).toBeInstanceOf(Array);
    expect((await api.call('GET', `/api/products/${first}`)).statusCode).toBe(200);
  });

  it('takes no query parameter: any is a 400 naming it', async () => {
    for (const q of ['x=1', 'filters[id][$eq]=1', 'pagination[page]=2']) {
      const res = await api.call('GET', `/api/products/vendors?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(errorOf(res).message).toBe(`Invalid parameter ${q.split(/[[=]/)[0]}: unknown parameter`);
    }
  });
});

describe('GET /api/products/:id', () => {
  it('anyone reads a product on sale (populate works); others are a 404 with the message', async () => {
    const id = await api.newProduct(vendor, { price: 40 });
    for (const user of [null, hobbyist, provider, otherVendor, vendor, admin]) {
      const res = await api.ok('GET', `/api/products/${id}?populate=picture`, { user });
      expect(res.data.attributes).toMatchObject({ price: 40, archived: false });
      expect(res.data.attributes.picture.data.id).toBeGreaterThan(0);
      expect(res.data.attributes.user).toBeUndefined();
    }
    // A stale token counts as none on the shop's reads.
    const stale = await ctx.app.inject({
      url: `/api/products/${id}`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(stale.statusCode).toBe(200);

    const missing = await api.call('GET', '/api/products/999999');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(MESSAGES.shopErrors.productNotFound);
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648']) {
      expect((await api.call('GET', `/api/products/${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it("an archived product is a 404 but to the admin; a blocked vendor's is a 404 to everyone but the admin", async () => {
    const archived = await api.newProduct(vendor);
    await api.orderLineFor(hobbyist, archived);
    await api.ok('DELETE', `/api/products/${archived}`, { user: vendor });
    const { owner, product: blocked } = await productOfBlockedVendor('Gift Card Box');
    for (const user of [null, hobbyist, vendor]) {
      const res = await api.call('GET', `/api/products/${archived}`, { user });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(MESSAGES.shopErrors.productNotFound);
      expect((await api.call('GET', `/api/products/${blocked}`, { user })).statusCode).toBe(404);
    }
    expect((await api.ok('GET', `/api/products/${archived}`, { user: admin })).data.attributes.archived).toBe(
      true,
    );
    // Unblocked, the product is back as it was.
    await db().updateTable('users').set({ is_active: 1 }).where('id', '=', owner.id).execute();
    expect((await api.call('GET', `/api/products/${blocked}`)).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/products', () => {
  it('401 anonymous; 403 hobbyists, providers and the admin (vendors only)', async () => {
    const body = await api.productBody(vendor);
    expect((await api.call('POST', '/api/products', { body })).statusCode).toBe(401);
    for (const user of [hobbyist, provider, admin]) {
      const res = await api.call('POST', '/api/products', { user, body: await api.productBody(user) });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).message).toBe(MESSAGES.shopErrors.sellersOnly);
    }
    expect(
      await db()
        .selectFrom('products')
        .select('id')
        .where('user_id', 'in', [admin.id, hobbyist.id])
        .execute(),
    ).toEqual([]);
  });

  it("400 with the spec's messages (spec 000 §5 'Product')", async () => {
    const V = MESSAGES.validation;
    const P = MESSAGES.productForm;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'A' }, 'data.name', V.tooShort],
      [{ name: 'x'.repeat(51) }, 'data.name', V.tooLong],
      [{ name: '' }, 'data.name', V.nameRequired],
      [{ name: undefined }, 'data.name', V.nameRequired],
      [{ description: '' }, 'data.description', P.descriptionRequired],
      [{ description: 'x' }, 'data.description', V.tooShort],
      [{ description: 'x'.repeat(201) }, 'data.description', V.tooLong],
      [{ price: '12.345' }, 'data.price', P.priceInvalid],
      [{ price: '12,50' }, 'data.price', P.priceInvalid],
      [{ price: 'abc' }, 'data.price', P.priceInvalid],
      [{ price: '12345678901' }, 'data.price', P.priceInvalid],
      [{ price: '0' }, 'data.price', P.priceInvalid],
      [{ price: '0.00' }, 'data.price', P.priceInvalid],
      [{ price: '-5' }, 'data.price', P.priceInvalid],
      [{ price: 12.345 }, 'data.price', P.priceInvalid],
      [{ price: '' }, 'data.price', P.priceRequired],
      [{ price: '100001' }, 'data.price', MESSAGES.shopErrors.priceTooHigh],
      [{ price: '9999999999' }, 'data.price', MESSAGES.shopErrors.priceTooHigh],
      [{ picture: undefined }, 'data.picture', P.pictureRequired],
    ];
    for (const [overrides, at, message] of cases) {
      const res = await api.call('POST', '/api/products', {
        user: vendor,
        body: await api.productBody(vendor, overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorPaths(res), JSON.stringify(overrides)).toContain(at);
      expect(errorMessages(res), JSON.stringify(overrides)).toContain(message);
    }
    // The largest price is accepted and stored in cents.
    const top = await api.newProduct(vendor, { price: '100000' });
    expect((await productRow(top))?.price).toBe(10_000_000);
  });

  it('takes cents (12.50 as text or 12.5 as a number): stored as cents, answered in dollars', async () => {
    const text = await api.ok('POST', '/api/products', {
      user: vendor,
      body: await api.productBody(vendor, { price: '12.50' }),
    });
    expect(text.data.attributes.price).toBe(12.5);
    expect((await productRow(text.data.id))?.price).toBe(1250);
    const number = await api.ok('POST', '/api/products', {
      user: vendor,
      body: await api.productBody(vendor, { price: 19.99 }),
    });
    expect(number.data.attributes.price).toBe(19.99);
    expect((await productRow(number.data.id))?.price).toBe(1999);
    const cent = await api.newProduct(vendor, { price: '0.01' });
    expect((await productRow(cent))?.price).toBe(1);

    await api.ok('PUT', `/api/products/${text.data.id}`, { user: vendor, body: { data: { price: '7.05' } } });
    expect((await productRow(text.data.id))?.price).toBe(705);
    const read = await api.ok('GET', `/api/products/${text.data.id}`, {});
    expect(read.data.attributes.price).toBe(7.05);
    // The server's sums are exact in cents: 3 × $7.05 = $21.15.
    const cart = await api.ok('POST', '/api/carts', {
      user: hobbyist,
      body: { data: { product: text.data.id, quantity: 3 } },
    });
    expect(cart.data.attributes.price).toBe(21.15);
  });

  it('400 for wrong types and malformed bodies, never a 500', async () => {
    for (const overrides of [
      { picture: 'x' },
      { picture: 2147483648 },
      { picture: -1 },
      { picture: [1] },
      { name: { $gt: '' } },
      { name: 'a\u0000b' },
      { price: 1e308 },
      { price: null },
      { description: ['x', 'y'] },
    ]) {
      const res = await api.call('POST', '/api/products', {
        user: vendor,
        body: await api.productBody(vendor, overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
    }
    for (const body of [null, [], { data: null }, { data: [] }, { data: 'x' }, {}]) {
      expect((await api.call('POST', '/api/products', { user: vendor, body })).statusCode).toBe(400);
    }
  });

  it('refuses a picture the vendor did not upload, a private one or a missing one, at data.picture', async () => {
    const others = await uploadImage(ctx, otherVendor);
    const anonymous = await uploadImage(ctx, null);
    const privateDoc = await uploadImage(ctx, vendor, { purpose: 'docs' });
    for (const picture of [others, anonymous, privateDoc, 2_000_000_000]) {
      const res = await api.call('POST', '/api/products', {
        user: vendor,
        body: await api.productBody(vendor, { picture }),
      });
      expect(res.statusCode, String(picture)).toBe(400);
      expect(errorPaths(res)).toEqual(['data.picture']);
      expect(errorOf(res).message).toBe(`data.picture: ${MESSAGES.shopErrors.pictureInvalid} ${picture}`);
    }
  });

  it("the owner is the token's account (a sent user is ignored); the answer has the picture", async () => {
    const body = await api.productBody(vendor, { user: otherVendor.id, price: 30, archived: true, id: 1 });
    const res = await api.ok('POST', '/api/products', { user: vendor, body });
    expect(res.data.attributes).toMatchObject({ price: 30, archived: false });
    expect(res.data.attributes.picture.data.id).toBe(body.data.picture);
    const row = await productRow(res.data.id);
    expect(row).toMatchObject({
      user_id: vendor.id,
      price: 3000,
      archived_at: null,
      picture_id: body.data.picture,
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('PUT /api/products/:id', () => {
  it('401 anonymous; 403 hobbyists, providers and another vendor; the owner and the admin change it', async () => {
    const id = await api.newProduct(vendor);
    const body = { data: { name: 'Renamed Candle' } };
    expect((await api.call('PUT', `/api/products/${id}`, { body })).statusCode).toBe(401);
    for (const user of [hobbyist, provider, otherVendor]) {
      const res = await api.call('PUT', `/api/products/${id}`, { user, body });
      expect(res.statusCode).toBe(403);
    }
    expect((await productRow(id))?.name).not.toBe('Renamed Candle');
    const own = await api.ok('PUT', `/api/products/${id}`, { user: vendor, body: { data: { price: '18' } } });
    expect(own.data.attributes.price).toBe(18);
    const byAdmin = await api.ok('PUT', `/api/products/${id}`, { user: admin, body });
    expect(byAdmin.data.attributes).toMatchObject({ name: 'Renamed Candle', price: 18 });
    expect((await productRow(id))?.user_id).toBe(vendor.id);
    expect((await api.call('PUT', '/api/products/999999', { user: vendor, body })).statusCode).toBe(404);
  });

  it('validates like the create; a sent user is ignored', async () => {
    const id = await api.newProduct(vendor);
    for (const [data, message] of [
      [{ price: '12.505' }, MESSAGES.productForm.priceInvalid],
      [{ price: 'abc' }, MESSAGES.productForm.priceInvalid],
      [{ name: 'A' }, MESSAGES.validation.tooShort],
      [{ description: 'x'.repeat(201) }, MESSAGES.validation.tooLong],
      [{ price: '200000' }, MESSAGES.shopErrors.priceTooHigh],
    ] as const) {
      const res = await api.call('PUT', `/api/products/${id}`, { user: vendor, body: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorMessages(res)).toContain(message);
    }
    await api.ok('PUT', `/api/products/${id}`, { user: vendor, body: { data: { user: otherVendor.id } } });
    expect((await productRow(id))?.user_id).toBe(vendor.id);
  });

  it("a new picture must be the product owner's (also when the admin edits); the old file is deleted", async () => {
    const id = await api.newProduct(vendor);
    const old = (await productRow(id))!.picture_id!;
    const oldRow = (await fileRow(old))!;
    expect(existsSync(diskPath(oldRow))).toBe(true);
    for (const [user, picture] of [
      [vendor, await uploadImage(ctx, otherVendor)],
      [admin, await uploadImage(ctx, admin)],
    ] as const) {
      const res = await api.call('PUT', `/api/products/${id}`, { user, body: { data: { picture } } });
      expect(res.statusCode).toBe(400);
      expect(errorPaths(res)).toEqual(['data.picture']);
    }
    const fresh = await uploadImage(ctx, vendor);
    const res = await api.ok('PUT', `/api/products/${id}`, {
      user: vendor,
      body: { data: { picture: fresh } },
    });
    expect(res.data.attributes.picture.data.id).toBe(fresh);
    expect(await fileRow(old)).toBeUndefined();
    expect(existsSync(diskPath(oldRow))).toBe(false);
    // The admin may set another picture of the owner's.
    const second = await uploadImage(ctx, vendor);
    await api.ok('PUT', `/api/products/${id}`, { user: admin, body: { data: { picture: second } } });
    expect((await productRow(id))?.picture_id).toBe(second);
  });

  it("a price change reaches cart records but never an order's lines", async () => {
    const id = await api.newProduct(vendor, { price: '10' });
    const line = await api.orderLineFor(otherHobbyist, id, 2);
    const cart = await api.ok('POST', '/api/carts', {
      user: hobbyist,
      body: { data: { product: id, quantity: 3 } },
    });
    expect(cart.data.attributes.price).toBe(30);
    await api.ok('PUT', `/api/products/${id}`, { user: vendor, body: { data: { price: '12' } } });
    const after = await api.ok('GET', `/api/carts/${cart.data.id}`, { user: hobbyist });
    expect(after.data.attributes.price).toBe(36);
    const row = await db()
      .selectFrom('order_lines')
      .selectAll()
      .where('id', '=', line)
      .executeTakeFirstOrThrow();
    expect([row.price, row.total]).toEqual([1000, 2000]);
  });

  it('an archived product is a 404 to its owner and another vendor; the admin may still edit it', async () => {
    const id = await api.newProduct(vendor);
    await api.orderLineFor(hobbyist, id);
    await api.ok('DELETE', `/api/products/${id}`, { user: vendor });
    const body = { data: { name: 'Still Archived' } };
    for (const user of [vendor, otherVendor]) {
      expect((await api.call('PUT', `/api/products/${id}`, { user, body })).statusCode).toBe(404);
      expect((await api.call('DELETE', `/api/products/${id}`, { user })).statusCode).toBe(404);
    }
    const res = await api.ok('PUT', `/api/products/${id}`, { user: admin, body });
    expect(res.data.attributes).toMatchObject({ name: 'Still Archived', archived: true });
  });
});

// ---------------------------------------------------------------------------------------------

describe('DELETE /api/products/:id', () => {
  it('401 anonymous; 403 others; the owner deletes it with its picture (200 with the item)', async () => {
    const id = await api.newProduct(vendor, { name: 'Scented Candle Set' });
    expect((await api.call('DELETE', `/api/products/${id}`)).statusCode).toBe(401);
    for (const user of [hobbyist, provider, otherVendor]) {
      expect((await api.call('DELETE', `/api/products/${id}`, { user })).statusCode).toBe(403);
    }
    const picture = (await productRow(id))!.picture_id!;
    const pictureRow = (await fileRow(picture))!;
    await api.ok('POST', '/api/wishlist', { user: hobbyist, body: { data: { product: id } } });
    await api.ok('POST', '/api/carts', { user: hobbyist, body: { data: { product: id, quantity: 1 } } });
    const res = await api.ok('DELETE', `/api/products/${id}`, { user: vendor });
    expect(res.data).toMatchObject({ id, attributes: { name: 'Scented Candle Set', archived: false } });
    expect(await productRow(id)).toBeUndefined();
    expect(await fileRow(picture)).toBeUndefined();
    expect(existsSync(diskPath(pictureRow))).toBe(false);
    expect(
      await db().selectFrom('wishlist_items').select('id').where('product_id', '=', id).execute(),
    ).toEqual([]);
    expect(await db().selectFrom('carts').select('id').where('product_id', '=', id).execute()).toEqual([]);
    expect((await api.call('DELETE', `/api/products/${id}`, { user: vendor })).statusCode).toBe(404);
  });

  it('the admin deletes any product', async () => {
    const id = await api.newProduct(otherVendor);
    await api.ok('DELETE', `/api/products/${id}`, { user: admin });
    expect(await productRow(id)).toBeUndefined();
  });

  it('a product an order line names is archived: gone from the shop, wishlists and carts; the line keeps it and its picture', async () => {
    const word = token();
    const id = await api.newProduct(vendor, { name: `Body Lotion ${word}` });
    const line = await api.orderLineFor(otherHobbyist, id);
    const picture = (await productRow(id))!.picture_id!;
    await api.ok('POST', '/api/wishlist', { user: hobbyist, body: { data: { product: id } } });
    const cart = await api.ok('POST', '/api/carts', {
      user: hobbyist,
      body: { data: { product: id, quantity: 2 } },
    });

    const res = await api.ok('DELETE', `/api/products/${id}`, { user: vendor });
    expect(res.data).toMatchObject({ id, attributes: { name: `Body Lotion ${word}`, archived: true } });
    const row = await productRow(id);
    expect(row?.archived_at).toEqual(expect.any(String));
    expect(
      await db().selectFrom('wishlist_items').select('id').where('product_id', '=', id).execute(),
    ).toEqual([]);
    expect(await db().selectFrom('carts').select('id').where('product_id', '=', id).execute()).toEqual([]);
    expect((await api.call('GET', `/api/carts/${cart.data.id}`, { user: hobbyist })).statusCode).toBe(404);
    const kept = await db()
      .selectFrom('order_lines')
      .selectAll()
      .where('id', '=', line)
      .executeTakeFirstOrThrow();
    expect(kept.product_id).toBe(id);
    expect(await fileRow(picture)).toBeDefined();
    expect(await api.listed(`/api/products?filters[name][$containsi]=${word}`)).toEqual([]);
    expect((await api.ok('GET', '/api/wishlist/ids', { user: hobbyist })).data).not.toContain(id);
    // Deleted again by the admin, it stays archived (its order still names it).
    const again = await api.ok('DELETE', `/api/products/${id}`, { user: admin });
    expect(again.data.attributes.archived).toBe(true);
    expect(await productRow(id)).toBeDefined();
  });

  it("a product's picture, and an order line's, cannot be deleted through the upload route (409)", async () => {
    const id = await api.newProduct(vendor);
    const picture = (await productRow(id))!.picture_id!;
    const res = await api.call('DELETE', `/api/upload/files/${picture}`, { user: vendor });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(MESSAGES.upload.fileInUse);
    // An order line's copy of a replaced picture keeps the file too.
    await api.orderLineFor(hobbyist, id);
    const fresh = await uploadImage(ctx, vendor);
    await api.ok('PUT', `/api/products/${id}`, { user: vendor, body: { data: { picture: fresh } } });
    expect(await fileRow(picture)).toBeDefined();
    expect((await api.call('DELETE', `/api/upload/files/${picture}`, { user: vendor })).statusCode).toBe(409);
  });
});

// ---------------------------------------------------------------------------------------------

describe('/api/wishlist', () => {
  it('401 without a login on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['GET', '/api/wishlist/ids'],
      ['POST', '/api/wishlist'],
      ['DELETE', '/api/wishlist/1'],
    ] as const) {
      const body = method === 'POST' ? { data: { product: 1 } } : undefined;
      expect((await api.call(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("saves idempotently, lists newest saved first with pictures, and forgets; one sees only one's own", async () => {
    const shopper = await buildHobbyist(ctx);
    const [a, b] = [await api.newProduct(vendor), await api.newProduct(otherVendor)];
    for (let i = 0; i < 2; i++) {
      const res = await api.ok('POST', '/api/wishlist', { user: shopper, body: { data: { product: a } } });
      expect(res).toEqual({ data: { product: a, saved: true } });
    }
    const rows = await db()
      .selectFrom('wishlist_items')
      .select('id')
      .where('user_id', '=', shopper.id)
      .execute();
    expect(rows).toHaveLength(1);
    // Parallel saves settle on the unique key: every one a 200, one row.
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.call('POST', '/api/wishlist', { user: shopper, body: { data: { product: b } } }),
      ),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const saved = await db()
      .selectFrom('wishlist_items')
      .select('id')
      .where('user_id', '=', shopper.id)
      .where('product_id', '=', b)
      .execute();
    expect(saved).toHaveLength(1);
    // Listed by the time saved, newest first, whatever the product ids: b's save is dated back.
    await db()
      .updateTable('wishlist_items')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('user_id', '=', shopper.id)
      .where('product_id', '=', b)
      .execute();
    const list = await api.ok('GET', '/api/wishlist', { user: shopper });
    expect(list.data.map((p: Json) => p.id)).toEqual([a, b]);
    expect(list.meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 1, total: 2 });
    expect(list.data[0].attributes.picture.data.attributes.url).toMatch(/^\/uploads\//);
    expect(Object.keys(list.data[0].attributes.user.data.attributes)).toEqual(['username']);
    expect((await api.ok('GET', '/api/wishlist/ids', { user: shopper })).data).toEqual(
      [a, b].sort((x, y) => x - y),
    );

    // Another account sees nothing of it, and forgetting there changes nothing here.
    expect(
      (await api.ok('GET', '/api/wishlist', { user: otherHobbyist })).data.map((p: Json) => p.id),
    ).not.toContain(b);
    await api.ok('DELETE', `/api/wishlist/${a}`, { user: otherHobbyist });
    expect((await api.ok('GET', '/api/wishlist/ids', { user: shopper })).data).toContain(a);

    const removed = await api.ok('DELETE', `/api/wishlist/${a}`, { user: shopper });
    expect(removed).toEqual({ data: { product: a, saved: false } });
    expect(await api.ok('DELETE', `/api/wishlist/${a}`, { user: shopper })).toEqual({
      data: { product: a, saved: false },
    });
    expect((await api.ok('GET', '/api/wishlist/ids', { user: shopper })).data).toEqual([b]);
  });

  it('any account type may save; a product not on sale is a 404; bad ids and queries are 400s', async () => {
    const id = await api.newProduct(vendor);
    for (const user of [provider, otherVendor, vendor, admin]) {
      await api.ok('POST', '/api/wishlist', { user, body: { data: { product: id } } });
    }
    const { product: blocked } = await productOfBlockedVendor('Massage Oil — Lavender');
    const archived = await api.newProduct(vendor);
    await api.orderLineFor(hobbyist, archived);
    await api.ok('DELETE', `/api/products/${archived}`, { user: vendor });
    for (const product of [999999, blocked, archived]) {
      const res = await api.call('POST', '/api/wishlist', { user: hobbyist, body: { data: { product } } });
      expect(res.statusCode, String(product)).toBe(404);
      expect(errorOf(res).message).toBe(MESSAGES.shopErrors.productNotFound);
    }
    for (const data of [{}, { product: 'x' }, { product: -1 }, { product: 2147483648 }]) {
      expect((await api.call('POST', '/api/wishlist', { user: hobbyist, body: { data } })).statusCode).toBe(
        400,
      );
    }
    expect((await api.call('DELETE', '/api/wishlist/abc', { user: hobbyist })).statusCode).toBe(400);
    expect((await api.call('GET', '/api/wishlist?filters[id][$eq]=1', { user: hobbyist })).statusCode).toBe(
      400,
    );
    expect(
      (await api.call('GET', '/api/wishlist?pagination[pageSize]=x', { user: hobbyist })).statusCode,
    ).toBe(400);
    for (const q of ['x=1', 'pagination[page]=2']) {
      const res = await api.call('GET', `/api/wishlist/ids?${q}`, { user: hobbyist });
      expect(res.statusCode, q).toBe(400);
      expect(errorOf(res).message).toBe(`Invalid parameter ${q.split(/[[=]/)[0]}: unknown parameter`);
    }
  });

  it('drops products that are archived or whose vendor is blocked; pages of 10 by default, at most 40', async () => {
    const shopper = await buildHobbyist(ctx);
    const seller = await buildVendor(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await api.newProduct(seller));
    for (const product of ids) {
      await api.ok('POST', '/api/wishlist', { user: shopper, body: { data: { product } } });
    }
    const first = await api.ok('GET', '/api/wishlist', { user: shopper });
    expect(first.data).toHaveLength(10);
    expect(first.meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 2, total: 12 });
    const second = await api.ok('GET', '/api/wishlist?pagination[page]=2&pagination[pageSize]=10', {
      user: shopper,
    });
    expect(second.data).toHaveLength(2);
    const clamped = await api.ok('GET', '/api/wishlist?pagination[pageSize]=1000', { user: shopper });
    expect(clamped.meta.pagination.pageSize).toBe(40);
    expect(clamped.data).toHaveLength(12);

    await api.orderLineFor(hobbyist, ids[0]!);
    await api.ok('DELETE', `/api/products/${ids[0]}`, { user: seller });
    await api.ok('DELETE', `/api/products/${ids[1]}`, { user: seller });
    const left = await api.ok('GET', '/api/wishlist?pagination[pageSize]=40', { user: shopper });
    expect(left.meta.pagination.total).toBe(10);
    expect(left.data.map((p: Json) => p.id)).not.toContain(ids[0]);

    await db().updateTable('users').set({ is_active: 0 }).where('id', '=', seller.id).execute();
    const hidden = await api.ok('GET', '/api/wishlist', { user: shopper });
    expect(hidden.data).toEqual([]);
    expect(hidden.meta.pagination.total).toBe(0);
    expect((await api.ok('GET', '/api/wishlist/ids', { user: shopper })).data).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('/api/carts', () => {
  it('401 without a login on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/carts'],
      ['GET', '/api/carts/1'],
      ['POST', '/api/carts'],
      ['DELETE', '/api/carts/1'],
    ] as const) {
      const body = method === 'POST' ? { data: { product: 1, quantity: 1 } } : undefined;
      expect((await api.call(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('POST: hobbyists only (vendors, providers and the admin 403)', async () => {
    const id = await api.newProduct(vendor);
    for (const user of [vendor, otherVendor, provider, admin]) {
      const res = await api.call('POST', '/api/carts', {
        user,
        body: { data: { product: id, quantity: 1 } },
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).message).toBe(MESSAGES.shopErrors.cartHobbyistsOnly);
    }
  });

  it("the price is the server's (quantity × unit price); a sent price or user is ignored", async () => {
    const id = await api.newProduct(vendor, { price: '15' });
    const res = await api.ok('POST', '/api/carts', {
      user: hobbyist,
      body: { data: { product: id, quantity: 4, price: 1, user: otherHobbyist.id } },
    });
    expect(res.data.attributes).toMatchObject({ quantity: 4, price: 60 });
    expect(res.data.attributes.product.data.id).toBe(id);
    const row = await db()
      .selectFrom('carts')
      .selectAll()
      .where('id', '=', res.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: hobbyist.id, product_id: id, quantity: 4, price: 6000 });
  });

  it('400 for a bad quantity or product; 404 for a product not on sale', async () => {
    const id = await api.newProduct(vendor);
    for (const data of [
      { product: id, quantity: 0 },
      { product: id, quantity: 100 },
      { product: id, quantity: 1.5 },
      { product: id, quantity: '2' },
      { product: id },
      { quantity: 1 },
      { product: 'x', quantity: 1 },
    ]) {
      const res = await api.call('POST', '/api/carts', { user: hobbyist, body: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
    }
    const { product: blocked } = await productOfBlockedVendor('Bath Salts');
    for (const product of [999999, blocked]) {
      const res = await api.call('POST', '/api/carts', {
        user: hobbyist,
        body: { data: { product, quantity: 1 } },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it("one reads and deletes one's own; another's is a 404; the admin reads and deletes any", async () => {
    const id = await api.newProduct(vendor);
    const mine = (
      await api.ok('POST', '/api/carts', { user: hobbyist, body: { data: { product: id, quantity: 1 } } })
    ).data.id;
    const theirs = (
      await api.ok('POST', '/api/carts', {
        user: otherHobbyist,
        body: { data: { product: id, quantity: 2 } },
      })
    ).data.id;

    const own = await api.listed('/api/carts?pagination[pageSize]=100', hobbyist);
    expect(own).toContain(mine);
    expect(own).not.toContain(theirs);
    const owned = await db().selectFrom('carts').select('id').where('user_id', '=', hobbyist.id).execute();
    expect(own.sort()).toEqual(owned.map((r) => Number(r.id)).sort());
    expect(await api.listed(`/api/carts?filters[user][id][$eq]=${otherHobbyist.id}`, hobbyist)).toEqual([]);
    const got = await api.ok('GET', `/api/carts/${mine}?populate=*`, { user: hobbyist });
    expect(Object.keys(got.data.attributes.user.data.attributes)).toEqual(['username']);
    for (const user of [otherHobbyist, vendor, provider]) {
      expect((await api.call('GET', `/api/carts/${mine}`, { user })).statusCode).toBe(404);
      expect((await api.call('DELETE', `/api/carts/${mine}`, { user })).statusCode).toBe(404);
    }
    const all = await api.listed('/api/carts?pagination[pageSize]=100', admin);
    expect(all).toEqual(expect.arrayContaining([mine, theirs]));
    await api.ok('GET', `/api/carts/${theirs}`, { user: admin });

    const deleted = await api.ok('DELETE', `/api/carts/${mine}`, { user: hobbyist });
    expect(deleted.data).toMatchObject({ id: mine, attributes: { quantity: 1 } });
    await api.ok('DELETE', `/api/carts/${theirs}`, { user: admin });
    expect(await db().selectFrom('carts').select('id').where('id', 'in', [mine, theirs]).execute()).toEqual(
      [],
    );
    expect((await api.call('DELETE', `/api/carts/${mine}`, { user: hobbyist })).statusCode).toBe(404);
  });
});
