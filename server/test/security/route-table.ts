import { REPORT_REASONS } from '@app/domain';
import type { TestUser } from '../helpers.ts';
import { BILLING } from '../orders-helpers.ts';
import type { Fixtures, Made } from './fixtures.ts';

/**
 * Who may call each `/api` route: the expected status for each caller
 * (../shared/design/permissions.md). `other` is another account of the record owner's type (another
 * hobbyist for a hobbyist's comment, another provider for a provider's ad). Every route the app
 * registers must have an entry here: a new route without one fails the suite.
 */
export type Role = 'anonymous' | 'hobbyist' | 'provider' | 'vendor' | 'admin' | 'other';
export const ROLES: readonly Role[] = ['anonymous', 'hobbyist', 'provider', 'vendor', 'admin', 'other'];

export interface RouteCase {
  /** The record's owner type; `other` is another account of this type (default: hobbyist). */
  owner?: 'hobbyist' | 'provider';
  /** Makes the records the call acts on, fresh for each caller, and a valid body. */
  setup?: (f: Fixtures, caller: TestUser | null) => Promise<Made>;
  expect: Record<Role, number>;
}

const all = (status: number): Record<Role, number> => ({
  anonymous: status,
  hobbyist: status,
  provider: status,
  vendor: status,
  admin: status,
  other: status,
});
const signedIn = (status: number, anonymous = 401) => ({ ...all(status), anonymous });
const adminOnly = (status = 200) => ({ ...all(403), anonymous: 401, admin: status });
/** Only `roles` get `ok`; other signed-in callers get `refused`, anonymous 401. */
const only = (roles: Role[], ok: number, refused: number) => ({
  ...all(refused),
  anonymous: 401,
  ...Object.fromEntries(roles.map((r) => [r, ok])),
});

const strongPassword = 'Violet-Harbor-2291';
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

const reaction = (path: string, kind: 'like' | 'dislike' | 'average'): Record<string, RouteCase> => ({
  [`GET /api/${path}`]: { expect: all(200) },
  [`GET /api/${path}/:id`]: { setup: (f) => f.reaction(kind), expect: all(200) },
  [`POST /api/${path}`]: {
    setup: async (f) => ({ body: { data: { provider: await f.newAd() } } }),
    expect: only(['hobbyist', 'other'], 200, 403),
  },
  // Reactions are public: others see them (403, not 404); their hobbyist and the admin change them.
  [`PUT /api/${path}/:id`]: {
    setup: (f) => f.reaction(kind),
    expect: only(['hobbyist', 'admin'], 200, 403),
  },
  [`DELETE /api/${path}/:id`]: {
    setup: (f) => f.reaction(kind),
    expect: only(['hobbyist', 'admin'], 200, 403),
  },
});

/**
 * Places: providers (and the admin) add addresses and places; the owner or the admin
 * changes them; hobbyists review public places, the author or the admin changes a review. Records are
 * made through the API by `users.provider` (places approved by the admin), reviews by `users.hobbyist`.
 */
const placeCall = async (f: Fixtures, user: TestUser, method: string, url: string, made: Made = {}) => {
  const res = await f.call(user, method, url, made);
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`setup ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as unknown as { data: { id: number } } & { id: number }[];
};
const placeAddress = async (f: Fixtures, user: TestUser): Promise<number> =>
  (
    await placeCall(f, user, 'POST', '/api/addresses', {
      body: {
        data: {
          location: '1 Placeholder Street',
          city: 'San Jose',
          state: 'CA',
          postal_code: '95112',
          country: 'US',
        },
      },
    })
  ).data.id;
/** A valid place body of `user`: their own new address and picture. */
const placeBody = async (f: Fixtures, user: TestUser) => {
  const image = (await placeCall(f, user, 'POST', '/api/upload', await f.uploadBody()))[0]!.id;
  const type = await f.first('place_types');
  return {
    data: {
      name: `Placeholder Spa ${unique()}`,
      vendor_type: type.id,
      address: await placeAddress(f, user),
      phone: '5550100',
      email: 'place@example.test',
      image,
    },
  };
};
/** A public place of `users.provider`. */
const publicPlace = async (f: Fixtures): Promise<number> => {
  const id = (
    await placeCall(f, f.users.provider, 'POST', '/api/vendors', {
      body: await placeBody(f, f.users.provider),
    })
  ).data.id;
  await placeCall(f, f.users.admin, 'PUT', `/api/vendors/${id}`, { body: { data: { review: 'approved' } } });
  return id;
};
const venueReview = async (f: Fixtures): Promise<Made> => ({
  id: (
    await placeCall(f, f.users.hobbyist, 'POST', '/api/vendor-reviews', {
      body: { data: { vendor: await publicPlace(f), rating: 4, review: 'Clean and friendly staff.' } },
    })
  ).data.id,
});
const PLACE_ROUTES: Record<string, RouteCase> = {
  'GET /api/addresses': { owner: 'provider', expect: signedIn(200) },
  'GET /api/addresses/:id': {
    owner: 'provider',
    setup: async (f) => ({ id: await placeAddress(f, f.users.provider) }),
    expect: only(['provider', 'admin'], 200, 404),
  },
  'POST /api/addresses': {
    owner: 'provider',
    setup: async () => ({
      body: {
        data: {
          location: '2 Placeholder Road',
          city: 'San Jose',
          state: 'CA',
          postal_code: '95112',
          country: 'US',
        },
      },
    }),
    expect: only(['provider', 'other', 'admin'], 200, 403),
  },
  'PUT /api/addresses/:id': {
    owner: 'provider',
    setup: async (f) => ({
      id: await placeAddress(f, f.users.provider),
      body: { data: { postal_code: '95113' } },
    }),
    expect: only(['provider', 'admin'], 200, 404),
  },
  'DELETE /api/addresses/:id': {
    owner: 'provider',
    setup: async (f) => ({ id: await placeAddress(f, f.users.provider) }),
    expect: only(['provider', 'admin'], 200, 404),
  },
  'GET /api/vendors': { owner: 'provider', expect: all(200) },
  'GET /api/vendors/:id': {
    owner: 'provider',
    setup: async (f) => ({ id: await publicPlace(f) }),
    expect: all(200),
  },
  'POST /api/vendors': {
    owner: 'provider',
    // Callers who may not post get a body of made-up ids: the route refuses them before reading it.
    setup: async (f, caller) => ({
      body:
        caller && [f.users.provider.id, f.users.otherProvider.id, f.users.admin.id].includes(caller.id)
          ? await placeBody(f, caller)
          : {
              data: {
                name: 'Placeholder Spa',
                vendor_type: 1,
                address: 1,
                phone: '5550100',
                email: 'a@example.test',
                image: 1,
              },
            },
    }),
    expect: only(['provider', 'other', 'admin'], 200, 403),
  },
  // Public places: other accounts see them (403, not 404); their owner and the admin change them.
  'PUT /api/vendors/:id': {
    owner: 'provider',
    setup: async (f) => ({ id: await publicPlace(f), body: { data: { name: 'Placeholder Spa Renamed' } } }),
    expect: only(['provider', 'admin'], 200, 403),
  },
  'DELETE /api/vendors/:id': {
    owner: 'provider',
    setup: async (f) => ({ id: await publicPlace(f) }),
    expect: only(['provider', 'admin'], 200, 403),
  },
  'GET /api/vendor-reviews': { expect: all(200) },
  'GET /api/vendor-reviews/:id': { setup: venueReview, expect: all(200) },
  // Hobbyists only: the admin too is refused (a review is a hobbyist's own voice).
  'POST /api/vendor-reviews': {
    setup: async (f) => ({
      body: { data: { vendor: await publicPlace(f), rating: 5, review: 'Quiet place, easy parking.' } },
    }),
    expect: only(['hobbyist', 'other'], 200, 403),
  },
  'PUT /api/vendor-reviews/:id': {
    setup: async (f) => ({ ...(await venueReview(f)), body: { data: { rating: 3 } } }),
    expect: only(['hobbyist', 'admin'], 200, 403),
  },
  'DELETE /api/vendor-reviews/:id': {
    setup: venueReview,
    expect: only(['hobbyist', 'admin'], 200, 403),
  },
};

/**
 * Screening: provider accounts and the admin only, reads included (hobbyist, vendor 403);
 * the table's providers are verified (`buildProvider`): pending, rejected and suspended providers are
 * refused on every screening route in screening-access.test.ts. Records are made by the admin (exempt from the daily limit of new numbers and comments); ratings
 * and comments by the provider, so `other` is another provider.
 */
const screeningProviders = (ok = 200) => only(['provider', 'other', 'admin'], ok, 403);
const screeningRecord = async (f: Fixtures): Promise<number> => {
  const res = await f.call(f.users.admin, 'POST', '/api/customer-hobbyists', {
    body: { data: { phone_number: `555-${String(seq++).padStart(4, '0')}-${Date.now() % 10000}` } },
  });
  if (res.statusCode !== 200) throw new Error(`setup customer-hobbyist: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
};
const screeningEntry = async (f: Fixtures, path: string, body: object): Promise<Made> => {
  const res = await f.call(f.users.provider, 'POST', path, { body: { data: body } });
  if (res.statusCode !== 200) throw new Error(`setup ${path}: ${res.statusCode} ${res.body}`);
  return { id: res.json().data.id };
};
const screeningComment = async (f: Fixtures) =>
  screeningEntry(f, '/api/hobbyist-comments', {
    customer_hobbyist: await screeningRecord(f),
    hobbyist_comment: 'Polite and on time.',
  });
const hobbyistRating = (path: string): Record<string, RouteCase> => {
  const made = async (f: Fixtures) =>
    screeningEntry(f, `/api/${path}`, { customer_hobbyist: await screeningRecord(f) });
  return {
    [`GET /api/${path}`]: { owner: 'provider', expect: screeningProviders() },
    [`GET /api/${path}/:id`]: { owner: 'provider', setup: made, expect: screeningProviders() },
    [`POST /api/${path}`]: {
      owner: 'provider',
      setup: async (f) => ({ body: { data: { customer_hobbyist: await screeningRecord(f) } } }),
      expect: screeningProviders(),
    },
    [`PUT /api/${path}/:id`]: {
      owner: 'provider',
      setup: async (f) => ({ ...(await made(f)), body: { data: {} } }),
      expect: { ...only(['provider', 'admin'], 200, 403) },
    },
    [`DELETE /api/${path}/:id`]: {
      owner: 'provider',
      setup: made,
      expect: { ...only(['provider', 'admin'], 200, 403) },
    },
  };
};
const SCREENING_ROUTES: Record<string, RouteCase> = {
  'GET /api/customer-hobbyists': { owner: 'provider', expect: screeningProviders() },
  'GET /api/customer-hobbyists/:id': {
    owner: 'provider',
    setup: async (f) => ({ id: await screeningRecord(f) }),
    expect: screeningProviders(),
  },
  'POST /api/customer-hobbyists': {
    owner: 'provider',
    setup: async () => ({ body: { data: { phone_number: `555-${String(seq++).padStart(4, '0')}-0101` } } }),
    expect: screeningProviders(),
  },
  'PUT /api/customer-hobbyists/:id': {
    owner: 'provider',
    setup: async (f) => ({
      id: await screeningRecord(f),
      body: { data: { phone_number: `555-${String(seq++).padStart(4, '0')}-0202` } },
    }),
    expect: adminOnly(),
  },
  'DELETE /api/customer-hobbyists/:id': {
    owner: 'provider',
    setup: async (f) => ({ id: await screeningRecord(f) }),
    expect: adminOnly(),
  },
  ...hobbyistRating('hobbyist-likes'),
  ...hobbyistRating('hobbyist-averages'),
  ...hobbyistRating('hobbyist-dislikes'),
  // The console's Screening access page: read volume per provider account, suspend or restore.
  'GET /api/admin/screening-access': { expect: adminOnly() },
  // The admin's call restores a suspension made just before (a change, so it is audited); for everyone
  // else nothing is suspended and the call is refused, so the provider keeps screening for later rows.
  'PUT /api/admin/screening-access/:id': {
    owner: 'provider',
    setup: async (f, caller) => {
      const url = `/api/admin/screening-access/${f.users.otherProvider.id}`;
      if (caller?.id === f.users.admin.id) {
        const res = await f.call(f.users.admin, 'PUT', url, { body: { data: { suspended: true } } });
        if (res.statusCode !== 200) throw new Error(`setup suspend: ${res.statusCode} ${res.body}`);
      }
      return { id: f.users.otherProvider.id, body: { data: { suspended: false } } };
    },
    expect: adminOnly(),
  },
  'GET /api/hobbyist-comments': { owner: 'provider', expect: screeningProviders() },
  'GET /api/hobbyist-comments/:id': {
    owner: 'provider',
    setup: screeningComment,
    expect: screeningProviders(),
  },
  'POST /api/hobbyist-comments': {
    owner: 'provider',
    setup: async (f) => ({
      body: { data: { customer_hobbyist: await screeningRecord(f), hobbyist_comment: 'Paid as agreed.' } },
    }),
    expect: screeningProviders(),
  },
  'PUT /api/hobbyist-comments/:id': {
    owner: 'provider',
    setup: async (f) => ({ ...(await screeningComment(f)), body: { data: { hobbyist_comment: 'Edited.' } } }),
    expect: { ...only(['provider', 'admin'], 200, 403) },
  },
  'DELETE /api/hobbyist-comments/:id': {
    owner: 'provider',
    setup: screeningComment,
    expect: { ...only(['provider', 'admin'], 200, 403) },
  },
  // Flagging one's own comment is a 400; another provider's (or the admin) files a report.
  'POST /api/hobbyist-comments/:id/flag': {
    owner: 'provider',
    setup: async (f) => ({ ...(await screeningComment(f)), body: { data: { details: 'Not true.' } } }),
    expect: { ...screeningProviders(), provider: 400 },
  },
};

/**
 * The store: anyone browses products; vendors add them, the owner or the admin changes
 * them; any signed-in account keeps its own wishlist; hobbyists add the seed client's cart records.
 * Products are `users.vendor`'s (other vendors: shop.test.ts), carts `users.hobbyist`'s.
 */
const shopCart = async (f: Fixtures): Promise<Made> => {
  const body = { data: { product: (await f.product()).id, quantity: 1 } };
  const res = await f.call(f.users.hobbyist, 'POST', '/api/carts', { body });
  if (res.statusCode !== 200) throw new Error(`setup POST /api/carts: ${res.statusCode} ${res.body}`);
  return { id: res.json().data.id };
};
const SHOP_ROUTES: Record<string, RouteCase> = {
  'GET /api/products': { expect: all(200) },
  'GET /api/products/vendors': { expect: all(200) },
  'GET /api/products/:id': { setup: (f) => f.product(), expect: all(200) },
  // Vendors only (the admin too is refused); callers who may not post get a made-up picture id.
  'POST /api/products': {
    setup: async (f, caller) => {
      const picture =
        caller?.id === f.users.vendor.id
          ? (await placeCall(f, caller, 'POST', '/api/upload', await f.uploadBody()))[0]!.id
          : 1;
      return {
        body: { data: { name: 'Silk Blindfold', description: 'Soft and plain.', price: '20', picture } },
      };
    },
    expect: only(['vendor'], 200, 403),
  },
  // Products on sale: others see them (403, not 404); their vendor and the admin change them.
  'PUT /api/products/:id': {
    setup: async (f) => ({ ...(await f.product()), body: { data: { name: 'Renamed Candle' } } }),
    expect: only(['vendor', 'admin'], 200, 403),
  },
  'DELETE /api/products/:id': { setup: (f) => f.product(), expect: only(['vendor', 'admin'], 200, 403) },
  'GET /api/wishlist': { expect: signedIn(200) },
  'GET /api/wishlist/ids': { expect: signedIn(200) },
  'POST /api/wishlist': {
    setup: async (f) => ({ body: { data: { product: (await f.product()).id } } }),
    expect: signedIn(200),
  },
  'DELETE /api/wishlist/:id': { setup: (f) => f.product(), expect: signedIn(200) },
  'GET /api/carts': { expect: signedIn(200) },
  'GET /api/carts/:id': { setup: shopCart, expect: only(['hobbyist', 'admin'], 200, 404) },
  'POST /api/carts': {
    setup: async (f) => ({ body: { data: { product: (await f.product()).id, quantity: 2 } } }),
    expect: only(['hobbyist', 'other'], 200, 403),
  },
  'DELETE /api/carts/:id': { setup: shopCart, expect: only(['hobbyist', 'admin'], 200, 404) },
};

/**
 * Orders: anyone asks a quote; any buyer (hobbyist, vendor, provider, admin) checks out;
 * an order and its details are the buyer's (`users.hobbyist`) and the admin's, others 404; a line is
 * also its vendor's (`users.vendor`), who ships it (the buyer may not: 403) but may not remove it
 * (403); sales are vendors' and the admin's. Orders are written straight (`f.order`).
 */
const openOrder = async (f: Fixtures): Promise<Made> => ({ id: (await f.order({ details: false })).order });
const ORDER_ROUTES: Record<string, RouteCase> = {
  'POST /api/orders/quote': {
    setup: async (f) => ({ body: { data: { items: [{ product: await f.orderProduct(), quantity: 2 }] } } }),
    expect: all(200),
  },
  'POST /api/orders/checkout': {
    setup: async (f) => ({
      body: {
        data: {
          items: [{ product: await f.orderProduct(), quantity: 1 }],
          billing: BILLING,
          transaction_id: `ORD-${unique()}`,
        },
      },
    }),
    expect: signedIn(200),
  },
  'GET /api/orders': { expect: signedIn(200) },
  'GET /api/orders/:id': {
    setup: async (f) => ({ id: (await f.order()).order }),
    expect: only(['hobbyist', 'admin'], 200, 404),
  },
  'POST /api/orders': { setup: async () => ({ body: { data: { amount: 1 } } }), expect: signedIn(200) },
  'PUT /api/orders/:id': {
    setup: async (f) => ({ id: (await f.order()).order, body: { data: { status: 'Cancelled' } } }),
    expect: only(['hobbyist', 'admin'], 200, 404),
  },
  'DELETE /api/orders/:id': {
    setup: async (f) => ({ id: (await f.order()).order }),
    expect: only(['hobbyist', 'admin'], 200, 404),
  },
  'GET /api/order-lists': { expect: signedIn(200) },
  'GET /api/order-lists/:id': {
    setup: async (f) => ({ id: (await f.order()).lines[0] }),
    expect: only(['hobbyist', 'vendor', 'admin'], 200, 404),
  },
  'POST /api/order-lists': {
    setup: async (f) => {
      const { order } = await f.order({ details: false, empty: true });
      return { body: { data: { order, product: await f.orderProduct(), quantiy: 1 } } };
    },
    expect: only(['hobbyist', 'admin'], 200, 404),
  },
  'PUT /api/order-lists/:id': {
    setup: async (f) => ({
      id: (await f.order({ status: 'Paid' })).lines[0],
      body: { data: { status: 'Shipped' } },
    }),
    expect: { ...only(['vendor', 'admin'], 200, 404), hobbyist: 403 },
  },
  'DELETE /api/order-lists/:id': {
    setup: async (f) => ({ id: (await f.order({ details: false })).lines[0] }),
    expect: { ...only(['hobbyist', 'admin'], 200, 404), vendor: 403 },
  },
  'GET /api/oder-details': { expect: signedIn(200) },
  'GET /api/oder-details/:id': {
    setup: async (f) => ({ id: (await f.order()).details! }),
    expect: only(['hobbyist', 'admin'], 200, 404),
  },
  'POST /api/oder-details': {
    setup: async (f) => ({
      body: { data: { ...BILLING, order: (await openOrder(f)).id, transaction_id: `DET-${unique()}` } },
    }),
    expect: only(['hobbyist', 'admin'], 200, 404),
  },
  'GET /api/sales': { expect: only(['vendor', 'admin'], 200, 403) },
};

/**
 * The admin's settings and the audit log: admin only. Each caller's call acts on
 * a record the admin made for it (never the processing costs in force, nor a package somebody bought).
 */
const adminMade = async (f: Fixtures, url: string, data: object): Promise<Made> => ({
  id: (await placeCall(f, f.users.admin, 'POST', url, { body: { data } })).data.id,
});
const newPackageData = () => ({
  name: `Package ${unique()}`,
  total_price: 10,
  validity: 1,
  number_of_ads_per_day: 1,
});
const newCostData = () => ({ processing_fee: 1, tax: 1, shipping_cost: '0' });
const newCityData = () => ({ city_name: `City ${unique()}`, state_code: 'CA' });
const lookupRoutes = (path: string, data: () => object, change: () => object): Record<string, RouteCase> => ({
  [`POST /api/${path}`]: { setup: async () => ({ body: { data: data() } }), expect: adminOnly() },
  [`PUT /api/${path}/:id`]: {
    setup: async (f) => ({ ...(await adminMade(f, `/api/${path}`, data())), body: { data: change() } }),
    expect: adminOnly(),
  },
  [`DELETE /api/${path}/:id`]: { setup: (f) => adminMade(f, `/api/${path}`, data()), expect: adminOnly() },
});
const SETTINGS_ROUTES: Record<string, RouteCase> = {
  ...lookupRoutes('packages', newPackageData, () => ({ name: `Package ${unique()}`, retired: true })),
  ...lookupRoutes('processing-costs', newCostData, () => ({ tax: 2 })),
  ...lookupRoutes('cities', newCityData, () => ({ city_name: `City ${unique()}` })),
  ...lookupRoutes(
    'languages',
    () => ({ lang_name: `Lang ${unique()}` }),
    () => ({ lang_name: `Lang ${unique()}` }),
  ),
  ...lookupRoutes(
    'races',
    () => ({ race_name: `Race ${unique()}` }),
    () => ({ race_name: `Race ${unique()}` }),
  ),
  ...lookupRoutes(
    'vendor-types',
    () => ({ type: `t-${unique()}`, name: 'Type' }),
    () => ({ name: 'Renamed' }),
  ),
  'GET /api/public-settings': { expect: all(200) },
  'GET /api/admin/settings': { expect: adminOnly() },
  'PUT /api/admin/settings': {
    setup: async () => ({ body: { data: { document_retention_days: 30 } } }),
    expect: adminOnly(),
  },
  'GET /api/audit-logs': { expect: adminOnly() },
  'GET /api/audit-logs/:id': {
    setup: async (f) => {
      await adminMade(f, '/api/languages', { lang_name: `Lang ${unique()}` });
      const res = await f.call(f.users.admin, 'GET', '/api/audit-logs', { query: 'pagination[pageSize]=1' });
      return { id: (res.json() as unknown as { data: { id: number }[] }).data[0]!.id };
    },
    expect: adminOnly(),
  },
  'GET /api/admin/audit-logs.csv': { expect: adminOnly() },
  'GET /api/admin/audit-actions': { expect: adminOnly() },
};

export const ROUTE_TABLE: Record<string, RouteCase> = {
  'GET /api/health': { expect: all(200) },
  'GET /api/health/ready': { expect: all(200) },

  // Accounts
  'POST /api/auth/local/register': {
    setup: async () => {
      const n = unique();
      return {
        body: {
          username: `reg_${n}`,
          email: `reg-${n}@example.com`,
          password: strongPassword,
          cpassword: strongPassword,
          first_name: 'Jane',
          last_name: 'Doe',
          phone_number: '555-0100',
          dob: '1990-05-17',
          city: 'San Jose',
          user_type: 'Hobbyist',
        },
      };
    },
    expect: all(200),
  },
  'POST /api/auth/local': {
    setup: async (f) => ({ body: { identifier: f.loginUser.email, password: f.loginUser.password } }),
    expect: all(200),
  },
  'POST /api/upload/sendmail': {
    setup: async () => ({ body: { to: 'nobody@example.test' } }),
    expect: all(200),
  },
  'POST /api/auth/forgot-password': {
    setup: async () => ({ body: { email: 'nobody@example.test' } }),
    expect: all(200),
  },
  // Open to anyone; a made-up code is refused as an invalid link, whoever sends it.
  'POST /api/auth/reset-password': {
    setup: async () => ({
      body: {
        code: 'not-a-real-code-0123456789',
        password: strongPassword,
        passwordConfirmation: strongPassword,
      },
    }),
    expect: all(400),
  },
  // Signed in; a wrong current password is the 400 that shows the route was reached.
  'POST /api/auth/change-password': {
    setup: async () => ({
      body: {
        currentPassword: 'Wrong-Password-1',
        password: strongPassword,
        passwordConfirmation: strongPassword,
      },
    }),
    expect: signedIn(400),
  },
  'POST /api/auth/logout': { expect: signedIn(200) },
  'POST /api/auth/logout-all': { expect: signedIn(200) },
  // Deleting one's own account: any account, with its password (a wrong one here: nothing is deleted;
  // account-deletion.test.ts deletes for real).
  'POST /api/auth/delete-account': {
    setup: async () => ({ body: { password: 'Wrong-Password-1' } }),
    expect: signedIn(400),
  },
  // Two-factor sign-in: any account manages its own; the fixtures' accounts have it off.
  'GET /api/auth/2fa': { expect: signedIn(200) },
  'POST /api/auth/2fa/setup': { expect: signedIn(200) },
  // After a setup, a wrong first code is a 400 for everyone signed in.
  'POST /api/auth/2fa/enable': {
    setup: async (f, caller) => {
      if (caller) await f.call(caller, 'POST', '/api/auth/2fa/setup');
      return { body: { code: '000000' } };
    },
    expect: signedIn(400),
  },
  // Open to anyone holding a sign-in challenge; a made-up one is refused, whoever sends it.
  'POST /api/auth/2fa/verify': {
    setup: async () => ({ body: { mfa_token: 'not-a-challenge-token', code: '123456' } }),
    expect: all(401),
  },
  // Not on for these accounts (409); the admin may never turn it off (403).
  'POST /api/auth/2fa/disable': {
    setup: async () => ({ body: { password: 'Wrong-Password-1', code: '123456' } }),
    expect: { ...signedIn(409), admin: 403 },
  },
  'POST /api/auth/2fa/recovery-codes': {
    setup: async () => ({ body: { code: '123456' } }),
    expect: signedIn(409),
  },
  'POST /api/users/:id/logout-all': { setup: (f) => f.victim(), expect: adminOnly() },
  // The admin deletes an account on request (a fresh one each call).
  'DELETE /api/admin/users/:id': { setup: (f) => f.victim(), expect: adminOnly() },
  // Data exports: each account its own (one a day); the admin for a person on request.
  'POST /api/account/exports': { expect: signedIn(200) },
  'GET /api/account/exports': { expect: signedIn(200) },
  'GET /api/account/exports/:id/download': {
    setup: (f) => f.dataExport(),
    // Its account and the admin (audited); anyone else cannot tell it exists.
    expect: { ...only(['hobbyist', 'admin'], 200, 404) },
  },
  'POST /api/admin/users/:id/exports': { setup: (f) => f.victim(), expect: adminOnly() },
  'GET /api/admin/users/:id/exports': { setup: (f) => f.victim(), expect: adminOnly() },

  'GET /api/users': { expect: adminOnly() },
  // The console's Users and Verifications pages: admin only.
  'GET /api/admin/users': { expect: adminOnly() },
  'GET /api/admin/users/:id': { setup: async (f) => ({ id: f.users.hobbyist.id }), expect: adminOnly() },
  'GET /api/admin/verifications': { expect: adminOnly() },
  'POST /api/admin/verifications/:id/ask-again': { setup: (f) => f.verifiedProvider(), expect: adminOnly() },
  'GET /api/users/me': { expect: signedIn(200) },
  // A hobbyist's account: only the hobbyist and the admin; to anyone else it does not exist (404). Of a
  // provider with a public ad others read the id only (users.test.ts).
  'GET /api/users/:id': {
    setup: async (f) => ({ id: f.users.hobbyist.id }),
    expect: { ...all(404), hobbyist: 200, admin: 200 },
  },
  'PUT /api/users/:id': {
    setup: async (f) => ({ id: f.users.hobbyist.id, body: { first_name: 'Renamed' } }),
    expect: { ...all(404), anonymous: 401, hobbyist: 200, admin: 200 },
  },

  // Files
  'POST /api/upload': { setup: (f) => f.uploadBody(), expect: all(201) },
  'GET /api/upload/files': { expect: adminOnly() },
  // A private ID document: its owner and the admin only; others are not told it exists.
  'GET /api/upload/files/:id': {
    owner: 'provider',
    setup: (f) => f.privateDoc(),
    expect: { ...all(404), provider: 200, admin: 200 },
  },
  'GET /api/upload/files/:id/content': {
    owner: 'provider',
    setup: (f) => f.privateDoc(),
    expect: { ...all(404), provider: 200, admin: 200 },
  },
  'DELETE /api/upload/files/:id': {
    owner: 'provider',
    setup: (f) => f.publicImage(),
    expect: { ...only(['provider', 'admin'], 200, 403) },
  },

  // Contact and reports: anyone writes, the admin reads and handles.
  'POST /api/contact-messages': {
    setup: async () => ({
      body: { data: { name: 'Jane Doe', email: 'jane@example.com', note: 'Hello there, a question.' } },
    }),
    expect: all(200),
  },
  'GET /api/contact-messages': { expect: adminOnly() },
  'GET /api/contact-messages/:id': { setup: (f) => f.contactMessage(), expect: adminOnly() },
  'DELETE /api/contact-messages/:id': { setup: (f) => f.contactMessage(), expect: adminOnly() },
  'PUT /api/contact-messages/:id': {
    setup: async (f) => ({
      ...(await f.contactMessage()),
      body: { data: { status: 'reviewed', staff_note: 'Replied.' } },
    }),
    expect: adminOnly(),
  },
  'POST /api/reports': {
    setup: async () => ({
      body: { data: { reason: REPORT_REASONS[0], details: 'A placeholder report.', email: 'w@example.com' } },
    }),
    expect: all(200),
  },
  'GET /api/reports': { expect: adminOnly() },
  'GET /api/reports/:id': { setup: (f) => f.report(), expect: adminOnly() },
  'PUT /api/reports/:id': {
    setup: async (f) => ({ ...(await f.report()), body: { data: { status: 'closed' } } }),
    expect: adminOnly(),
  },
  'DELETE /api/reports/:id': { setup: (f) => f.report(), expect: adminOnly() },
  // The console's queues and dashboard: admin only. Hide acts on a fresh report of a fresh ad.
  'GET /api/admin/payments': { expect: adminOnly() },
  'GET /api/admin/reports': { expect: adminOnly() },
  // Screening review requests: anyone asks; the admin reads one with its entries, handles it, sends the outcome.
  'POST /api/screening-reviews': {
    setup: async () => ({
      body: {
        data: { phone_number: '555 010 8888', dispute: 'These entries are wrong.', email: 'jo@example.com' },
      },
    }),
    expect: all(200),
  },
  'GET /api/admin/screening-reviews/:id': { setup: (f) => f.screeningReview(), expect: adminOnly() },
  'PUT /api/admin/screening-reviews/:id': {
    setup: async (f) => ({
      ...(await f.screeningReview()),
      body: { data: { status: 'reviewed', staff_note: 'Checking.' } },
    }),
    expect: adminOnly(),
  },
  'POST /api/admin/screening-reviews/:id/decision': {
    setup: async (f) => ({ ...(await f.screeningReview()), body: { data: { outcome: 'kept' } } }),
    expect: adminOnly(),
  },
  'POST /api/admin/reports/:id/hide': {
    setup: async (f) => {
      const listing = `Provider #${await f.newAd()}: Test`;
      const res = await f.call(null, 'POST', '/api/reports', {
        body: { data: { reason: REPORT_REASONS[0], listing } },
      });
      return { id: res.json().data.id };
    },
    expect: adminOnly(),
  },
  'GET /api/admin/dashboard': { expect: adminOnly() },

  // Reference data: public reads, but cities for signed-in callers only (spec).
  'GET /api/countries': { expect: all(200) },
  'GET /api/countries/:id': { setup: (f) => f.first('countries'), expect: all(200) },
  'GET /api/states': { expect: all(200) },
  'GET /api/states/:id': { setup: (f) => f.first('states'), expect: all(200) },
  'GET /api/cities': { expect: signedIn(200) },
  'GET /api/cities/:id': { setup: (f) => f.first('cities'), expect: signedIn(200) },
  'GET /api/languages': { expect: all(200) },
  'GET /api/languages/:id': { setup: (f) => f.first('languages'), expect: all(200) },
  'GET /api/races': { expect: all(200) },
  'GET /api/races/:id': { setup: (f) => f.first('races'), expect: all(200) },
  'GET /api/vendor-types': { expect: all(200) },
  'GET /api/vendor-types/:id': { setup: (f) => f.first('place_types'), expect: all(200) },
  'GET /api/packages': { expect: all(200) },
  'GET /api/packages/:id': { setup: (f) => f.first('packages'), expect: all(200) },
  'GET /api/processing-costs': { expect: all(200) },
  'GET /api/processing-costs/:id': { setup: (f) => f.first('processing_costs'), expect: all(200) },
  'GET /api/state-by-country': { expect: all(200) },
  'GET /api/cityByState': { setup: async () => ({ query: 'state_code=CA' }), expect: all(200) },
  'GET /api/provider-count-by-country': { expect: all(200) },
  'GET /api/payment-info': { expect: all(200) },

  // The directory
  'GET /api/providers': { expect: all(200) },
  'GET /api/filterdata': { expect: all(200) },
  'GET /api/providers/:id': { setup: async (f) => ({ id: f.ad }), expect: all(200) },
  // An ad page's related ads: as public as the ad itself.
  'GET /api/providers/:id/related': { setup: async (f) => ({ id: f.ad }), expect: all(200) },
  // Saved providers: a hobbyist's own list (not the admin's either).
  'GET /api/saved-providers': { expect: only(['hobbyist', 'other'], 200, 403) },
  'GET /api/saved-providers/ids': { expect: only(['hobbyist', 'other'], 200, 403) },
  'PUT /api/saved-providers/:id': {
    setup: async (f) => ({ id: f.ad }),
    expect: only(['hobbyist', 'other'], 200, 403),
  },
  'DELETE /api/saved-providers/:id': {
    setup: async (f) => ({ id: f.ad }),
    expect: only(['hobbyist', 'other'], 200, 403),
  },
  'POST /api/providers': {
    owner: 'provider',
    setup: (f, caller) => f.adBody(caller),
    expect: { ...only(['provider', 'other', 'admin'], 200, 403) },
  },
  'PUT /api/providers/:id': {
    owner: 'provider',
    setup: async (f) => ({ id: await f.newAd(), body: { data: { title: 'A new title' } } }),
    expect: { ...only(['provider', 'admin'], 200, 403), other: 403 },
  },
  'DELETE /api/providers/:id': {
    owner: 'provider',
    setup: async (f) => ({ id: await f.newAd() }),
    expect: { ...only(['provider', 'admin'], 200, 403), other: 403 },
  },
  'POST /api/providers/:id/mail': {
    setup: async (f) => ({ id: f.ad, body: { data: { message: 'Hello, is Friday free?' } } }),
    expect: only(['hobbyist', 'other'], 200, 403),
  },

  // Moderation: the queue of pending ads and places, and a record's risk signals.
  'GET /api/admin/moderation': {
    setup: async () => ({ query: 'type=place&pagination[pageSize]=5' }),
    expect: adminOnly(),
  },
  'GET /api/admin/signals': { setup: async (f) => ({ query: `type=ad&id=${f.ad}` }), expect: adminOnly() },
  // Changes to approved ads and places wait as pending revisions (decision 0015): the moderator decides,
  // each owner lists their own.
  'PUT /api/admin/revisions/:id': { setup: (f) => f.revision(), expect: adminOnly() },
  'GET /api/revisions': { setup: async () => ({ query: 'type=place' }), expect: signedIn(200) },

  ...PLACE_ROUTES,

  ...reaction('likes', 'like'),
  ...reaction('dislikes', 'dislike'),
  ...reaction('averages', 'average'),

  'GET /api/comments': { expect: all(200) },
  'GET /api/comments/:id': { setup: (f) => f.comment(), expect: all(200) },
  'POST /api/comments': {
    setup: async (f) => ({ body: { data: { provider: f.ad, comment: 'Lovely person.' } } }),
    expect: only(['hobbyist', 'other'], 200, 403),
  },
  'PUT /api/comments/:id': {
    setup: async (f) => ({ ...(await f.comment()), body: { data: { comment: 'Edited.' } } }),
    expect: { ...only(['hobbyist', 'admin'], 200, 403) },
  },
  'DELETE /api/comments/:id': {
    setup: (f) => f.comment(),
    expect: { ...only(['hobbyist', 'admin'], 200, 403) },
  },

  // Messages: the author, the provider they were sent to, the admin.
  'GET /api/messages': { expect: signedIn(200) },
  'GET /api/messages/retention': { expect: signedIn(200) },
  'GET /api/messages/:id': {
    setup: (f) => f.message(),
    // Its two sides; the admin reads a message only when a side reports it.
    expect: { ...only(['hobbyist', 'provider'], 200, 404) },
  },
  'POST /api/messages': {
    setup: async (f) => ({ body: { data: { provider: f.ad, text: 'Hello there.' } } }),
    expect: only(['hobbyist', 'other'], 200, 403),
  },
  'PUT /api/messages/:id': {
    setup: async (f) => ({ ...(await f.message()), body: { data: { text: 'Edited.' } } }),
    expect: { ...only(['hobbyist', 'admin'], 200, 403), vendor: 404, other: 404 },
  },
  'DELETE /api/messages/:id': {
    setup: (f) => f.message(),
    expect: { ...only(['hobbyist', 'admin'], 200, 403), vendor: 404, other: 404 },
  },
  // A provider's answer from Review Mail: the owner of the ad the message went to, nobody else; a
  // provider who cannot see the message gets a 404.
  'POST /api/messages/:id/report': {
    setup: async (f) => ({ ...(await f.message()), body: { data: { reason: 'Spam or scam' } } }),
    // Its two sides: the hobbyist and the ad's owner (provider); the admin is no side.
    expect: { ...only(['hobbyist', 'provider'], 200, 404) },
  },
  'POST /api/messages/:id/reply': {
    owner: 'provider',
    setup: async (f) => ({ ...(await f.message()), body: { data: { text: 'Friday at 8 works.' } } }),
    expect: { ...only(['provider'], 200, 403), other: 404 },
  },

  // Conversations: their two sides only (the hobbyist and the ad's owner); the admin reads a message
  // only when a side reports it. Writing comes before blocking: the block cases lift what they set.
  'GET /api/conversations': { expect: signedIn(200) },
  'GET /api/conversations/unread': { expect: signedIn(200) },
  'GET /api/conversations/:id': {
    setup: (f) => f.conversation(),
    expect: { ...only(['hobbyist', 'provider'], 200, 404) },
  },
  'GET /api/conversations/:id/messages': {
    setup: (f) => f.conversation(),
    expect: { ...only(['hobbyist', 'provider'], 200, 404) },
  },
  'POST /api/conversations/:id/messages': {
    setup: async (f) => ({ ...(await f.conversation()), body: { data: { text: 'Friday at 8?' } } }),
    expect: { ...only(['hobbyist', 'provider'], 200, 404) },
  },
  'POST /api/conversations/:id/read': {
    setup: (f) => f.conversation(),
    expect: { ...only(['hobbyist', 'provider'], 200, 404) },
  },
  'POST /api/conversations/:id/block': {
    setup: (f) => f.conversation(),
    expect: { ...only(['hobbyist', 'provider'], 200, 404) },
  },
  'DELETE /api/conversations/:id/block': {
    setup: (f) => f.conversation(),
    expect: { ...only(['hobbyist', 'provider'], 200, 404) },
  },

  // Tips and the ledger: the tipper, the tipped provider's account, the admin.
  'GET /api/tips': { expect: signedIn(200) },
  'GET /api/tips/:id': {
    setup: (f) => f.tip(),
    expect: { ...only(['hobbyist', 'provider', 'admin'], 200, 404) },
  },
  'POST /api/tips': {
    setup: async (f) => ({
      body: { data: { provider: f.ad, tip_amount: 5, transaction_id: `TX-${unique()}` } },
    }),
    expect: only(['hobbyist', 'other'], 200, 403),
  },
  'PUT /api/tips/:id': {
    setup: async (f) => ({ ...(await f.tip()), body: { data: { payment_status: 'verified' } } }),
    expect: adminOnly(),
  },
  'GET /api/transactions': { expect: signedIn(200) },
  // The tipped provider's account and the admin; the tipper sees the tip, not the ledger row.
  'GET /api/transactions/:id': {
    setup: (f) => f.tipTransaction(),
    expect: { ...only(['provider', 'admin'], 200, 404) },
  },
  'POST /api/transactions': {
    setup: async (f) => ({
      body: {
        data: {
          user: f.users.provider.id,
          transaction_uid: `ADJ-${unique()}`,
          transaction_amount: 10,
          transaction_type: 'credit',
          order_type: 'other',
        },
      },
    }),
    expect: adminOnly(),
  },
  'GET /api/wallet': { expect: signedIn(200) },
  // A hobbyist's own tips and paid orders (whose: the token's); the admin reads their own (none).
  'GET /api/my-payments': { expect: only(['hobbyist', 'other', 'admin'], 200, 403) },

  // Subscriptions: providers buy packages; the admin checks payments and grants extra ads.
  'GET /api/subscriptions': { expect: signedIn(200) },
  'GET /api/subscriptions/current': { expect: signedIn(200) },
  'GET /api/subscriptions/:id': {
    owner: 'provider',
    setup: (f) => f.subscription(),
    expect: { ...only(['provider', 'admin'], 200, 404) },
  },
  'POST /api/subscriptions': {
    owner: 'provider',
    setup: (f) => f.purchaseBody(),
    expect: only(['provider', 'other'], 200, 403),
  },
  'PUT /api/subscriptions/:id': {
    owner: 'provider',
    setup: async (f) => ({ ...(await f.subscription()), body: { data: { payment_status: 'verified' } } }),
    expect: adminOnly(),
  },

  ...SCREENING_ROUTES,
  ...SHOP_ROUTES,
  ...ORDER_ROUTES,
  ...SETTINGS_ROUTES,
};
