import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsRoot } from '../src/storage/index.ts';
import { finishAccountDeletions, privacyContext } from '../src/modules/privacy/index.ts';
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
 * Deleting an account (server/src/modules/privacy/): by itself with its password, or by the admin. What is
 * the person's goes, what the other party or the books need stays without their name, the files leave the
 * disk, and a deletion that failed half-way is finished by the job.
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

/** The stored path of a file's original on disk. */
async function pathOf(fileId: number): Promise<string> {
  const f = await db()
    .selectFrom('files')
    .select(['storage_key', 'ext', 'is_private'])
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();
  return path.join(
    uploadsRoot(ctx.config.dataDir),
    Number(f.is_private) ? 'private' : 'public',
    `${f.storage_key}${f.ext}`,
  );
}

/** Columns that name an account. */
const ACCOUNT_COLUMNS = new Set([
  'user_id',
  'owner_id',
  'created_by',
  'reporter_id',
  'actor_id',
  'blocker_id',
  'blocked_id',
  'seller_id',
  'requested_by',
  'decided_by',
  'reviewed_by',
  'verified_by',
  'handled_by',
  'suspended_by',
]);

/** Every row of every table: those holding any of `texts`, and the tables with a column naming `userId`. */
async function scan(userId: number, texts: string[]) {
  const tables = (await db().introspection.getTables()).filter((t) => !t.name.startsWith('kysely_'));
  const holding: string[] = [];
  const naming = new Set<string>();
  for (const table of tables) {
    const rows = (await db()
      .selectFrom(table.name as never)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    for (const row of rows) {
      const json = JSON.stringify(row);
      for (const text of texts) if (json.includes(text)) holding.push(`${table.name}: ${json}`);
      for (const [column, value] of Object.entries(row))
        if (ACCOUNT_COLUMNS.has(column) && Number(value) === userId) naming.add(table.name);
    }
  }
  return { holding, naming: [...naming].sort() };
}

describe('an account deletes itself', () => {
  it('with its password: what is its goes; orders, payments and the ledger stay without its name', async () => {
    const hobbyist = await buildHobbyist(ctx);
    const provider = await buildProvider(ctx);
    const vendor = await buildVendor(ctx);
    const ad = await buildProviderAd(ctx, provider);
    // The hobbyist's names, picture, reactions, comment, message, saved ad, order and tip.
    const letters = () =>
      Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const names = { first_name: `Zeb${letters()}`, last_name: `Qui${letters()}` };
    const avatar = await uploadImage(ctx, hobbyist);
    expect(
      (
        await call('PUT', `/api/users/${hobbyist.id}`, hobbyist, {
          ...names,
          phone_number: '555-0199',
          avatar,
        })
      ).statusCode,
    ).toBe(200);
    const avatarPath = await pathOf(avatar);
    expect(existsSync(avatarPath)).toBe(true);
    const username = await usernameOf(ctx, hobbyist.id);
    await call('POST', '/api/likes', hobbyist, { data: { provider: ad } });
    await call('POST', '/api/comments', hobbyist, { data: { provider: ad, comment: 'Kind words.' } });
    const mail = await call('POST', `/api/providers/${ad}/mail`, hobbyist, {
      data: { message: 'Hello there' },
    });
    expect(mail.statusCode).toBe(200);
    expect((await call('PUT', `/api/saved-providers/${ad}`, hobbyist)).statusCode).toBe(200);
    const product = await makeProduct(db(), vendor.id);
    const order = await insertTestOrder(db(), hobbyist.id, [{ product, vendor: vendor.id }]);
    await db()
      .updateTable('order_details')
      .set({ ...names, email_address: hobbyist.email, phone: '555-0199' })
      .where('order_id', '=', order.order)
      .execute();
    const tip = await call('POST', '/api/tips', hobbyist, {
      data: { provider: ad, tip_amount: 5, transaction_id: `TIP-DEL-${++seq}` },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    const ledger = async () =>
      Number(
        (
          await db()
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ledgerBefore = await ledger();
    const counts = async () =>
      db()
        .selectFrom('providers')
        .select(['likes_count', 'comments_count'])
        .where('id', '=', ad)
        .executeTakeFirstOrThrow();
    expect(await counts()).toMatchObject({ likes_count: 1, comments_count: 1 });

    // A wrong password (or none) changes nothing.
    expect(
      (await call('POST', '/api/auth/delete-account', hobbyist, { password: 'wrong-one' })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/auth/delete-account', hobbyist, {})).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/auth/delete-account', null, { password: hobbyist.password })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/users/me', hobbyist)).statusCode).toBe(200);

    const res = await call('POST', '/api/auth/delete-account', hobbyist, { password: hobbyist.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });

    // Signed out everywhere, and no way back in.
    expect((await call('GET', '/api/users/me', hobbyist)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/local', null, {
      identifier: hobbyist.email,
      password: hobbyist.password,
    });
    expect(login.statusCode).toBe(400);

    // Nothing of the person in any table; the rows naming the account are those the others need.
    const { holding, naming } = await scan(hobbyist.id, [
      hobbyist.email,
      username,
      names.first_name,
      names.last_name,
      '555-0199',
    ]);
    expect(holding).toEqual([]);
    expect(
      naming.filter(
        (t) =>
          ![
            'orders',
            'order_lines',
            'order_details',
            'tips',
            'transactions',
            'account_deletions',
            'audit_log',
            'directory_changes',
          ].includes(t),
      ),
    ).toEqual([]);
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', hobbyist.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      first_name: null,
      last_name: null,
      phone_number: null,
      avatar_id: null,
      is_active: 0,
    });
    expect(user.deleted_at).not.toBeNull();

    // The seller's order stays (the buyer shown without name or phone), the ledger keeps its rows, the
    // ad's counters went down, and the picture left the disk.
    const kept = await db()
      .selectFrom('order_details')
      .selectAll()
      .where('order_id', '=', order.order)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ first_name: 'Deleted', last_name: 'account', phone: '' });
    expect(kept.address).not.toBe('');
    const sales = await call('GET', '/api/sales', vendor);
    expect(sales.statusCode).toBe(200);
    expect(JSON.stringify(sales.json())).toContain(String(order.lines[0]));
    expect(await ledger()).toBe(ledgerBefore);
    expect(await counts()).toMatchObject({ likes_count: 0, comments_count: 0 });
    expect(existsSync(avatarPath)).toBe(false);
    const deletion = await db()
      .selectFrom('account_deletions')
      .selectAll()
      .where('user_id', '=', hobbyist.id)
      .executeTakeFirstOrThrow();
    expect(deletion).toMatchObject({ state: 'done', requested_by: hobbyist.id });
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `user:${hobbyist.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['account.delete', 'account.deletion-finished']),
    );
  });

  it('a provider: its ads, their images and documents, and the conversations on them go', async () => {
    const provider = await buildProvider(ctx);
    const hobbyist = await buildHobbyist(ctx);
    const image = await uploadImage(ctx, provider);
    const ad = await buildProviderAd(ctx, provider, { images: [image] });
    const imagePath = await pathOf(image);
    expect(existsSync(imagePath)).toBe(true);
    await call('POST', `/api/providers/${ad}/mail`, hobbyist, { data: { message: 'Hi' } });
    const res = await call('POST', '/api/auth/delete-account', provider, { password: provider.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await db().selectFrom('providers').select('id').where('user_id', '=', provider.id).execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('conversations').select('id').where('provider_id', '=', ad).execute(),
    ).toEqual([]);
    expect(existsSync(imagePath)).toBe(false);
    expect((await call('GET', `/api/providers/${ad}`, null)).statusCode).toBe(404);
    // The hobbyist's Messages no longer lists it.
    expect((await call('GET', '/api/conversations', hobbyist)).json().data).toEqual([]);
  });

  it('asks for the code too when two-factor sign-in is on', async () => {
    const hobbyist = await buildHobbyist(ctx);
    await db()
      .updateTable('users')
      .set({ two_factor_secret: 'JBSWY3DPEHPK3PXP', two_factor_enabled_at: new Date().toISOString() })
      .where('id', '=', hobbyist.id)
      .execute();
    const res = await call('POST', '/api/auth/delete-account', hobbyist, { password: hobbyist.password });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('code');
    expect(
      (
        await call('POST', '/api/auth/delete-account', hobbyist, {
          password: hobbyist.password,
          code: '000000',
        })
      ).statusCode,
    ).toBe(400);
    const user = await db()
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', hobbyist.id)
      .executeTakeFirstOrThrow();
    expect(user.deleted_at).toBeNull();
  });
});

describe('the admin deletes an account', () => {
  it('on request, in the audit log; not an admin, not twice, and nobody else may', async () => {
    const hobbyist = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    expect((await call('DELETE', `/api/admin/users/${hobbyist.id}`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/users/${hobbyist.id}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/users/${admin.id}`, admin)).statusCode).toBe(403);
    const res = await call('DELETE', `/api/admin/users/${hobbyist.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${hobbyist.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/users/999999', admin)).statusCode).toBe(404);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject', '=', `user:${hobbyist.id}`)
      .where('action', '=', 'account.delete')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.id);
    expect((await call('GET', '/api/users/me', hobbyist)).statusCode).toBe(401);
    // A deleted account stays blocked.
    const unblock = await call('PUT', `/api/users/${hobbyist.id}`, admin, { is_active: true });
    expect(unblock.statusCode).toBe(400);
    expect(unblock.body).toContain('A deleted account cannot be unblocked');
    // The console shows it as deleted.
    const page = await call('GET', `/api/admin/users/${hobbyist.id}`, admin);
    expect(page.json().data.user).toMatchObject({
      username: `deleted account #${hobbyist.id}`,
      is_active: false,
    });
    expect(page.json().data.user.deleted_at).not.toBeNull();
  });
});

describe('a legal hold', () => {
  it('keeps the account (409) until the hold ends', async () => {
    const provider = await buildProvider(ctx);
    const until = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await db()
      .updateTable('users')
      .set({ documents_hold_until: until })
      .where('id', '=', provider.id)
      .execute();
    const res = await call('POST', '/api/auth/delete-account', provider, { password: provider.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This account is under a legal hold and cannot be deleted until the hold ends',
    );
    expect((await call('DELETE', `/api/admin/users/${provider.id}`, admin)).statusCode).toBe(409);
    const row = await db()
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', provider.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it("a username like the deleted accounts' cannot be taken, so a deletion never collides", async () => {
    const hobbyist = await buildHobbyist(ctx);
    const taken = await call('POST', '/api/auth/local/register', null, {
      username: `deleted account #${hobbyist.id}`,
      email: `taken-${++seq}@example.test`,
      password: 'Violet-Harbor-2291',
      cpassword: 'Violet-Harbor-2291',
      user_type: 'Hobbyist',
    });
    expect(taken.statusCode).toBe(400);
    expect(
      (await call('POST', '/api/auth/delete-account', hobbyist, { password: hobbyist.password })).statusCode,
    ).toBe(200);
  });
});

describe('a deletion that fails half-way', () => {
  it('is finished by the job: the files named before their records went are removed', async () => {
    const provider = await buildProvider(ctx);
    const image = await uploadImage(ctx, provider);
    await buildProviderAd(ctx, provider, { images: [image] });
    const imagePath = await pathOf(image);
    // The stored file is made a folder that cannot be removed as a file: the first run stops there.
    await rm(imagePath);
    await mkdir(imagePath);
    await writeFile(path.join(imagePath, 'x'), 'x');
    const res = await call('DELETE', `/api/admin/users/${provider.id}`, admin);
    expect(res.statusCode).toBe(200);
    const pending = await db()
      .selectFrom('account_deletions')
      .selectAll()
      .where('user_id', '=', provider.id)
      .executeTakeFirstOrThrow();
    expect(pending.state).toBe('pending');
    expect(pending.files).toContain(path.basename(imagePath));
    expect(await db().selectFrom('files').select('id').where('id', '=', image).execute()).toEqual([]);
    // The account is already gone for everyone.
    expect(
      (
        await db()
          .selectFrom('users')
          .select('deleted_at')
          .where('id', '=', provider.id)
          .executeTakeFirstOrThrow()
      ).deleted_at,
    ).not.toBeNull();

    // After the fault is cleared, the job's next run finishes it; a further run does nothing.
    await rm(imagePath, { recursive: true });
    await writeFile(imagePath, 'bytes');
    expect(await finishAccountDeletions(privacyContext(db(), ctx.storage))).toBe(1);
    expect(existsSync(imagePath)).toBe(false);
    const done = await db()
      .selectFrom('account_deletions')
      .selectAll()
      .where('user_id', '=', provider.id)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ state: 'done', files: null });
    expect(await finishAccountDeletions(privacyContext(db(), ctx.storage))).toBe(0);
  });
});
