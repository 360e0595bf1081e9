import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { deleteExpiredExports, privacyContext, retireDiskExports } from '../src/modules/privacy/index.ts';
import { callAs } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  type TestContext,
  type TestUser,
  usernameOf,
} from './helpers.ts';
import { insertTestOrder, makeProduct } from './orders-helpers.ts';
import { uploadImage } from './upload-helpers.ts';

/**
 * Exports (server/src/modules/privacy/): an account downloads one zip of its data and uploads, prepared by a
 * job and offered for 7 days; the admin makes one on a person's request.
 */
let ctx: TestContext;
let admin: TestUser;
let seq = 0; // unique transaction ids and e-mails
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await buildAdmin(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
/** A call as `user` (or anonymously), each from a new address. */
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser | null,
  body?: unknown,
) => callAs(ctx, method, url, { user, body });

/** Asks for an export as `user` (for `of`, when the admin asks) and waits until it is ready. */
async function exportOf(user: TestUser, of?: TestUser): Promise<number> {
  const url = of ? `/api/admin/users/${of.id}/exports` : '/api/account/exports';
  const res = await call('POST', url, user);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  const list = of ? `/api/admin/users/${of.id}/exports` : '/api/account/exports';
  for (let i = 0; i < 100; i++) {
    const item = (await call('GET', list, user)).json().data.find((e: { id: number }) => e.id === id);
    if (item.state === 'ready') return id;
    expect(item.state).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the export did not become ready');
}

/** The zip's entries: name → content. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

async function download(user: TestUser, id: number) {
  const res = await call('GET', `/api/account/exports/${id}/download`, user);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toContain('attachment');
  const entries = await unzip(res.rawPayload);
  return { entries, data: JSON.parse(entries.get('data.json')!.toString('utf8')) };
}

describe('an account downloads its data', () => {
  it('holds each kind of record the account has, its uploads, and nothing of another account', async () => {
    const hobbyist = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    const provider = await buildProvider(ctx);
    const vendor = await buildVendor(ctx);
    const ad = await buildProviderAd(ctx, provider);
    const avatar = await uploadImage(ctx, hobbyist);
    await call('PUT', `/api/users/${hobbyist.id}`, hobbyist, { avatar });
    await call('POST', '/api/likes', hobbyist, { data: { provider: ad } });
    await call('POST', '/api/comments', hobbyist, { data: { provider: ad, comment: 'Mine, kind words.' } });
    await call('POST', `/api/providers/${ad}/mail`, hobbyist, { data: { message: 'My question' } });
    expect((await call('PUT', `/api/saved-providers/${ad}`, hobbyist)).statusCode).toBe(200);
    const product = await makeProduct(db(), vendor.id);
    await call('POST', '/api/wishlist', hobbyist, { data: { product } });
    await insertTestOrder(db(), hobbyist.id, [{ product, vendor: vendor.id }]);
    const tip = await call('POST', '/api/tips', hobbyist, {
      data: { provider: ad, tip_amount: 5, transaction_id: `TIP-EXP-${++seq}` },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    // Another account's activity on the same ad.
    await call('POST', '/api/comments', other, { data: { provider: ad, comment: 'Not mine at all.' } });
    await call('POST', `/api/providers/${ad}/mail`, other, { data: { message: 'Their question' } });

    const id = await exportOf(hobbyist);
    const { entries, data } = await download(hobbyist, id);
    expect(data.profile).toMatchObject({ id: hobbyist.id, email: hobbyist.email });
    expect(data.reactions).toHaveLength(1);
    expect(data.comments.map((c: { comment: string }) => c.comment)).toEqual(['Mine, kind words.']);
    expect(data.messages.messages.map((m: { text: string }) => m.text)).toEqual(['My question']);
    expect(data.messages.conversations).toHaveLength(1);
    expect(data.saved.providers).toHaveLength(1);
    expect(data.saved.wishlist).toHaveLength(1);
    expect(data.orders.orders).toHaveLength(1);
    expect(data.orders.lines).toHaveLength(1);
    expect(data.orders.details).toHaveLength(1);
    expect(data.tips.given).toHaveLength(1);
    expect(data.wallet).toEqual([]);
    expect(data.files.map((f: { id: number }) => f.id)).toEqual([avatar]);
    expect([...entries.keys()].some((k) => k.startsWith(`uploads/${avatar}.`))).toBe(true);
    expect(data.twoFactor).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(data.sessions).toBeDefined();
    // Never a secret or hash, and nothing of the other account.
    const json = entries.get('data.json')!.toString('utf8');
    for (const secret of [
      '$argon2',
      'two_factor_secret',
      '"password"',
      other.email,
      await usernameOf(ctx, other.id),
      'Not mine',
      'Their question',
    ])
      expect(json).not.toContain(secret);

    // The provider's export has the ad, the tip received and the conversation on it; the seller's, the sale.
    const providerExport = await download(provider, await exportOf(provider));
    expect(providerExport.data.ads.ads.map((a: { id: number }) => a.id)).toEqual([ad]);
    expect(providerExport.data.tips.received).toHaveLength(1);
    // The tip's credit is in the provider's wallet ledger.
    expect(providerExport.data.wallet.length).toBeGreaterThanOrEqual(1);
    expect(providerExport.data.messages.conversations).toHaveLength(2);
    expect(JSON.stringify(providerExport.data)).not.toContain(hobbyist.email);
    const vendorExport = await download(vendor, await exportOf(vendor));
    expect(vendorExport.data.products).toHaveLength(1);
    expect(vendorExport.data.sales).toHaveLength(1);
    expect(JSON.stringify(vendorExport.data)).not.toContain(hobbyist.email);
  });

  it('once a day; only its account (or the admin, audited) downloads it; 7 days, then the job deletes it', async () => {
    const hobbyist = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    const id = await exportOf(hobbyist);
    const again = await call('POST', '/api/account/exports', hobbyist);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe('You can ask for your data once a day');
    expect((await call('GET', `/api/account/exports/${id}/download`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/account/exports/${id}/download`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/account/exports/abc/download', hobbyist)).statusCode).toBe(400);
    expect((await call('GET', '/api/account/exports', other)).json().data).toEqual([]);
    // The admin makes one on the person's request (not limited), and downloads it: both audited.
    expect((await call('POST', `/api/admin/users/${hobbyist.id}/exports`, other)).statusCode).toBe(403);
    const byAdmin = await exportOf(admin, hobbyist);
    expect((await call('GET', `/api/account/exports/${byAdmin}/download`, admin)).statusCode).toBe(200);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `user:${hobbyist.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['account.export', 'account.export-download']),
    );

    // Past its 7 days: not offered, and the job deletes the zip and the row.
    const row = await db()
      .selectFrom('data_exports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Kept with the private files of the storage, where any machine of the site finds it.
    expect(row.file).toMatch(/^export-[a-f0-9]{32}\.zip$/);
    expect(await ctx.storage.stat(true, row.file!)).toBeDefined();
    expect(new Date(row.expires_at!).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    await db()
      .updateTable('data_exports')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await call('GET', `/api/account/exports/${id}/download`, hobbyist)).statusCode).toBe(404);
    expect(await deleteExpiredExports(privacyContext(db(), ctx.storage))).toBe(1);
    expect(await ctx.storage.stat(true, row.file!)).toBeUndefined();
    expect(await db().selectFrom('data_exports').select('id').where('id', '=', id).execute()).toEqual([]);
    // A deleted account's exports go with it.
    await call('POST', '/api/auth/delete-account', hobbyist, { password: hobbyist.password });
    expect(
      await db().selectFrom('data_exports').select('id').where('user_id', '=', hobbyist.id).execute(),
    ).toEqual([]);
  });
});

describe('exports prepared before they were kept in the storage', () => {
  it('the job deletes their rows and DATA_DIR/exports, and leaves the storage’s exports', async () => {
    const hobbyist = await buildHobbyist(ctx);
    const folder = path.join(ctx.config.dataDir, 'exports');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'a'.repeat(32) + '.zip'), 'old zip');
    const now = new Date().toISOString();
    const row = (file: string) => ({
      user_id: hobbyist.id,
      requested_by: hobbyist.id,
      state: 'ready' as const,
      file,
      size: 7,
      created_at: now,
      ready_at: now,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await db()
      .insertInto('data_exports')
      .values([row('a'.repeat(32) + '.zip'), row(`export-${'b'.repeat(32)}.zip`)])
      .execute();
    expect(await retireDiskExports(db(), ctx.config.dataDir)).toBe(1);
    expect(existsSync(folder)).toBe(false);
    const left = await db()
      .selectFrom('data_exports')
      .select('file')
      .where('user_id', '=', hobbyist.id)
      .execute();
    expect(left).toEqual([{ file: `export-${'b'.repeat(32)}.zip` }]);
  });
});
