import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signToken } from '../../src/http/auth.ts';
import { buildProviderAd, buildSubscription } from '../factories.ts';
import { buildAdBody, newAddress } from '../directory-helpers.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  type TestContext,
  type TestUser,
} from '../helpers.ts';
import { makePng, uploadImage } from '../upload-helpers.ts';
import { insertTestOrder, makeProduct } from '../orders-helpers.ts';

/** What a route case's setup made: the record in the path, a body, a query string. */
export interface Made {
  id?: number;
  body?: unknown;
  query?: string;
  headers?: Record<string, string>;
}

export interface Users {
  hobbyist: TestUser;
  provider: TestUser;
  vendor: TestUser;
  admin: TestUser;
  otherHobbyist: TestUser;
  otherProvider: TestUser;
}

type ReferenceTable =
  'countries' | 'states' | 'cities' | 'languages' | 'races' | 'place_types' | 'packages' | 'processing_costs';

/**
 * The accounts and records the route × role table acts on. Records are made through the API as
 * their owners would make them (a hobbyist's comment is posted by the hobbyist), fresh for each call,
 * so a DELETE by one caller never changes what the next caller meets.
 */
export async function createFixtures(ctx: TestContext) {
  const users: Users = {
    hobbyist: await buildHobbyist(ctx),
    provider: await buildProvider(ctx),
    vendor: await buildVendor(ctx),
    admin: await buildAdmin(ctx),
    otherHobbyist: await buildHobbyist(ctx),
    otherProvider: await buildProvider(ctx),
  };
  const loginUser = await buildHobbyist(ctx);
  // The suite runs without the 20,000 seeded cities: one is enough for the cities routes.
  await ctx.database.db
    .insertInto('cities')
    .values({ city_name: 'San Jose', state_code: 'CA', state_name: 'California', country_code: 'US' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const ad = await buildProviderAd(ctx, users.provider);
  await buildProviderAd(ctx, users.otherProvider);
  const db = ctx.database.db;
  // The table posts a fresh tip for many of its rows, all from one hobbyist: lift the hourly tip
  // limit (billing-wallet.test.ts tests it) so it never decides a status here.
  await db.updateTable('settings').set({ value: '100000' }).where('key', '=', 'tips_per_hour').execute();

  /** A message from the table's hobbyist to the provider's ad, in their one conversation. */
  const writeMessage = async () => {
    const now = new Date().toISOString();
    const row = await db
      .insertInto('messages')
      .values({
        user_id: users.hobbyist.id,
        provider_id: ad,
        text: 'Hello.',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('conversations')
      .values({ user_id: users.hobbyist.id, provider_id: ad, last_message_at: now, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'provider_id']).doNothing())
      .execute();
    const conversation = await db
      .selectFrom('conversations')
      .select('id')
      .where('user_id', '=', users.hobbyist.id)
      .where('provider_id', '=', ad)
      .executeTakeFirstOrThrow();
    return { message: Number(row.id), conversation: Number(conversation.id) };
  };

  /** A token for `user` as of now: signed with the account's current token version. */
  const tokenOf = async (user: TestUser) => {
    const row = await db
      .selectFrom('users')
      .select(['token_version', 'role'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    // The admin's token as after a two-factor code.
    return signToken(ctx.config.jwtSecret, user.id, Number(row.token_version), { mfa: row.role === 'admin' });
  };

  /** `user` with a token of now: "sign out everywhere" earlier in the table revoked the first. */
  const current = async (user: TestUser): Promise<TestUser> => {
    const jwt = await tokenOf(user);
    return { ...user, jwt, auth: { authorization: `Bearer ${jwt}` } };
  };

  /** `app.inject` as `user` (or anonymously), from a new address so per-address limits stay apart. */
  const call = async (
    user: TestUser | null,
    method: string,
    url: string,
    made: Made = {},
  ): Promise<{ statusCode: number; body: string; json: () => { data: { id: number } } }> => {
    const headers: Record<string, string> = { ...made.headers };
    if (user) headers.authorization = `Bearer ${await tokenOf(user)}`;
    return ctx.app.inject({
      method: method as 'GET',
      url: made.query ? `${url}?${made.query}` : url,
      headers,
      ...(made.body !== undefined
        ? { payload: Buffer.isBuffer(made.body) ? made.body : (made.body as object) }
        : {}),
      remoteAddress: newAddress(),
    });
  };

  const created = async (user: TestUser, url: string, body: unknown): Promise<number> => {
    const res = await call(user, 'POST', url, { body });
    if (res.statusCode !== 200) throw new Error(`setup ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data.id;
  };

  let seq = 0;
  let orderSeller: TestUser | undefined;
  const f = {
    users,
    loginUser,
    /** The provider's shown ad. */
    ad,
    call,
    newAd: () => buildProviderAd(ctx, users.provider),
    /** A pending revision of a new approved ad of the provider, and the moderator's approval of it. */
    revision: async (): Promise<Made> => {
      const adId = await buildProviderAd(ctx, users.provider);
      const res = await call(users.provider, 'PUT', `/api/providers/${adId}`, {
        body: { data: { title: `Changed title ${++seq}` } },
      });
      if (res.statusCode !== 200) throw new Error(`setup revision: ${res.statusCode} ${res.body}`);
      const row = await db
        .selectFrom('pending_revisions')
        .select(['id', 'updated_at'])
        .where('provider_id', '=', adId)
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), body: { data: { review: 'approved', updatedAt: row.updated_at } } };
    },
    victim: async (): Promise<Made> => ({ id: (await buildHobbyist(ctx)).id }),
    /** A fresh verified provider, whom the admin may ask for the ID documents again. */
    verifiedProvider: async (): Promise<Made> => ({ id: (await buildProvider(ctx)).id, body: {} }),
    first: async (table: ReferenceTable): Promise<Made> => {
      const row = await db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow();
      return { id: Number(row.id) };
    },
    reaction: async (kind: 'like' | 'dislike' | 'average'): Promise<Made> => {
      const path = { like: 'likes', dislike: 'dislikes', average: 'averages' }[kind];
      const provider = await buildProviderAd(ctx, users.provider);
      return { id: await created(users.hobbyist, `/api/${path}`, { data: { provider } }) };
    },
    comment: async (): Promise<Made> => ({
      id: await created(users.hobbyist, '/api/comments', { data: { provider: ad, comment: 'Kind words.' } }),
    }),
    // Written straight to the table: the table asks for dozens, and writing messages is limited per
    // account and hour (messages.test.ts tests the limit).
    message: async (): Promise<Made> => ({ id: (await writeMessage()).message }),
    /** A ready export of the table's hobbyist: its zip in the storage and its row (no job, no daily limit). */
    dataExport: async (): Promise<Made> => {
      const dir = ctx.storage.stagingRoot;
      await mkdir(dir, { recursive: true });
      const file = `export-${randomBytes(16).toString('hex')}.zip`;
      await writeFile(path.join(dir, file), 'zip');
      await ctx.storage.putFile(true, file, path.join(dir, file));
      const now = new Date();
      const row = await db
        .insertInto('data_exports')
        .values({
          user_id: users.hobbyist.id,
          requested_by: users.hobbyist.id,
          state: 'ready',
          file,
          size: 3,
          created_at: now.toISOString(),
          ready_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id) };
    },
    /** The conversation of the table's hobbyist with the provider's ad, with a fresh message in it. */
    conversation: async (): Promise<Made> => ({ id: (await writeMessage()).conversation }),
    tip: async (): Promise<Made> => ({
      id: await created(users.hobbyist, '/api/tips', {
        data: { provider: ad, tip_amount: 5, transaction_id: `TIP-${Date.now()}-${seq++}` },
      }),
    }),
    tipTransaction: async (): Promise<Made> => {
      const tip = await f.tip();
      const row = await db
        .selectFrom('transactions')
        .select('id')
        .where('tip_id', '=', tip.id!)
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
    /**
     * A package bought by the provider (written straight to the database: purchases through the API
     * are limited per hour, which subscriptions.test.ts tests; the table buys once per caller).
     */
    subscription: async (): Promise<Made> => ({
      id: await buildSubscription(ctx, users.provider, {
        payment_status: 'pending',
        transaction_id: `SUB-${seq++}`,
      }),
    }),
    purchaseBody: async (): Promise<Made> => {
      const pkg = await db.selectFrom('packages').select('id').orderBy('id').executeTakeFirstOrThrow();
      return { body: { data: { package: pkg.id, transaction_id: `BUY-${Date.now()}-${seq++}` } } };
    },
    contactMessage: async (): Promise<Made> => {
      const res = await call(null, 'POST', '/api/contact-messages', {
        body: { data: { name: 'Jane Doe', email: 'jane@example.com', note: 'Hello there, a question.' } },
      });
      return { id: res.json().data.id };
    },
    screeningReview: async (): Promise<Made> => {
      const res = await call(null, 'POST', '/api/screening-reviews', {
        body: {
          data: { phone_number: '555 010 9999', dispute: 'Not about me at all.', email: 'jo@example.com' },
        },
      });
      return { id: res.json().data.id };
    },
    report: async (): Promise<Made> => {
      const row = await db
        .insertInto('reports')
        .values({
          reason: 'Other',
          details: 'A placeholder report.',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id) };
    },
    privateDoc: async (): Promise<Made> => ({
      id: await uploadImage(ctx, await current(users.provider), {
        purpose: 'docs',
        remoteAddress: newAddress(),
      }),
    }),
    publicImage: async (): Promise<Made> => ({
      id: await uploadImage(ctx, await current(users.provider), { remoteAddress: newAddress() }),
    }),
    adBody: async (caller: TestUser | null): Promise<Made> => ({ body: await buildAdBody(ctx, caller) }),
    /**
     * Orders: an order of `users.hobbyist` for a product of `users.vendor`, written straight
     * in the given state (checkout is limited per hour; orders.test.ts tests it through the API).
     */
    order: async (opts: Parameters<typeof insertTestOrder>[3] & { empty?: boolean } = {}) => {
      const product = await makeProduct(db, users.vendor.id);
      const lines = opts.empty ? [] : [{ product, vendor: users.vendor.id }];
      return insertTestOrder(db, users.hobbyist.id, lines, opts);
    },
    /** A product on sale of a vendor who is none of the callers, for any of them to check out. */
    orderProduct: async (): Promise<number> => makeProduct(db, (orderSeller ??= await buildVendor(ctx)).id),
    /** A product on sale of `users.vendor`, made through the API with a picture the vendor uploaded. */
    product: async (): Promise<Made> => {
      const picture = await uploadImage(ctx, await current(users.vendor), { remoteAddress: newAddress() });
      const data = { name: `Scented Candle ${seq++}`, description: 'A small candle.', price: '12', picture };
      return { id: await created(users.vendor, '/api/products', { data }) };
    },
    uploadBody: async (): Promise<Made> => {
      const boundary = `----ltf-${randomBytes(8).toString('hex')}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        await makePng(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    },
  };
  return f;
}

export type Fixtures = Awaited<ReturnType<typeof createFixtures>>;
