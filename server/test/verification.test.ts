import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../src/jobs/index.ts';
import { uploadsRoot } from '../src/storage/index.ts';
import { deleteDecidedIdDocuments, DOCUMENT_RETENTION_DAYS_KEY } from '../src/modules/users/index.ts';
import { buildProviderAd } from './factories.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildUser,
  createTestApp,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { uploadDocument, uploadImage } from './upload-helpers.ts';
import { buildAdBody } from './directory-helpers.ts';

/** ID verification of providers: decisions, the ad approval gate, document views, retention. */

let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  admin = await buildAdmin(ctx);
});
afterAll(() => ctx.close());

const V = MESSAGES.verification;
const DAY = 24 * 60 * 60 * 1000;
const db = () => ctx.database.db;
const storageRoot = () => uploadsRoot(ctx.config.dataDir);
const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { message: string; details: { errors?: { path: string[]; message: string }[] } } })
    .error;
const userRow = (id: number) =>
  db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditRows = (subject: string, action?: string) => {
  let q = db().selectFrom('audit_log').selectAll().where('subject', '=', subject);
  if (action) q = q.where('action', '=', action);
  return q.orderBy('id').execute();
};
const decisionsOf = (userId: number) =>
  db().selectFrom('verification_decisions').selectAll().where('user_id', '=', userId).orderBy('id').execute();

let seq = 0;
/** Registers an account through the API (a provider with one ID document); answers the session. */
async function register(
  userType: 'Provider' | 'Hobbyist',
): Promise<{ jwt: string; user: Json; doc?: number }> {
  const n = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  const doc =
    userType === 'Provider' ? await uploadDocument(ctx, { remoteAddress: `10.9.0.${seq}` }) : undefined;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/local/register',
    remoteAddress: `10.9.1.${seq}`,
    payload: {
      username: `ver_${n}`,
      email: `ver-${n}@example.com`,
      password: 'Violet-Harbor-2291',
      cpassword: 'Violet-Harbor-2291',
      first_name: 'Jane',
      last_name: 'Doe',
      phone_number: '555-0100',
      dob: '1990-05-17',
      city: 'San Jose',
      user_type: userType,
      ...(doc ? { docs: [doc] } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as { jwt: string; user: Json }), ...(doc ? { doc: doc.id } : {}) };
}

/** A provider waiting for a decision, with one registration document and one ad document (private). */
async function pendingProviderWithDocs(): Promise<{ provider: TestUser; docs: number[]; ad: number }> {
  const provider = await buildUser(ctx, { userType: 'Provider', verification: 'pending' });
  const registered = await uploadImage(ctx, provider, { purpose: 'docs' });
  await db().insertInto('user_docs').values({ user_id: provider.id, file_id: registered }).execute();
  const adDoc = await uploadImage(ctx, provider, { purpose: 'docs' });
  const ad = await buildProviderAd(ctx, provider, { is_showed: 0, docs: [adDoc] });
  return { provider, docs: [registered, adDoc], ad };
}

const decide = (user: TestUser | null, id: number, body: unknown) =>
  api.call('PUT', `/api/users/${id}`, { user, body });

describe('registration and the account answers', () => {
  it('a new provider is pending, other types carry no state; the answers say whether two-factor is on', async () => {
    const provider = await register('Provider');
    expect(provider.user).toMatchObject({
      verification: 'pending',
      verification_reason: null,
      verified_at: null,
    });
    expect(provider.user.two_factor_enabled).toBe(false);
    const hobbyist = await register('Hobbyist');
    expect(hobbyist.user.verification).toBeNull();

    const me = await api.ok('GET', '/api/users/me', {
      user: { id: provider.user.id, auth: { authorization: `Bearer ${provider.jwt}` } } as TestUser,
    });
    expect(me).toMatchObject({ verification: 'pending', two_factor_enabled: false });
    const seen = await api.ok('GET', `/api/users/${provider.user.id}`, { user: admin });
    expect(seen).toMatchObject({ verification: 'pending', verification_reason: null, verified_at: null });
  });
});

describe('PUT /api/users/:id { verification } (the admin decides)', () => {
  it('401 anonymous; 403 for the provider themselves; 404 for other accounts (it is not theirs to see)', async () => {
    const { provider } = await pendingProviderWithDocs();
    expect((await decide(null, provider.id, { verification: 'verified' })).statusCode).toBe(401);
    const self = await decide(provider, provider.id, { verification: 'verified' });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe(V.adminOnly);
    const other = await decide(await buildHobbyist(ctx), provider.id, { verification: 'verified' });
    expect(other.statusCode).toBe(404);
    expect((await userRow(provider.id)).verification).toBe('pending');
  });

  it('400: a rejection needs a reason of 3 to 500 characters; only providers are verified', async () => {
    const { provider } = await pendingProviderWithDocs();
    for (const body of [
      { verification: 'rejected' },
      { verification: 'rejected', verification_reason: '  ' },
      { verification: 'rejected', verification_reason: 'no' },
    ]) {
      const res = await decide(admin, provider.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).details.errors).toEqual([
        expect.objectContaining({ path: ['verification_reason'], message: V.reasonRequired }),
      ]);
    }
    const long = await decide(admin, provider.id, {
      verification: 'rejected',
      verification_reason: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect((await decide(admin, provider.id, { verification: 'pending' })).statusCode).toBe(400);

    const hobbyist = await buildHobbyist(ctx);
    const notProvider = await decide(admin, hobbyist.id, { verification: 'verified' });
    expect(notProvider.statusCode).toBe(400);
    expect(errorOf(notProvider).message).toBe(V.notProvider);
    expect(await decisionsOf(provider.id)).toEqual([]);
  });

  it('400 at verification: no date of birth, or one that makes the provider younger than 18', async () => {
    const { provider } = await pendingProviderWithDocs();
    const underAge = new Date(Date.now() - 17 * 365 * DAY).toISOString().slice(0, 10);
    for (const [dob, message] of [
      [null, V.noDob],
      [underAge, V.underAge],
    ] as const) {
      await db().updateTable('users').set({ dob }).where('id', '=', provider.id).execute();
      const res = await decide(admin, provider.id, { verification: 'verified' });
      expect(res.statusCode, String(dob)).toBe(400);
      expect(errorOf(res).details.errors).toEqual([
        expect.objectContaining({ path: ['verification'], message }),
      ]);
    }
    expect((await userRow(provider.id)).verification).toBe('pending');
    expect(await decisionsOf(provider.id)).toEqual([]);
    // A rejection needs no adult date of birth.
    await api.ok('PUT', `/api/users/${provider.id}`, {
      user: admin,
      body: { verification: 'rejected', verification_reason: 'Younger than 18' },
    });
  });

  it('verified: the account, the decision record, the audit row and the mail', async () => {
    const { provider, docs } = await pendingProviderWithDocs();
    const mimes = await db().selectFrom('files').select('mime').where('id', 'in', docs).execute();
    const answer = await api.ok('PUT', `/api/users/${provider.id}`, {
      user: admin,
      body: { verification: 'verified' },
    });
    expect(answer).toMatchObject({ id: provider.id, verification: 'verified', verification_reason: null });
    expect(answer.verified_at).toEqual(expect.any(String));
    expect(await userRow(provider.id)).toMatchObject({ verification: 'verified', verified_by: admin.id });

    const [decision] = await decisionsOf(provider.id);
    expect(decision).toMatchObject({
      decision: 'verified',
      reason: null,
      decided_by: admin.id,
      documents_deleted_at: null,
      document_kinds: `2 × ${mimes[0]!.mime}`,
    });
    const [audit] = await auditRows(`user:${provider.id}`, 'user.verify');
    expect(audit).toMatchObject({ actor_id: admin.id });
    expect(JSON.parse(audit!.before_value!)).toMatchObject({ verification: 'pending' });
    expect(JSON.parse(audit!.after_value!)).toMatchObject({ verification: 'verified' });
    // Recorded once: the admin-write fallback does not add an `api.put` row.
    expect(await auditRows(`/api/users/${provider.id}`)).toEqual([]);

    const mail = ctx.mailer.sent.find((m) => m.to === provider.email);
    expect(mail).toMatchObject({ subject: V.mailVerifiedSubject });
    expect(mail!.text).toContain(V.mailVerified);
  });

  it('rejected with a reason: kept on the account, sent by mail, recorded', async () => {
    const { provider } = await pendingProviderWithDocs();
    const reason = 'The document is unreadable';
    const answer = await api.ok('PUT', `/api/users/${provider.id}`, {
      user: admin,
      body: { verification: 'rejected', verification_reason: reason },
    });
    expect(answer).toMatchObject({ verification: 'rejected', verification_reason: reason });
    expect((await decisionsOf(provider.id))[0]).toMatchObject({ decision: 'rejected', reason });
    expect(await auditRows(`user:${provider.id}`, 'user.reject-verification')).toHaveLength(1);
    const mail = ctx.mailer.sent.find((m) => m.to === provider.email);
    expect(mail).toMatchObject({ subject: V.mailRejectedSubject });
    expect(mail!.text).toContain(reason);
    // The provider sees the state and the reason on their profile.
    expect(await api.ok('GET', '/api/users/me', { user: provider })).toMatchObject({
      verification: 'rejected',
      verification_reason: reason,
    });
  });
});

describe('an ad is approved only while its provider is verified', () => {
  it('409 while pending (review or isShowed), approved once verified; rejecting needs no verification', async () => {
    const { provider, ad } = await pendingProviderWithDocs();
    for (const data of [{ review: 'approved' }, { isShowed: true }]) {
      const res = await api.call('PUT', `/api/providers/${ad}`, { user: admin, body: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(409);
      expect(errorOf(res).message).toBe(V.approveNeedsVerified);
    }
    expect(
      await db()
        .selectFrom('providers')
        .select(['review_state', 'is_showed'])
        .where('id', '=', ad)
        .executeTakeFirst(),
    ).toEqual({ review_state: 'pending', is_showed: 0 });
    const other = await buildProviderAd(ctx, provider, { is_showed: 0 });
    await api.ok('PUT', `/api/providers/${other}`, {
      user: admin,
      body: { data: { review: 'rejected', review_reason: 'Blurry photos' } },
    });

    await api.ok('PUT', `/api/users/${provider.id}`, { user: admin, body: { verification: 'verified' } });
    const approved = await api.ok('PUT', `/api/providers/${ad}`, {
      user: admin,
      body: { data: { review: 'approved' } },
    });
    expect(approved.data.attributes).toMatchObject({ review: 'approved', isShowed: true });
    expect(await api.listed('/api/providers')).toContain(ad);
  });

  it("a rejected provider stays gated; the admin's own ads are exempt", async () => {
    const rejected = await buildUser(ctx, { userType: 'Provider', verification: 'rejected' });
    const ad = await buildProviderAd(ctx, rejected, { is_showed: 0 });
    expect(
      (await api.call('PUT', `/api/providers/${ad}`, { user: admin, body: { data: { review: 'approved' } } }))
        .statusCode,
    ).toBe(409);
    const own = await buildProviderAd(ctx, admin, { is_showed: 0 });
    await api.ok('PUT', `/api/providers/${own}`, { user: admin, body: { data: { review: 'approved' } } });
  });
});

describe('rejecting a verified provider', () => {
  it('sends their approved ads back to review: gone from the directory, pending for the owner, recorded', async () => {
    const provider = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, provider);
    const waiting = await buildProviderAd(ctx, provider, { is_showed: 0 });
    expect(await api.listed('/api/providers')).toContain(ad);

    await api.ok('PUT', `/api/users/${provider.id}`, {
      user: admin,
      body: { verification: 'rejected', verification_reason: 'The ID was forged' },
    });
    expect(await api.listed('/api/providers')).not.toContain(ad);
    const own = await api.ok('GET', `/api/providers/${ad}`, { user: provider });
    expect(own.data.attributes).toMatchObject({ review: 'pending', isShowed: false });
    const [hidden] = await auditRows(`provider:${ad}`, 'provider.hide');
    expect(hidden).toMatchObject({ actor_id: admin.id });
    expect(JSON.parse(hidden!.before_value!)).toMatchObject({ review: 'approved' });
    expect(JSON.parse(hidden!.after_value!)).toEqual({ review: 'pending', review_reason: null });
    // An ad that was waiting already is left as it was.
    expect(await auditRows(`provider:${waiting}`, 'provider.hide')).toEqual([]);
    // It cannot be approved again until the provider is verified.
    expect(
      (await api.call('PUT', `/api/providers/${ad}`, { user: admin, body: { data: { review: 'approved' } } }))
        .statusCode,
    ).toBe(409);
  });
});

describe('the ID documents of a new ad (decision 0034)', () => {
  const postAd = async (user: TestUser, overrides: Record<string, unknown> = {}) =>
    api.call('POST', '/api/providers', { user, body: await buildAdBody(ctx, user, overrides) });
  const askAgain = (user: TestUser | null, id: number, body: unknown = {}) =>
    api.call('POST', `/api/admin/verifications/${id}/ask-again`, { user, body });
  const docsRefusal = (res: Awaited<ReturnType<typeof postAd>>) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).details.errors).toEqual([
      expect.objectContaining({ path: ['data', 'docs'], message: MESSAGES.adErrors.docsRequired }),
    ]);
  };

  it('a verified provider posts an ad without a document; one pending or rejected still needs one', async () => {
    const verified = await buildProvider(ctx);
    const res = await postAd(verified, { docs: [] });
    expect(res.statusCode, res.body).toBe(200);
    const created = Number(res.json().data.id);
    expect(
      await db().selectFrom('provider_docs').selectAll().where('provider_id', '=', created).execute(),
    ).toEqual([]);
    // Leaving `docs` out is the same.
    const body = await buildAdBody(ctx, verified);
    delete (body.data as Record<string, unknown>).docs;
    expect((await api.call('POST', '/api/providers', { user: verified, body })).statusCode).toBe(200);

    for (const verification of ['pending', 'rejected'] as const) {
      const provider = await buildUser(ctx, { userType: 'Provider', verification });
      docsRefusal(await postAd(provider, { docs: [] }));
      expect(
        await db().selectFrom('providers').select('id').where('user_id', '=', provider.id).execute(),
      ).toEqual([]);
      // With a document the ad is made, waiting for review.
      expect((await postAd(provider)).statusCode).toBe(200);
    }
  });

  it('the refusal takes no ad slot', async () => {
    const provider = await buildUser(ctx, { userType: 'Provider', verification: 'pending' });
    docsRefusal(await postAd(provider, { docs: [] }));
    const current = await api.ok('GET', '/api/subscriptions/current', { user: provider });
    expect(current.data.quota.posted).toBe(0);
  });

  it('after the admin asks again a document is required again, until the provider is verified again', async () => {
    const provider = await buildProvider(ctx);
    expect((await postAd(provider, { docs: [] })).statusCode).toBe(200);

    const answer = await askAgain(admin, provider.id, { verification_reason: 'The photo is too dark' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({
      verification: 'pending',
      verification_reason: 'The photo is too dark',
      verified_at: null,
    });
    docsRefusal(await postAd(provider, { docs: [] }));
    expect((await postAd(provider)).statusCode).toBe(200);
    // The account is back in the queue, and no new ad of theirs is approved meanwhile.
    const queue = await api.ok('GET', '/api/admin/verifications?state=pending&pagination[pageSize]=100', {
      user: admin,
    });
    expect((queue.data as { id: number }[]).map((i) => i.id)).toContain(provider.id);

    await api.ok('PUT', `/api/users/${provider.id}`, { user: admin, body: { verification: 'verified' } });
    expect((await postAd(provider, { docs: [] })).statusCode).toBe(200);
  });

  it('ask again: recorded with the state before and after, mailed with the note; refused when already pending', async () => {
    const provider = await buildProvider(ctx);
    await api.ok('POST', `/api/admin/verifications/${provider.id}/ask-again`, {
      user: admin,
      body: { verification_reason: 'Please send a passport' },
    });
    const [audit] = await auditRows(`user:${provider.id}`, 'user.ask-verification-again');
    expect(audit).toMatchObject({ actor_id: admin.id });
    expect(JSON.parse(audit!.before_value!)).toMatchObject({ verification: 'verified' });
    expect(JSON.parse(audit!.after_value!)).toMatchObject({ verification: 'pending' });
    expect(await auditRows(`/api/admin/verifications/${provider.id}/ask-again`)).toEqual([]);
    const mail = ctx.mailer.sent.find((m) => m.to === provider.email);
    expect(mail).toMatchObject({ subject: V.mailAskAgainSubject });
    expect(mail!.text).toContain('Please send a passport');
    expect(await userRow(provider.id)).toMatchObject({ verification: 'pending', verified_by: null });

    const again = await askAgain(admin, provider.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(V.askAgainOnlyDecided);
    // A rejected provider may be asked again too; the note is optional.
    const rejected = await buildUser(ctx, { userType: 'Provider', verification: 'rejected' });
    expect((await askAgain(admin, rejected.id)).statusCode).toBe(200);
  });

  it('ask again: 401 anonymous, 403 for other accounts, 400 for a non-provider or a bad note, 404 for no account', async () => {
    const provider = await buildProvider(ctx);
    expect((await askAgain(null, provider.id)).statusCode).toBe(401);
    expect((await askAgain(provider, provider.id)).statusCode).toBe(403);
    expect((await askAgain(await buildHobbyist(ctx), provider.id)).statusCode).toBe(403);
    const hobbyist = await buildHobbyist(ctx);
    const notProvider = await askAgain(admin, hobbyist.id);
    expect(notProvider.statusCode).toBe(400);
    expect(errorOf(notProvider).message).toBe(V.notProvider);
    const short = await askAgain(admin, provider.id, { verification_reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).details.errors).toEqual([
      expect.objectContaining({ path: ['verification_reason'], message: V.reasonRequired }),
    ]);
    expect((await askAgain(admin, 99_999_999)).statusCode).toBe(404);
    expect((await userRow(provider.id)).verification).toBe('verified');
  });
});

describe('each admin view of an ID document is recorded', () => {
  it('document.view for the content and the record; not for the owner, not for public files', async () => {
    const { provider, docs } = await pendingProviderWithDocs();
    const file = docs[0]!;
    const content = await api.call('GET', `/api/upload/files/${file}/content`, { user: admin });
    expect(content.statusCode).toBe(200);
    expect(content.headers['cache-control']).toBe('private, no-store');
    await api.ok('GET', `/api/upload/files/${file}`, { user: admin });
    const views = await auditRows(`file:${file}`, 'document.view');
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ actor_id: admin.id });
    expect(JSON.parse(views[0]!.details!)).toEqual({ owner: provider.id });

    expect((await api.call('GET', `/api/upload/files/${file}/content`, { user: provider })).statusCode).toBe(
      200,
    );
    const picture = await uploadImage(ctx, provider);
    await api.ok('GET', `/api/upload/files/${picture}`, { user: admin });
    expect(await auditRows(`file:${file}`, 'document.view')).toHaveLength(2);
    expect(await auditRows(`file:${picture}`)).toEqual([]);
  });
});

describe('GET /api/admin/verifications', () => {
  it('401 anonymous, 403 for other accounts, 400 for bad query values', async () => {
    expect((await api.call('GET', '/api/admin/verifications')).statusCode).toBe(401);
    for (const user of [await buildProvider(ctx), await buildHobbyist(ctx)]) {
      expect((await api.call('GET', '/api/admin/verifications', { user })).statusCode).toBe(403);
    }
    for (const query of ['state=approved', 'pagination[pageSize]=-1', 'pagination[page]=0']) {
      expect(
        (await api.call('GET', `/api/admin/verifications?${query}`, { user: admin })).statusCode,
        query,
      ).toBe(400);
    }
  });

  it('the queue: pending providers oldest first with documents and age; decided ones with their decisions', async () => {
    const first = await pendingProviderWithDocs();
    const second = await pendingProviderWithDocs();
    const list = await api.ok('GET', '/api/admin/verifications?pagination[pageSize]=100', { user: admin });
    const ids = (list.data as Json[]).map((i) => i.id);
    expect(ids.indexOf(first.provider.id)).toBeLessThan(ids.indexOf(second.provider.id));
    expect(list.meta.pagination).toMatchObject({ page: 1, pageSize: 100 });
    const item = (list.data as Json[]).find((i) => i.id === first.provider.id);
    expect(item).toMatchObject({
      verification: 'pending',
      dob: '1990-01-01',
      age: expect.any(Number),
      documents_deleted_at: null,
      decisions: [],
    });
    expect(item.age).toBeGreaterThanOrEqual(18);
    expect((item.documents as Json[]).map((d) => d.id).sort()).toEqual([...first.docs].sort());

    const username = (await userRow(second.provider.id)).username;
    const searched = await api.ok('GET', `/api/admin/verifications?q=${username}`, { user: admin });
    expect((searched.data as Json[]).map((i) => i.id)).toEqual([second.provider.id]);

    await api.ok('PUT', `/api/users/${first.provider.id}`, {
      user: admin,
      body: { verification: 'rejected', verification_reason: 'Expired passport' },
    });
    const rejected = await api.ok('GET', '/api/admin/verifications?state=rejected', { user: admin });
    const decided = (rejected.data as Json[]).find((i) => i.id === first.provider.id);
    expect(decided.decisions).toEqual([
      expect.objectContaining({
        decision: 'rejected',
        reason: 'Expired passport',
        decided_by: { id: admin.id, username: expect.any(String) },
        documents_deleted_at: null,
      }),
    ]);
    const pending = await api.ok('GET', '/api/admin/verifications?pagination[pageSize]=100', { user: admin });
    expect((pending.data as Json[]).map((i) => i.id)).not.toContain(first.provider.id);
  });
});

describe('the retention job delete-decided-id-documents', () => {
  const diskPaths = async (ids: number[]) =>
    (await db().selectFrom('files').select(['storage_key', 'ext']).where('id', 'in', ids).execute()).map(
      (f) => path.join(storageRoot(), 'private', `${f.storage_key}${f.ext}`),
    );
  /** Moves an account's decisions, and the documents they looked at (uploaded before), `days` back. */
  const ageDecisions = async (userId: number, days: number, docs: number[]) => {
    await db()
      .updateTable('verification_decisions')
      .set({ decided_at: new Date(Date.now() - days * DAY).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    await db()
      .updateTable('files')
      .set({ created_at: new Date(Date.now() - (days + 1) * DAY).toISOString() })
      .where('id', 'in', docs)
      .execute();
  };

  it('is a daily job', () => {
    expect(JOBS.find((j) => j.name === 'delete-decided-id-documents')).toMatchObject({ everyMs: DAY });
  });

  it('deletes the documents (rows and bytes) after the retention; the decision stays; the audit log shows it', async () => {
    const old = await pendingProviderWithDocs();
    const recent = await pendingProviderWithDocs();
    for (const p of [old, recent]) {
      await api.ok('PUT', `/api/users/${p.provider.id}`, { user: admin, body: { verification: 'verified' } });
    }
    await ageDecisions(old.provider.id, 31, old.docs);
    await ageDecisions(recent.provider.id, 29, recent.docs);
    const oldPaths = await diskPaths(old.docs);
    const recentPaths = await diskPaths(recent.docs);
    expect(oldPaths).toHaveLength(2);
    for (const p of [...oldPaths, ...recentPaths]) expect(existsSync(p)).toBe(true);

    expect(await deleteDecidedIdDocuments(db(), ctx.storage)).toBe(2);
    expect(await db().selectFrom('files').select('id').where('id', 'in', old.docs).execute()).toEqual([]);
    for (const p of oldPaths) expect(existsSync(p)).toBe(false);
    expect(
      await db().selectFrom('user_docs').selectAll().where('user_id', '=', old.provider.id).execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('provider_docs').selectAll().where('provider_id', '=', old.ad).execute(),
    ).toEqual([]);
    const [kept] = await decisionsOf(old.provider.id);
    expect(kept).toMatchObject({ decision: 'verified', decided_by: admin.id });
    expect(kept!.documents_deleted_at).toEqual(expect.any(String));
    expect(kept!.document_kinds).toMatch(/^2 × /);
    const [audit] = await auditRows(`user:${old.provider.id}`, 'verification.documents-deleted');
    expect(audit).toMatchObject({ actor_id: null });
    expect(JSON.parse(audit!.details!)).toEqual({ files: 2 });

    // A decision younger than the retention keeps its files.
    expect(await db().selectFrom('files').select('id').where('id', 'in', recent.docs).execute()).toHaveLength(
      2,
    );
    for (const p of recentPaths) expect(existsSync(p)).toBe(true);
    expect((await decisionsOf(recent.provider.id))[0]!.documents_deleted_at).toBeNull();

    // The admin's list says the documents are gone; a second run finds nothing to do.
    const list = await api.ok('GET', '/api/admin/verifications?state=verified&pagination[pageSize]=100', {
      user: admin,
    });
    const item = (list.data as Json[]).find((i) => i.id === old.provider.id);
    expect(item).toMatchObject({ documents: [], documents_deleted_at: kept!.documents_deleted_at });
    expect(await deleteDecidedIdDocuments(db(), ctx.storage)).toBe(0);
    expect(await auditRows(`user:${old.provider.id}`, 'verification.documents-deleted')).toHaveLength(1);
  });

  it('reads the retention setting; documents uploaded after the decision wait for the next one', async () => {
    await db()
      .insertInto('settings')
      .values({ key: DOCUMENT_RETENTION_DAYS_KEY, value: '5' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '5' }))
      .execute();
    try {
      const p = await pendingProviderWithDocs();
      await api.ok('PUT', `/api/users/${p.provider.id}`, {
        user: admin,
        body: { verification: 'rejected', verification_reason: 'Name does not match' },
      });
      await ageDecisions(p.provider.id, 6, p.docs);
      const later = await uploadImage(ctx, p.provider, { purpose: 'docs' });
      await db().insertInto('user_docs').values({ user_id: p.provider.id, file_id: later }).execute();
      // (The previous test's 29-day-old decision is past these 5 days too.)
      expect(await deleteDecidedIdDocuments(db(), ctx.storage)).toBeGreaterThanOrEqual(2);
      expect(await db().selectFrom('files').select('id').where('id', 'in', p.docs).execute()).toEqual([]);
      const [audit] = await auditRows(`user:${p.provider.id}`, 'verification.documents-deleted');
      expect(JSON.parse(audit!.details!)).toEqual({ files: 2 });
      expect(await db().selectFrom('files').select('id').where('id', '=', later).execute()).toHaveLength(1);
    } finally {
      await db().deleteFrom('settings').where('key', '=', DOCUMENT_RETENTION_DAYS_KEY).execute();
    }
  });

  it('a legal hold keeps the documents until its day has passed', async () => {
    const p = await pendingProviderWithDocs();
    await api.ok('PUT', `/api/users/${p.provider.id}`, { user: admin, body: { verification: 'verified' } });
    const until = dayAhead(10);
    await api.ok('PUT', `/api/users/${p.provider.id}`, {
      user: admin,
      body: { documents_hold_until: until },
    });
    await ageDecisions(p.provider.id, 31, p.docs);

    await deleteDecidedIdDocuments(db(), ctx.storage);
    expect(await db().selectFrom('files').select('id').where('id', 'in', p.docs).execute()).toHaveLength(2);
    expect((await decisionsOf(p.provider.id))[0]!.documents_deleted_at).toBeNull();
    // On its last day too.
    await deleteDecidedIdDocuments(db(), ctx.storage, new Date(`${until}T23:00:00Z`));
    expect(await db().selectFrom('files').select('id').where('id', 'in', p.docs).execute()).toHaveLength(2);

    await deleteDecidedIdDocuments(db(), ctx.storage, new Date(Date.now() + 11 * DAY));
    expect(await db().selectFrom('files').select('id').where('id', 'in', p.docs).execute()).toEqual([]);
    expect((await decisionsOf(p.provider.id))[0]!.documents_deleted_at).toEqual(expect.any(String));
  });
});

/** The day `days` from today, `YYYY-MM-DD` (UTC). */
const dayAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe('PUT /api/users/:id { documents_hold_until } (a legal hold on the ID documents)', () => {
  it('401 anonymous; 403 for the account itself; 404 for other accounts', async () => {
    const { provider } = await pendingProviderWithDocs();
    const body = { documents_hold_until: dayAhead(30) };
    expect((await decide(null, provider.id, body)).statusCode).toBe(401);
    const self = await decide(provider, provider.id, body);
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe(V.holdAdminOnly);
    expect((await decide(await buildHobbyist(ctx), provider.id, body)).statusCode).toBe(404);
    expect((await userRow(provider.id)).documents_hold_until).toBeNull();
  });

  it('400 for a day in the past, more than 5 years ahead or not a date', async () => {
    const { provider } = await pendingProviderWithDocs();
    for (const value of [dayAhead(-1), dayAhead(5 * 366 + 2), '2030-02-30', 'soon', 42]) {
      const res = await decide(admin, provider.id, { documents_hold_until: value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(errorOf(res).details.errors).toEqual([
        expect.objectContaining({ path: ['documents_hold_until'] }),
      ]);
    }
    expect((await userRow(provider.id)).documents_hold_until).toBeNull();
  });

  it('sets and clears the hold, recorded with before and after; the admin pages answer it', async () => {
    const { provider } = await pendingProviderWithDocs();
    const until = dayAhead(5 * 365);
    await api.ok('PUT', `/api/users/${provider.id}`, { user: admin, body: { documents_hold_until: until } });
    expect((await userRow(provider.id)).documents_hold_until).toBe(until);
    const detail = await api.ok('GET', `/api/admin/users/${provider.id}`, { user: admin });
    expect(detail.data.user.documents_hold_until).toBe(until);
    const list = await api.ok('GET', '/api/admin/verifications?pagination[pageSize]=100', { user: admin });
    expect((list.data as Json[]).find((i) => i.id === provider.id)).toMatchObject({
      documents_hold_until: until,
    });

    await api.ok('PUT', `/api/users/${provider.id}`, { user: admin, body: { documents_hold_until: null } });
    expect((await userRow(provider.id)).documents_hold_until).toBeNull();
    const rows = await auditRows(`user:${provider.id}`, 'user.documents-hold');
    expect(rows.map((r) => [JSON.parse(r.before_value!), JSON.parse(r.after_value!)])).toEqual([
      [{ documents_hold_until: null }, { documents_hold_until: until }],
      [{ documents_hold_until: until }, { documents_hold_until: null }],
    ]);
  });
});

describe('no answer carries the two-factor secret, its last step or the recovery codes', () => {
  it('the accounts, the admin pages and populated relations', async () => {
    const provider = await buildProvider(ctx);
    const secret = 'JBSWY3DPEHPK3PXPSECRETLEAKCHECK';
    await db()
      .updateTable('users')
      .set({
        two_factor_secret: secret,
        two_factor_enabled_at: new Date().toISOString(),
        two_factor_last_step: 987654321,
      })
      .where('id', '=', provider.id)
      .execute();
    const codeHash = 'c0ffee'.repeat(10);
    await db()
      .insertInto('two_factor_recovery_codes')
      .values({
        user_id: provider.id,
        code_hash: codeHash,
        used_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const ad = await buildProviderAd(ctx, provider);
    const answers = [
      await api.call('GET', '/api/users?populate=*', { user: admin }),
      await api.call('GET', `/api/users?filters[id][$eq]=${provider.id}`, { user: admin }),
      await api.call('GET', '/api/users/me?populate=*', { user: provider }),
      await api.call('GET', `/api/users/${provider.id}?populate=*`, { user: admin }),
      await api.call('GET', `/api/users/${provider.id}`, { user: await buildHobbyist(ctx) }),
      await api.call('PUT', `/api/users/${provider.id}`, { user: provider, body: { city: 'San Jose' } }),
      await api.call('GET', `/api/admin/users?q=${provider.email}`, { user: admin }),
      await api.call('GET', `/api/admin/users/${provider.id}`, { user: admin }),
      await api.call('GET', '/api/admin/verifications?state=verified&pagination[pageSize]=100', {
        user: admin,
      }),
      await api.call('GET', `/api/providers/${ad}?populate=*`, { user: admin }),
      await api.call('GET', '/api/providers?populate=*', { user: null }),
      await api.call('GET', '/api/subscriptions?populate=*', { user: admin }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      for (const leak of [
        secret,
        '987654321',
        codeHash,
        'two_factor_secret',
        'two_factor_last_step',
        'code_hash',
      ]) {
        expect(res.body, `${leak} in ${res.body.slice(0, 200)}`).not.toContain(leak);
      }
    }
    expect(answers[3]!.json()).toMatchObject({ two_factor_enabled: true });
    // Undeclared columns do not exist for the query language either.
    for (const query of [
      'filters[two_factor_secret][$eq]=x',
      'fields[0]=two_factor_secret',
      'sort=two_factor_last_step',
    ]) {
      expect((await api.call('GET', `/api/users?${query}`, { user: admin })).statusCode, query).toBe(400);
    }
  });
});
