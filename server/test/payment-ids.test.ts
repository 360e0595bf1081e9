import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as keysMigration from '../src/db/migrations/20261129020000_add_transaction_keys.ts';
import { paymentKey } from '../src/modules/billing/index.ts';
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
import { makeProduct, newTx } from './orders-helpers.ts';

/**
 * One transaction id pays one thing, also when it is typed to look different: the key is the id's confusable
 * skeleton (NFKC, format characters dropped, Unicode TS #39), ids outside the plain set are refused on every
 * route that takes one, old register keys are recomputed by the migration, and the admin's queue shows
 * look-alike ids together.
 */

let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;
let hobbyist: TestUser;
let vendor: TestUser;
let provider: TestUser;
let ad: number;
let starter: number;

beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  [admin, vendor] = await Promise.all([buildAdmin(ctx), buildVendor(ctx)]);
  ad = await buildProviderAd(ctx, await buildProvider(ctx));
  const pkg = await db()
    .selectFrom('packages')
    .select('id')
    .where('name', '=', 'Starter')
    .executeTakeFirstOrThrow();
  starter = Number(pkg.id);
});
afterAll(() => ctx.close());
// Fresh payers for each test: the hourly limits on tips, orders and purchases stay out of the way.
beforeEach(async () => {
  [hobbyist, provider] = await Promise.all([buildHobbyist(ctx), buildProvider(ctx)]);
});

const db = () => ctx.database.db;
const USED = MESSAGES.subscription.transactionIdUsed;
const CHARACTERS = MESSAGES.transactionIds.characters;

const BILLING = {
  first_name: 'Jane',
  last_name: 'Placeholder',
  email_address: 'jane.ship@example.test',
  phone: '5550100123',
  country: 'US',
  address: '1 Placeholder Street',
  town: 'San Jose',
  postcode: '95112',
};

const tip = (transaction_id: unknown) =>
  api.call('POST', '/api/tips', {
    user: hobbyist,
    body: { data: { provider: ad, tip_amount: 5, transaction_id } },
  });

async function checkout(transaction_id: unknown) {
  const product = await makeProduct(db(), vendor.id);
  return api.call('POST', '/api/orders/checkout', {
    user: hobbyist,
    body: { data: { items: [{ product, quantity: 1 }], billing: BILLING, transaction_id } },
  });
}

const buyPackage = (transaction_id: unknown) =>
  api.call('POST', '/api/subscriptions', {
    user: provider,
    body: { data: { package: starter, transaction_id } },
  });

/** A 400 naming `data.transaction_id` with `message`, and nothing else. */
function expectRefused(res: { statusCode: number; json: () => Json; body: string }, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const errors = res.json().error.details.errors as Json[];
  expect(errors.map((e) => ({ path: e.path.join('.'), message: e.message }))).toEqual([
    { path: 'data.transaction_id', message },
  ]);
}

const counts = async () => ({
  tips: (await db().selectFrom('tips').select('id').execute()).length,
  orders: (await db().selectFrom('orders').select('id').execute()).length,
  subscriptions: (await db().selectFrom('subscriptions').select('id').execute()).length,
});

describe('one transaction id pays once, however it is written', () => {
  it('a tip, then 8 checkouts and a package with look-alike ids: all but the tip are refused', async () => {
    const id = 'TX-LOOK-4821';
    expect((await tip(id)).statusCode).toBe(200);
    const before = await counts();

    const lookAlikes: [string, string][] = [
      ['TX-LOOK-4821\u200B', USED], // zero-width space
      ['TX\u200C-LOOK-4821', USED], // zero-width non-joiner
      ['TX-LO\u200DOK-4821', USED], // zero-width joiner
      ['\u2060TX-LOOK-4821', USED], // word joiner
      ['TX-LOOK-48\u00AD21', USED], // soft hyphen
      ['TX-LOOK\u180E-4821', USED], // Mongolian vowel separator
      ['\uFF34X-LOOK-4821', USED], // fullwidth T
      ['T\u0425-LOOK-4821', CHARACTERS], // Cyrillic Ha
    ];
    for (const [variant, message] of lookAlikes) {
      expectRefused(await checkout(variant), message);
    }
    // Other case and spacing, within the plain set.
    expectRefused(await buyPackage('tx look 4821'), USED);

    expect(await counts()).toEqual(before);
    const register = await db().selectFrom('payment_references').selectAll().execute();
    expect(register.filter((r) => r.transaction_id === paymentKey(id))).toHaveLength(1);
  });

  it('ASCII look-alikes share the key: case, 0 and O, 1, l and I, m and rn', async () => {
    expect(paymentKey('TX-10M')).toBe(paymentKey('tx-lOrn'));
    expect(paymentKey('TX-10M')).toBe(paymentKey('TX-IOM'));
    expect(paymentKey('TX-MIG')).toBe(paymentKey('tx-mig'));
    expect(paymentKey('TX-10M')).not.toBe(paymentKey('TX-10N'));
    // A key is its own key: an old key (lower-cased, without white space) finds the same entry.
    for (const id of ['TX-MIG-7730', 'Tx Mig 77 3O', 'ТХ-1'])
      expect(paymentKey(paymentKey(id))).toBe(paymentKey(id));
    expect((await checkout('TX-COIN-10')).statusCode).toBe(200);
    expectRefused(await tip('TX-C0IN-IO'), MESSAGES.subscription.transactionIdUsed);
  });

  it('stores the cleaned id: no format characters, compatibility forms folded, spaces trimmed', async () => {
    const res = await tip('  \uFF34\uFF38-CLEAN-\u200B7731 ');
    expect(res.statusCode, res.body).toBe(200);
    const row = await db()
      .selectFrom('tips')
      .select(['transaction_id', 'transaction_key'])
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ transaction_id: 'TX-CLEAN-7731', transaction_key: paymentKey('TX-CLEAN-7731') });
  });
});

describe('ids outside the plain set are a 400 with the catalogue message on every route', () => {
  const outside = ['TX-\u0410BC-1', 'TX-<b>-1', 'TX\u00A0\u0301', 'TX-€-1', 'TX-😀-1', 'TX-%41-1'];

  it('POST /api/tips, /api/orders/checkout, /api/subscriptions, /api/oder-details', async () => {
    const before = await counts();
    for (const id of outside) {
      expectRefused(await tip(id), CHARACTERS);
      expectRefused(await checkout(id), CHARACTERS);
      expectRefused(await buyPackage(id), CHARACTERS);
      const details = await api.call('POST', '/api/oder-details', {
        user: hobbyist,
        body: { data: { ...BILLING, transaction_id: id } },
      });
      expectRefused(details, CHARACTERS);
    }
    expect(await counts()).toEqual(before);
  });

  it("the admin's POST /api/transactions refuses such a transaction_uid", async () => {
    for (const id of outside) {
      const res = await api.call('POST', '/api/transactions', {
        user: admin,
        body: {
          data: { user: hobbyist.id, transaction_uid: id, transaction_amount: 5, transaction_type: 'credit' },
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(CHARACTERS);
    }
  });

  it('plain ids with - _ . : / # and spaces pass', async () => {
    for (const id of ['TX_2024.11:7/#88', 'tx 2024 11 99', newTx('PLAIN')]) {
      expect((await checkout(id)).statusCode, id).toBe(200);
    }
  });
});

describe("the admin's payments queue groups ids by their key", () => {
  it('look-alike ids stored before are shown together, flagged, with their hidden characters', async () => {
    const first = await checkout('TX-QUEUE-5521');
    expect(first.statusCode).toBe(200);
    const orderId = first.json().data.id;
    // A tip written before ids were cleaned: a zero-width space in its id.
    const raw = 'TX-QUEUE-5521\u200B';
    const { id: tipId } = await db()
      .insertInto('tips')
      .values({
        user_id: hobbyist.id,
        provider_id: ad,
        transaction_id: raw,
        transaction_key: paymentKey(raw),
        tip_amount: 500,
        created_at: new Date(Date.now() - 3600_000).toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const page = await api.ok('GET', '/api/admin/payments?q=tx%20queue%205521&pagination[pageSize]=100', {
      user: admin,
    });
    const items = (page.data as Json[]).map((i) => ({
      ref: `${i.kind}:${i.id}`,
      hidden: i.hidden_characters,
      group: i.id_group,
      flags: (i.flags as Json[]).map((f) => f.kind),
    }));
    expect(items).toEqual([
      { ref: `order:${orderId}`, hidden: [], group: 1, flags: ['duplicate'] },
      { ref: `tip:${tipId}`, hidden: ['U+200B'], group: 1, flags: ['malformed', 'duplicate'] },
    ]);

    // In the whole pending list the two sit together (the tip is an hour older than other payments).
    await tip(newTx('LATER'));
    const all = (await api.ok('GET', '/api/admin/payments?pagination[pageSize]=100', { user: admin }))
      .data as Json[];
    const at = all.findIndex((i) => i.kind === 'order' && i.id === orderId);
    expect(all[at + 1]).toMatchObject({ kind: 'tip', id: Number(tipId), id_group: all[at].id_group });
    expect(all.filter((i) => i.id_group === null).length).toBeGreaterThan(0);
  });
});

describe('migration 20261129020000: old keys recomputed', () => {
  it('look-alike keys become one entry (the oldest tip or subscription before an order); rows get keys', async () => {
    const d = db();
    await keysMigration.down(d);
    const now = Date.now();
    const at = (h: number) => new Date(now - h * 3600_000).toISOString();
    // Old keys: white space stripped and lower case only, so these were three payments.
    await d
      .insertInto('payment_references')
      .values([
        { transaction_id: 'tx-mig-7730', kind: 'order', created_at: at(3) },
        { transaction_id: 'tx-mig-773o\u200b', kind: 'tip', created_at: at(2) },
        { transaction_id: 'tx-mig-773\uff4f', kind: 'subscription', created_at: at(1) },
        { transaction_id: 'tx-mig-other', kind: 'order', created_at: at(1) },
      ])
      .execute();
    await keysMigration.up(d);

    const entries = await d
      .selectFrom('payment_references')
      .select(['transaction_id', 'kind', 'created_at'])
      .where('transaction_id', 'in', [paymentKey('TX-MIG-7730'), paymentKey('TX-MIG-OTHER')])
      .orderBy('transaction_id')
      .execute();
    expect(entries).toEqual(
      [
        { transaction_id: paymentKey('TX-MIG-7730'), kind: 'tip', created_at: at(2) },
        { transaction_id: paymentKey('TX-MIG-OTHER'), kind: 'order', created_at: at(1) },
      ].sort((a, b) => (a.transaction_id < b.transaction_id ? -1 : 1)),
    );
    // Every paying row has its key.
    const tips = await d.selectFrom('tips').select(['transaction_id', 'transaction_key']).execute();
    for (const t of tips) expect(t.transaction_key).toBe(paymentKey(t.transaction_id));

    expectRefused(await checkout('TX-MIG-7730'), USED);
  });
});
