import { MESSAGES, seededRandom } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFiles, newAddress } from '../directory-helpers.ts';
import { buildProviderAd } from '../factories.ts';
import { signMfaToken } from '../../src/http/auth.ts';
import { BILLING, insertTestOrder, makeProduct } from '../orders-helpers.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildUser,
  buildVendor,
  createTestApp,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

/**
 * A small fuzz test: 2,000 malformed queries and bodies, from a seeded generator
 * so a failure repeats, sent to every public route. Whatever comes in, no answer is a 5xx.
 */
const REQUESTS = 2_000;
const SEED = 20261123;

let ctx: TestContext;
let hobbyist: TestUser;
let provider: TestUser;
let ad: number;
beforeAll(async () => {
  ctx = await createTestApp();
  provider = await buildProvider(ctx);
  hobbyist = await buildHobbyist(ctx);
  for (let i = 0; i < 3; i++) ad = await buildProviderAd(ctx, provider);
});
afterAll(() => ctx.close());

// A hobbyist's message to the provider's ad, for the provider's answer from Review Mail.
let message = 0;
let conversation = 0;
beforeAll(async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    payload: { data: { provider: ad, text: 'Is Friday free?' } },
    headers: hobbyist.auth,
    remoteAddress: newAddress(),
  });
  message = (res.json() as { data: { id: number } }).data.id;
  conversation = Number(
    (
      await ctx.database.db
        .selectFrom('conversations')
        .select('id')
        .where('user_id', '=', hobbyist.id)
        .executeTakeFirstOrThrow()
    ).id,
  );
});

// A pending revision of the provider's approved ad (decision 0015), for the moderator's decision.
let revision = { id: 0, updatedAt: '' };
beforeAll(async () => {
  await ctx.app.inject({
    method: 'PUT',
    url: `/api/providers/${ad}`,
    payload: { data: { title: 'A changed title' } },
    headers: provider.auth,
    remoteAddress: newAddress(),
  });
  const row = await ctx.database.db
    .selectFrom('pending_revisions')
    .select(['id', 'updated_at'])
    .where('provider_id', '=', ad)
    .executeTakeFirstOrThrow();
  revision = { id: Number(row.id), updatedAt: row.updated_at };
});

// Places: a public place of the provider, and a free address and picture of theirs.
let place = 0;
let placeAddress = 0;
let placeImage = 0;
let placeReview = 0;
beforeAll(async () => {
  const post = async (url: string, user: TestUser, data: object) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url,
        payload: { data },
        headers: user.auth,
        remoteAddress: newAddress(),
      })
    ).json().data.id as number;
  const address = {
    location: '1 Placeholder Street',
    city: 'San Jose',
    state: 'CA',
    postal_code: '95112',
    country: 'US',
  };
  const [image, spare] = await buildFiles(ctx, provider, 'image', 2);
  const type = await ctx.database.db.selectFrom('place_types').select('id').executeTakeFirstOrThrow();
  place = await post('/api/vendors', provider, {
    name: 'Placeholder Spa',
    vendor_type: type.id,
    address: await post('/api/addresses', provider, address),
    phone: '5550100',
    email: 'place@example.test',
    image,
  });
  await ctx.database.db.updateTable('places').set({ is_showed: 1, review_state: 'approved' }).execute();
  placeAddress = await post('/api/addresses', provider, address);
  placeImage = spare!;
  placeReview = await post('/api/vendor-reviews', hobbyist, {
    vendor: place,
    rating: 4,
    review: 'Clean and friendly staff.',
  });
});

// The store: a vendor's product on sale, and a spare picture of theirs.
let vendor: TestUser;
let product = 0;
let productPicture = 0;
beforeAll(async () => {
  vendor = await buildVendor(ctx);
  const [picture, spare] = await buildFiles(ctx, vendor, 'image', 2);
  product = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: {
        data: { name: 'Scented Candle Set', description: 'Three small candles.', price: '18', picture },
      },
      headers: vendor.auth,
      remoteAddress: newAddress(),
    })
  ).json().data.id as number;
  productPicture = spare!;
});

// Orders: a product on sale, and buyers enough that the hourly checkout limit (20 per
// account) never answers in place of the route.
let orderProduct = 0;
let buyers: TestUser[] = [];
let buyerTurn = 0;
let orderTx = 0;
beforeAll(async () => {
  const seller = await buildVendor(ctx);
  orderProduct = await makeProduct(ctx.database.db, seller.id);
  buyers = await Promise.all(Array.from({ length: 10 }, () => buildHobbyist(ctx)));
});

// The seed client's calls and the order states: an open order of a buyer, another with a
// line and no details yet, two orders awaiting payment with details (the buyer cancels one, the admin
// verifies the other), and a paid one whose line its vendor ships.
let admin: TestUser;
let orderBuyer: TestUser;
let orderSeller: TestUser;
let openOrder = 0;
let filledOrder = 0;
let unpaidOrder = 0;
let checkedOrder = 0;
let paidLine = 0;
beforeAll(async () => {
  const db = ctx.database.db;
  [admin, orderBuyer, orderSeller] = await Promise.all([
    buildAdmin(ctx),
    buildHobbyist(ctx),
    buildVendor(ctx),
  ]);
  const sold = await makeProduct(db, orderSeller.id);
  const line = { product: sold, vendor: orderSeller.id };
  openOrder = (await insertTestOrder(db, orderBuyer.id, [], { details: false })).order;
  filledOrder = (await insertTestOrder(db, orderBuyer.id, [line], { details: false })).order;
  unpaidOrder = (await insertTestOrder(db, orderBuyer.id, [line, { ...line, product: orderProduct }])).order;
  checkedOrder = (await insertTestOrder(db, orderBuyer.id, [line])).order;
  paidLine = (await insertTestOrder(db, orderBuyer.id, [line], { status: MESSAGES.orderStatus.paid }))
    .lines[0]!;
});

// Screening access: a provider whose ID is not verified yet (refused), and one the admin suspends.
let pendingProvider: TestUser;
let screenedProvider: TestUser;
beforeAll(async () => {
  pendingProvider = await buildUser(ctx, { userType: 'Provider', verification: 'pending' });
  screenedProvider = await buildProvider(ctx);
});

// Two-factor sign-in: a hobbyist with it on, and a sign-in challenge of theirs.
let twoFactorUser: TestUser;
let mfaToken = '';
beforeAll(async () => {
  twoFactorUser = await buildHobbyist(ctx);
  await ctx.database.db
    .updateTable('users')
    .set({
      two_factor_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      two_factor_enabled_at: '2026-01-01T00:00:00.000Z',
    })
    .where('id', '=', twoFactorUser.id)
    .execute();
  mfaToken = await signMfaToken(ctx.config.jwtSecret, twoFactorUser.id, 0);
});

const rnd = seededRandom(SEED);

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

/**
 * Valid requests with one value spoiled at a time: what random bodies rarely reach (a NUL or odd text
 * inside an otherwise valid body, an object where a field name belongs), on the routes people write to.
 */
describe('spoiling one value of valid requests', () => {
  const SPOILERS: unknown[] = [
    'a\u0000b',
    '\u0000',
    '\ud800',
    '\u202e\u0000x',
    'x'.repeat(100_000),
    { $gt: '' },
    ['a', { b: 1 }],
    // Invisible and look-alike characters, and text NFKC makes 18 times longer (ids are cleaned first).
    '\u200b',
    '\uff34\u0425\u00ad\u180e',
    '\ufdfa'.repeat(10),
    -1,
    1e308,
    null,
    true,
  ];
  type Case = {
    method: 'POST' | 'PUT';
    url: () => string;
    as: () => TestUser | null;
    body: () => Record<string, unknown>;
  };
  const cases: Case[] = [
    {
      method: 'POST',
      url: () => '/api/auth/local',
      as: () => null,
      body: () => ({ identifier: 'someone@example.com', password: 'Secret-123' }),
    },
    {
      method: 'POST',
      url: () => '/api/auth/forgot-password',
      as: () => null,
      body: () => ({ email: 'someone@example.com' }),
    },
    {
      method: 'POST',
      url: () => '/api/auth/2fa/verify',
      as: () => null,
      body: () => ({ mfa_token: mfaToken, code: '123456' }),
    },
    {
      method: 'POST',
      url: () => '/api/auth/2fa/disable',
      as: () => twoFactorUser,
      body: () => ({ password: 'Secret-123', code: 'abcd-efgh' }),
    },
    {
      method: 'POST',
      url: () => '/api/auth/2fa/enable',
      as: () => hobbyist,
      body: () => ({ code: '123456' }),
    },
    {
      method: 'POST',
      url: () => '/api/contact-messages',
      as: () => null,
      body: () => ({ data: { name: 'Jane Doe', email: 'jane@example.com', note: 'A question here.' } }),
    },
    {
      method: 'POST',
      url: () => '/api/screening-reviews',
      as: () => null,
      body: () => ({
        data: { phone_number: '555 010 7777', dispute: 'Not about me.', email: 'w@example.com' },
      }),
    },
    {
      method: 'POST',
      url: () => '/api/reports',
      as: () => null,
      body: () => ({
        data: { reason: 'Other', details: 'Details here.', listing: 'x', email: 'w@example.com' },
      }),
    },
    {
      method: 'POST',
      url: () => '/api/comments',
      as: () => hobbyist,
      body: () => ({ data: { provider: ad, comment: 'Kind words.' } }),
    },
    {
      method: 'POST',
      url: () => '/api/messages',
      as: () => hobbyist,
      body: () => ({ data: { provider: ad, text: 'Hello.' } }),
    },
    // The Mail panel's relay and the provider's answer (both mailed, each limited per account).
    {
      method: 'POST',
      url: () => `/api/providers/${ad}/mail`,
      as: () => hobbyist,
      body: () => ({ data: { message: 'Hello there.' } }),
    },
    {
      method: 'POST',
      url: () => `/api/messages/${message}/report`,
      as: () => provider,
      body: () => ({ data: { reason: 'Spam or scam', details: 'Rude.' } }),
    },
    {
      method: 'POST',
      url: () => `/api/messages/${message}/reply`,
      as: () => provider,
      body: () => ({ data: { text: 'Friday works.' } }),
    },
    // An account deleting itself: always the wrong password here, so the fuzzer's account stays.
    {
      method: 'POST',
      url: () => '/api/auth/delete-account',
      as: () => hobbyist,
      body: () => ({ password: 'Wrong-Password-1' }),
    },
    {
      method: 'POST',
      url: () => `/api/conversations/${conversation}/messages`,
      as: () => provider,
      body: () => ({ data: { text: 'Friday works.' } }),
    },
    {
      method: 'POST',
      url: () => '/api/tips',
      as: () => hobbyist,
      body: () => ({ data: { provider: ad, tip_amount: 1, transaction_id: 'TX-FUZZ' } }),
    },
    {
      method: 'POST',
      url: () => '/api/subscriptions',
      as: () => provider,
      body: () => ({ data: { package: 1, transaction_id: 'SUB-FUZZ', use_wallet: true } }),
    },
    {
      method: 'PUT',
      url: () => `/api/providers/${ad}`,
      as: () => provider,
      body: () => ({ data: { title: 'A title', city: 'San Jose', message: 'Hi' } }),
    },
    {
      method: 'PUT',
      url: () => `/api/users/${hobbyist.id}`,
      as: () => hobbyist,
      body: () => ({ first_name: 'Jane', city: 'San Jose' }),
    },
    // Places: providers' places and addresses, hobbyists' venue reviews.
    {
      method: 'POST',
      url: () => '/api/addresses',
      as: () => provider,
      body: () => ({
        data: {
          location: '2 Placeholder Road',
          city: 'San Jose',
          state: 'CA',
          postal_code: '95112',
          country: 'US',
        },
      }),
    },
    {
      method: 'POST',
      url: () => '/api/vendors',
      as: () => provider,
      body: () => ({
        data: {
          name: 'Placeholder Shop',
          vendor_type: 1,
          address: placeAddress,
          phone: '5550100',
          email: 'shop@example.test',
          website: 'https://example.test',
          image: placeImage,
        },
      }),
    },
    {
      method: 'PUT',
      url: () => `/api/vendors/${place}`,
      as: () => provider,
      body: () => ({ data: { name: 'Placeholder Spa', phone: '5550101', website: '', video: null } }),
    },
    {
      method: 'PUT',
      url: () => `/api/addresses/${placeAddress}`,
      as: () => provider,
      body: () => ({ data: { city: 'San Jose', state: 'CA', postal_code: '95113' } }),
    },
    {
      method: 'POST',
      url: () => '/api/vendor-reviews',
      as: () => hobbyist,
      body: () => ({ data: { vendor: place, rating: 5, review: 'Quiet place, easy parking.' } }),
    },
    {
      method: 'PUT',
      url: () => `/api/vendor-reviews/${placeReview}`,
      as: () => hobbyist,
      body: () => ({ data: { rating: 3, review: 'Clean and friendly staff.' } }),
    },
    // The store: vendors' products, the wishlist, hobbyists' cart records.
    {
      method: 'POST',
      url: () => '/api/products',
      as: () => vendor,
      body: () => ({
        data: {
          name: 'Bath Salts',
          description: 'Lavender bath salts.',
          price: '9',
          picture: productPicture,
        },
      }),
    },
    {
      method: 'PUT',
      url: () => `/api/products/${product}`,
      as: () => vendor,
      body: () => ({ data: { name: 'Scented Candle Set', description: 'Three candles.', price: 20 } }),
    },
    {
      method: 'POST',
      url: () => '/api/wishlist',
      as: () => hobbyist,
      body: () => ({ data: { product } }),
    },
    {
      method: 'POST',
      url: () => '/api/carts',
      as: () => hobbyist,
      body: () => ({ data: { product, quantity: 2, price: 1 } }),
    },
    // Orders: anyone's quote, a buyer's checkout.
    {
      method: 'POST',
      url: () => '/api/orders/quote',
      as: () => null,
      body: () => ({ data: { items: [{ product: orderProduct, quantity: 2 }] } }),
    },
    {
      method: 'POST',
      url: () => '/api/orders/checkout',
      as: () => buyers[buyerTurn++ % buyers.length]!,
      body: () => ({
        data: {
          items: [{ product: orderProduct, quantity: 1 }],
          billing: { ...BILLING },
          transaction_id: `FUZZ-${orderTx++}`,
          total: 13.3,
        },
      }),
    },
    // The seed client's order calls, and the order states.
    {
      method: 'POST',
      url: () => '/api/order-lists',
      as: () => orderBuyer,
      body: () => ({ data: { order: openOrder, product: orderProduct, quantiy: 2, price: 1, user: 1 } }),
    },
    {
      method: 'POST',
      url: () => '/api/oder-details',
      as: () => orderBuyer,
      body: () => ({ data: { order: filledOrder, ...BILLING, transaction_id: `FUZZ-D-${orderTx++}` } }),
    },
    {
      method: 'PUT',
      url: () => `/api/orders/${unpaidOrder}`,
      as: () => orderBuyer,
      // A field the route ignores (`user`) lets a spoiled body reach the service now and then.
      body: () => ({ data: { status: 'Cancelled', user: 1 } }),
    },
    {
      method: 'PUT',
      url: () => `/api/orders/${checkedOrder}`,
      as: () => admin,
      body: () => ({ data: { payment_status: 'verified', status: 'Paid', user: 1 } }),
    },
    {
      method: 'PUT',
      url: () => `/api/order-lists/${paidLine}`,
      as: () => orderSeller,
      body: () => ({ data: { status: 'Shipped', user: 1 } }),
    },
    // The moderator's decision on a pending revision (decision 0015).
    {
      method: 'PUT',
      url: () => `/api/admin/revisions/${revision.id}`,
      as: () => admin,
      body: () => ({ data: { review: 'rejected', review_reason: 'Not yet', updatedAt: revision.updatedAt } }),
    },
    // Screening: provider accounts' writes.
    {
      method: 'POST',
      url: () => '/api/customer-hobbyists',
      as: () => provider,
      body: () => ({ data: { phone_number: '555-123-4567' } }),
    },
    {
      method: 'POST',
      url: () => '/api/hobbyist-likes',
      as: () => provider,
      body: () => ({ data: { customer_hobbyist: 1 } }),
    },
    {
      method: 'POST',
      url: () => '/api/hobbyist-comments',
      as: () => provider,
      body: () => ({ data: { customer_hobbyist: 1, hobbyist_comment: 'Polite and on time.' } }),
    },
    {
      method: 'PUT',
      url: () => '/api/hobbyist-comments/1',
      as: () => provider,
      body: () => ({ data: { hobbyist_comment: 'Edited.' } }),
    },
    {
      method: 'POST',
      url: () => '/api/hobbyist-comments/1/flag',
      as: () => provider,
      body: () => ({ data: { details: 'Not true.' } }),
    },
    // A provider whose ID is not verified yet is refused before the body is read.
    {
      method: 'POST',
      url: () => '/api/customer-hobbyists',
      as: () => pendingProvider,
      body: () => ({ data: { phone_number: '555-123-4567' } }),
    },
    {
      method: 'POST',
      url: () => '/api/hobbyist-comments',
      as: () => pendingProvider,
      body: () => ({ data: { customer_hobbyist: 1, hobbyist_comment: 'Polite and on time.' } }),
    },
    // The admin suspends or restores an account's screening.
    {
      method: 'PUT',
      url: () => `/api/admin/screening-access/${screenedProvider.id}`,
      as: () => admin,
      body: () => ({ data: { suspended: false } }),
    },
  ];

  /** Every leaf of a body, as a path of keys. */
  const leaves = (v: unknown, at: string[] = []): string[][] =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.entries(v).flatMap(([k, x]) => leaves(x, [...at, k]))
      : [at];
  const spoil = (body: Record<string, unknown>, at: string[], with_: unknown) => {
    const copy = structuredClone(body);
    let node = copy as Record<string, unknown>;
    for (const k of at.slice(0, -1)) node = node[k] as Record<string, unknown>;
    node[at.at(-1)!] = with_;
    return copy;
  };

  it('answers every spoiled body without a 5xx, on every engine', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      for (const at of leaves(c.body())) {
        for (const bad of SPOILERS) {
          const user = c.as();
          const res = await ctx.app.inject({
            method: c.method,
            url: c.url(),
            payload: spoil(c.body(), at, bad),
            headers: user ? user.auth : {},
            remoteAddress: newAddress(),
          });
          if (res.statusCode >= 500)
            failures.push(
              `${c.method} ${c.url()} ${at.join('.')}=${JSON.stringify(bad).slice(0, 40)} -> ${res.statusCode}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  const ODD_QUERIES = [
    'fields[0][x]=1',
    'fields[0]=id&fields[1][a]=b',
    'fields[1][fields]=99999999999',
    'populate[images][fields][0][x]=1',
    'populate[user][fields][0][0]=1',
    'sort[0][x]=1',
    'sort=id:up',
    'pagination[page]=99999999999',
    'filters[id][$eq][x]=1',
    'filters[$or][0][id][$in][0][x]=1',
  ];

  it('answers odd field lists and populate shapes without a 5xx', async () => {
    const queries = ODD_QUERIES;
    const failures: string[] = [];
    for (const url of [
      '/api/providers',
      `/api/providers/${ad}`,
      '/api/comments',
      '/api/states',
      '/api/languages',
      '/api/products',
      `/api/products/${product}`,
    ]) {
      for (const q of queries) {
        const res = await ctx.app.inject({ url: `${url}?${q}`, remoteAddress: newAddress() });
        if (res.statusCode >= 500) failures.push(`${url}?${q} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers malformed and odd queries on the order reads, signed in, without a 5xx', async () => {
    const reads = [
      '/api/orders',
      () => `/api/orders/${unpaidOrder}`,
      '/api/order-lists',
      () => `/api/order-lists/${paidLine}`,
      '/api/oder-details',
      '/api/sales',
    ];
    const users = [orderBuyer, orderSeller, admin];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 600; i++) {
      const read = reads[i % reads.length]!;
      const url = typeof read === 'string' ? read : read();
      const user = users[Math.floor(i / reads.length) % users.length]!;
      const q = i % 5 === 0 ? ODD_QUERIES[(i / 5) % ODD_QUERIES.length]! : query();
      const res = await ctx.app.inject({
        url: q ? `${url}?${q}` : url,
        headers: user.auth,
        remoteAddress: newAddress(),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) failures.push(`${url}?${q.slice(0, 300)} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
  });
});
