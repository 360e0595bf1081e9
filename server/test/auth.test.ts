import { createHash } from 'node:crypto';
import { MESSAGES } from '@app/domain';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteExpiredRevocations } from '../src/modules/auth/auth.service.ts';
import { LOGIN_THROTTLE, createLoginThrottle } from '../src/modules/auth/auth.throttle.ts';
import { COMMON_PASSWORDS_REFUSED, isCommonPassword } from '../src/modules/auth/password-policy.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildUser,
  buildVendor,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { uploadDocument, uploadImage } from './upload-helpers.ts';

// Many tests here hash and verify passwords (argon2id, 64 MiB): give them room on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

let ctx: TestContext;
let firstUser: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  // Takes id 1, so a registration that sends `id: 1` has something to collide with.
  firstUser = await buildHobbyist(ctx);
});
afterAll(() => ctx.close());

let seq = 0;
/** A unique, valid registration body. */
function registration(overrides: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  return {
    username: `reg_${n}`,
    email: `reg-${n}@example.com`,
    password: 'Secret-123',
    cpassword: 'Secret-123',
    first_name: 'Jane',
    last_name: 'Doe',
    phone_number: '555-0100',
    dob: '1990-05-17',
    city: 'San Jose',
    user_type: 'Hobbyist',
    ...overrides,
  };
}

/** Spreads a distinct client address into an inject call, so per-address limits stay apart. */
let addressSeq = 1;
const fromNewAddress = () => ({
  remoteAddress: `10.1.${Math.floor(addressSeq / 250)}.${addressSeq++ % 250}`,
});

const post = (url: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, ...extra });
const register = (body: unknown, extra: Record<string, unknown> = {}) =>
  post('/api/auth/local/register', body, extra);
const login = (identifier: string, password: string, extra: Record<string, unknown> = {}) =>
  post('/api/auth/local', { identifier, password }, extra);
const me = (jwt: string) =>
  ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${jwt}` } });
const errorPaths = (res: { json(): unknown }) =>
  ((res.json() as { error: { details: { errors?: { path: string[] }[] } } }).error.details.errors ?? []).map(
    (e) => e.path,
  );

const res400Message = (res: { json(): unknown }) =>
  (res.json() as { error: { message: string } }).error.message;
const fileOwner = async (id: number) =>
  (
    await ctx.database.db
      .selectFrom('files')
      .select('owner_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).owner_id;

function codeFrom(text: string): string {
  const match = /\/resetPassword\?code=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in ${text}`);
  return match[1]!;
}

// ---------------------------------------------------------------------------------------------

describe('POST /api/auth/local/register', () => {
  it('400: refuses a missing or invalid body, naming the fields', async () => {
    const empty = await register({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.name).toBe('ValidationError');
    expect(errorPaths(empty)).toEqual(expect.arrayContaining([['username'], ['email'], ['password']]));

    const bad = await register(
      registration({ first_name: 'J4ne', email: 'no-at-sign', dob: '2020-01-01', user_type: 'Admin' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad)).toEqual(
      expect.arrayContaining([['first_name'], ['email'], ['dob'], ['user_type']]),
    );

    const mismatch = await register(registration({ cpassword: 'Other-123' }));
    expect(mismatch.statusCode).toBe(400);
    expect(errorPaths(mismatch)).toEqual([['cpassword']]);
    expect(mismatch.json().error.details.errors[0].message).toBe(MESSAGES.validation.passwordsMustMatch);
  });

  it('400 at password: one of the 10,000 most common passwords (any case), or the username or e-mail', async () => {
    const P = MESSAGES.passwordPolicy;
    for (const [password, message] of [
      ['password123', P.tooCommon],
      ['Password1', P.tooCommon],
      ['QWERTY123', P.tooCommon],
      ['iloveyou', P.tooCommon],
    ] as const) {
      const res = await register(registration({ password, cpassword: password }), fromNewAddress());
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(errorPaths(res)).toEqual([['password']]);
    }
    const body = registration();
    const asUsername = body.username.toUpperCase();
    const sameName = await register(
      { ...body, password: asUsername, cpassword: asUsername },
      fromNewAddress(),
    );
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().error.message).toBe(P.sameAsUsername);
    expect(errorPaths(sameName)).toEqual([['password']]);
    const padded = `  ${body.username}  `;
    const samePadded = await register({ ...body, password: padded, cpassword: padded }, fromNewAddress());
    expect(samePadded.statusCode).toBe(400);
    expect(samePadded.json().error.message).toBe(P.sameAsUsername);
    const asEmail = body.email.toUpperCase();
    const sameEmail = await register({ ...body, password: asEmail, cpassword: asEmail }, fromNewAddress());
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json().error.message).toBe(P.sameAsEmail);
    expect(errorPaths(sameEmail)).toEqual([['password']]);
    // None of them made an account; the same body with an uncommon password does.
    expect((await register(body, fromNewAddress())).statusCode).toBe(200);
  });

  it('400: a provider must send documents', async () => {
    for (const docs of [undefined, []]) {
      const res = await register(registration({ user_type: 'Provider', ...(docs ? { docs } : {}) }));
      expect(res.statusCode).toBe(400);
      expect(errorPaths(res)).toEqual([['docs']]);
      expect(res.json().error.details.errors[0].message).toBe(MESSAGES.validation.docsRequired);
    }
  });

  it('400: a taken e-mail or username, compared without case, names the path', async () => {
    const taken = registration();
    expect((await register(taken)).statusCode).toBe(200);

    const sameEmail = await register(registration({ email: taken.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json().error.message).toBe(MESSAGES.register.taken);
    expect(errorPaths(sameEmail)).toEqual([['email']]);

    const sameUsername = await register(registration({ username: taken.username.toUpperCase() }));
    expect(sameUsername.statusCode).toBe(400);
    expect(errorPaths(sameUsername)).toEqual([['username']]);

    const both = await register(registration({ email: taken.email, username: taken.username }));
    expect(both.statusCode).toBe(400);
    expect(errorPaths(both)).toEqual([['email'], ['username']]);
  });

  it('400: documents that cannot be claimed are refused, and no account is created', async () => {
    const someone = await buildProvider(ctx);
    const ownedByOther = { id: await uploadImage(ctx, someone), token: 'a'.repeat(43) };
    const stale = await uploadDocument(ctx);
    await ctx.database.db
      .updateTable('files')
      .set({ created_at: new Date(Date.now() - 25 * 3600 * 1000).toISOString() })
      .where('id', '=', stale.id)
      .execute();
    const fresh = await uploadDocument(ctx);
    const missing = { id: 999_999, token: fresh.token };
    const wrongToken = { id: fresh.id, token: stale.token };
    for (const docs of [[missing], [ownedByOther], [stale], [fresh, missing], [wrongToken], [fresh.id]]) {
      const body = registration({ user_type: 'Provider', docs });
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(docs)).toBe(400);
      expect(errorPaths(res)).toEqual([['docs']]);
      expect(res.json().error.message).toBe(MESSAGES.register.docsInvalid);
      const row = await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
    // The refused attempts left the fresh upload unclaimed: a proper registration can still use it.
    const ok = await register(registration({ user_type: 'Provider', docs: [fresh] }));
    expect(ok.statusCode).toBe(200);
    // ...and nobody can claim it a second time, not even with its token.
    const again = await register(registration({ user_type: 'Provider', docs: [fresh] }));
    expect(again.statusCode).toBe(400);
    expect(errorPaths(again)).toEqual([['docs']]);
  });

  it("400: an attacker cannot take another person's ID document by its id", async () => {
    // The victim uploads a document, and the registration fails (say, the username was taken).
    const victimDoc = await uploadDocument(ctx, { remoteAddress: '198.51.100.7' });
    // The attacker guesses the sequential id, and registers with it: with no token, or a made-up one.
    for (const docs of [[victimDoc.id], [{ id: victimDoc.id, token: 'guessed-token' }]]) {
      const attack = await register(registration({ user_type: 'Provider', docs }));
      expect(attack.statusCode).toBe(400);
      expect(res400Message(attack)).toBe(MESSAGES.register.docsInvalid);
    }
    expect(await fileOwner(victimDoc.id)).toBeNull();
    // Anonymously, the document cannot be read either.
    const read = await ctx.app.inject(`/api/upload/files/${victimDoc.id}/content`);
    expect(read.statusCode).toBe(404);
    // Only the token's holder (the victim's browser, retrying) can claim it.
    const victim = await register(registration({ user_type: 'Provider', docs: [victimDoc] }));
    expect(victim.statusCode).toBe(200);
    expect(await fileOwner(victimDoc.id)).toBe(victim.json().user.id);
    // The token is used up: nothing of it stays in the database.
    const row = await ctx.database.db
      .selectFrom('files')
      .select(['claim_token_hash'])
      .where('id', '=', victimDoc.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ claim_token_hash: null });
  });

  it('ignores role, is_active, id and other unknown fields: a plain, active account', async () => {
    const body = registration({
      role: 'admin',
      is_active: false,
      id: firstUser.id,
      admin: true,
      provider: 'google',
      token_version: 7,
      password_changed_at: '2000-01-01T00:00:00.000Z',
    });
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const { user, jwt } = res.json();
    expect(user.id).not.toBe(firstUser.id);
    expect(user).toMatchObject({ role: 'authenticated', is_active: true, provider: 'local' });
    const row = await ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'authenticated', is_active: 1, provider: 'local', token_version: 0 });
    expect(row.password_changed_at).toBeNull();
    // The account that holds the id sent is untouched.
    const first = await me(firstUser.jwt);
    expect(first.json().email).toBe(firstUser.email);
    // And the new account is no admin.
    expect(
      (await ctx.app.inject({ url: '/api/users', headers: { authorization: `Bearer ${jwt}` } })).statusCode,
    ).toBe(403);
  });

  it('200: creates a hobbyist and answers { jwt, user } without secrets, e-mail lower-cased', async () => {
    const body = registration();
    const res = await register({ ...body, email: body.email.replace('reg-', 'REG-') });
    expect(res.statusCode).toBe(200);
    const { jwt, user } = res.json();
    expect(typeof jwt).toBe('string');
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      user_type: 'Hobbyist',
      first_name: 'Jane',
      last_name: 'Doe',
      city: 'San Jose',
      dob: '1990-05-17',
      phone_number: '555-0100',
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('token_version');
    expect(res.body).not.toContain('$argon2');
    const mine = await me(jwt);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().id).toBe(user.id);
    // The new account can sign in with what it registered.
    expect((await login(body.email, body.password)).statusCode).toBe(200);
  });

  it('200: an address with any ending registers (.info, .email, .online, .co); a malformed one is a 400 at email', async () => {
    for (const ending of ['info', 'email', 'online', 'co']) {
      const body = registration();
      const email = body.email.replace('@example.com', `@example.${ending}`);
      const res = await register({ ...body, email }, fromNewAddress());
      expect(res.statusCode, email).toBe(200);
      expect(res.json().user.email).toBe(email);
    }
    for (const email of ['reg@example', 'reg@example.c', 'reg@@example.info', 'reg@example..online']) {
      const res = await register(registration({ email }), fromNewAddress());
      expect(res.statusCode, email).toBe(400);
      expect(errorPaths(res)).toEqual([['email']]);
      expect(res.json().error.details.errors[0].message).toBe(MESSAGES.validation.emailInvalid);
    }
  });

  it('200: another type than Provider registers without claiming the documents it sends', async () => {
    const doc = await uploadDocument(ctx);
    const res = await register(registration({ user_type: 'Hobbyist', docs: [doc] }));
    expect(res.statusCode).toBe(200);
    expect(await fileOwner(doc.id)).toBeNull();
  });

  it('200: a provider registers with anonymous uploads, which become private documents of the account', async () => {
    const claims = [await uploadDocument(ctx), await uploadDocument(ctx)];
    const docs = claims.map((c) => c.id);
    const res = await register(registration({ user_type: 'Provider', docs: claims }));
    expect(res.statusCode).toBe(200);
    const { jwt, user } = res.json();
    expect(user.user_type).toBe('Provider');
    const owner = { authorization: `Bearer ${jwt}` };

    const links = await ctx.database.db
      .selectFrom('user_docs')
      .select('file_id')
      .where('user_id', '=', user.id)
      .orderBy('file_id')
      .execute();
    expect(links.map((l) => l.file_id)).toEqual(docs);
    const withDocs = await ctx.app.inject({ url: '/api/users/me?populate=docs', headers: owner });
    expect(withDocs.json().docs.map((d: { id: number }) => d.id)).toEqual(docs);
    expect(withDocs.json().docs.every((d: { isPrivate: boolean }) => d.isPrivate)).toBe(true);

    // Owner and admin may fetch them; nobody else even learns they exist.
    const other = await buildHobbyist(ctx);
    const admin = await buildAdmin(ctx);
    for (const id of docs) {
      const url = `/api/upload/files/${id}/content`;
      expect((await ctx.app.inject(url)).statusCode).toBe(404);
      expect((await ctx.app.inject({ url, headers: other.auth })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `/api/upload/files/${id}`, headers: other.auth })).statusCode).toBe(
        404,
      );
      const asOwner = await ctx.app.inject({ url, headers: owner });
      expect(asOwner.statusCode).toBe(200);
      expect(asOwner.headers['content-type']).toBe('image/png');
      expect((await ctx.app.inject({ url, headers: admin.auth })).statusCode).toBe(200);
    }
    // The public profile does not carry them.
    const publicView = await ctx.app.inject(`/api/users/${user.id}?populate=docs`);
    expect(publicView.json()).not.toHaveProperty('docs');
  });

  it('works with a stale token left in the browser', async () => {
    const res = await register(registration(), { headers: { authorization: 'Bearer stale.token.here' } });
    expect(res.statusCode).toBe(200);
  });

  it('is described in the OpenAPI document with its body schema', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    const op = doc.paths['/api/auth/local/register'].post;
    const schema = op.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['username', 'email', 'docs']));
    for (const path of [
      '/api/auth/local',
      '/api/auth/forgot-password',
      '/api/upload/sendmail',
      '/api/auth/reset-password',
      '/api/auth/change-password',
    ]) {
      expect(doc.paths[path]?.post?.requestBody, path).toBeDefined();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/auth/local', () => {
  it('400: refuses a missing identifier or password', async () => {
    for (const body of [
      {},
      { identifier: 'x' },
      { password: 'Secret-123' },
      { identifier: '', password: 'x' },
    ]) {
      const res = await post('/api/auth/local', body, fromNewAddress());
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.name).toBe('ValidationError');
    }
  });

  it("400: wrong password or unknown account, with Strapi's message", async () => {
    const user = await buildHobbyist(ctx);
    for (const [identifier, password] of [
      [user.email, 'Wrong-123'],
      ['nobody@example.test', 'Secret-123'],
      ['nobody', 'Secret-123'],
    ] as const) {
      const res = await login(identifier, password, fromNewAddress());
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        status: 400,
        name: 'ValidationError',
        message: MESSAGES.login.invalidIdentifier,
      });
    }
  });

  it('403: a blocked account, said only once the password is right', async () => {
    const blocked = await buildUser(ctx, { isActive: false });
    const wrong = await login(blocked.email, 'Wrong-123', fromNewAddress());
    expect(wrong.statusCode).toBe(400);
    const right = await login(blocked.email, blocked.password, fromNewAddress());
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toMatchObject({ name: 'ForbiddenError', message: MESSAGES.login.blocked });
  });

  it('200: by e-mail or username, in any case, answering { jwt, user }', async () => {
    const user = await buildProvider(ctx);
    const row = await ctx.database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    for (const identifier of [
      user.email,
      user.email.toUpperCase(),
      ` ${user.email} `,
      row.username,
      row.username.toUpperCase(),
    ]) {
      const res = await login(identifier, user.password, fromNewAddress());
      expect(res.statusCode, identifier).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ id: user.id, email: user.email, user_type: 'Provider' });
      expect(body.user).not.toHaveProperty('password');
      expect((await me(body.jwt)).statusCode).toBe(200);
    }
    // A stale token in the browser does not stop a login.
    const stale = await login(user.email, user.password, { headers: { authorization: 'Bearer x.y.z' } });
    expect(stale.statusCode).toBe(200);
  });

  it('429: ten wrong passwords lock that account for that address only; the right password from another address still signs in', async () => {
    const victim = await buildHobbyist(ctx);
    const attacker = { remoteAddress: '10.66.0.1' };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await login(victim.email, `Wrong-${i}`, attacker);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.message).toBe(MESSAGES.login.tooManyAttempts);
    }
    const max = LOGIN_THROTTLE.maxFailuresPerAccountAndAddress;
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(400));
    expect(statuses.slice(max)).toEqual(Array(20 - max).fill(429));
    // The attacker's address stays refused for this account, even with the right password...
    expect((await login(victim.email, victim.password, attacker)).statusCode).toBe(429);
    // ...but the owner, from another address, signs in: by e-mail and by username.
    const owner = { remoteAddress: '10.66.0.2' };
    expect((await login(victim.email, victim.password, owner)).statusCode).toBe(200);
    const row = await ctx.database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', victim.id)
      .executeTakeFirstOrThrow();
    expect((await login(row.username.toUpperCase(), victim.password, owner)).statusCode).toBe(200);
    // The attacker's address may still sign in to other accounts (it is under the per-address limit).
    const other = await buildHobbyist(ctx);
    expect((await login(other.email, other.password, attacker)).statusCode).toBe(200);
  });

  it('429: thirty failures from one address lock that address, whatever the account', async () => {
    const address = { remoteAddress: '10.67.0.1' };
    const users = await Promise.all(Array.from({ length: 4 }, () => buildHobbyist(ctx)));
    // In parallel (argon2 runs on the thread pool): every attempt is checked before any is counted.
    const failures = await Promise.all(
      Array.from({ length: LOGIN_THROTTLE.maxFailuresPerAddress }, (_, i) =>
        login(users[i % users.length]!.email, `Wrong-${i}`, address),
      ),
    );
    expect(failures.map((r) => r.statusCode)).toEqual(Array(LOGIN_THROTTLE.maxFailuresPerAddress).fill(400));
    const fresh = await buildHobbyist(ctx);
    expect((await login(fresh.email, fresh.password, address)).statusCode).toBe(429);
    expect((await login(fresh.email, fresh.password, { remoteAddress: '10.67.0.2' })).statusCode).toBe(200);
  });

  it('a successful sign-in resets the count of its account and address', async () => {
    const user = await buildHobbyist(ctx);
    const address = { remoteAddress: '10.68.0.1' };
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccountAndAddress - 1; i++) {
        expect((await login(user.email, 'Wrong-123', address)).statusCode).toBe(400);
      }
      expect((await login(user.email, user.password, address)).statusCode).toBe(200);
    }
  });
});

describe('POST /api/auth/local: the account-wide ceiling slows answers instead of refusing', () => {
  // A small ceiling and delay, so the suite stays fast; the defaults are checked in the unit tests below.
  const limits = { slowAccountAfter: 4, slowdownMs: 800 };
  let slowCtx: TestContext;
  beforeAll(async () => {
    slowCtx = await createTestApp({ config: { loginThrottle: limits } });
  });
  afterAll(() => slowCtx.close());

  const timedLogin = async (identifier: string, password: string, remoteAddress: string) => {
    const started = performance.now();
    const res = await slowCtx.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier, password },
      remoteAddress,
    });
    return { status: res.statusCode, ms: performance.now() - started };
  };

  it('past the ceiling, failures from many addresses slow every answer, and the right password still signs in', async () => {
    const victim = await buildHobbyist(slowCtx);
    // Below the ceiling, answers are not held back.
    for (let i = 0; i < limits.slowAccountAfter; i++) {
      const res = await timedLogin(victim.email, `Wrong-${i}`, `10.70.0.${i + 1}`);
      expect(res.status).toBe(400);
    }
    // At the ceiling: a wrong password from a new address waits the delay, and is still a 400...
    const wrong = await timedLogin(victim.email, 'Wrong-x', '10.70.1.1');
    expect(wrong.status).toBe(400);
    expect(wrong.ms).toBeGreaterThanOrEqual(limits.slowdownMs);
    // ...and the right password waits too, but is answered with a session, never refused.
    const right = await timedLogin(victim.email, victim.password, '10.70.1.2');
    expect(right.status).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(limits.slowdownMs);
  });
});

describe('the common password list', () => {
  it('holds the 10,000 most common passwords, and not the ones this suite signs in with', () => {
    expect(COMMON_PASSWORDS_REFUSED).toBe(10_000);
    for (const p of ['123456', 'password', 'password123', 'PASSWORD123', 'secret', 'welcome1']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of ['Secret-123', 'Violet-Harbor-2291', 'Demo-pass-1', 'Brand-new-1']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});

describe('the login throttle', () => {
  it('lets attempts through again once the window has passed', () => {
    const throttle = createLoginThrottle({
      ...LOGIN_THROTTLE,
      maxFailuresPerAccountAndAddress: 2,
      maxFailuresPerAddress: 5,
    });
    const t0 = 1_000_000;
    throttle.recordFailure('a', 'u', t0);
    expect(throttle.retryAfterMs('a', 'u', t0)).toBe(0);
    throttle.recordFailure('a', 'u', t0 + 1000);
    expect(throttle.retryAfterMs('a', 'u', t0 + 1000)).toBe(LOGIN_THROTTLE.windowMs - 1000);
    expect(throttle.retryAfterMs('b', 'v', t0 + 1000)).toBe(0);
    expect(throttle.retryAfterMs('a', undefined, t0 + 1000)).toBe(0);
    expect(throttle.retryAfterMs('a', 'u', t0 + LOGIN_THROTTLE.windowMs)).toBe(0);
  });

  it('counts an account per address: another address is never refused for that account', () => {
    const throttle = createLoginThrottle();
    const t0 = 1_000_000;
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccountAndAddress; i++)
      throttle.recordFailure('a', 'u', t0);
    expect(throttle.retryAfterMs('a', 'u', t0)).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('b', 'u', t0)).toBe(0);
    throttle.recordSuccess('a', 'u');
    expect(throttle.retryAfterMs('a', 'u', t0)).toBe(0);
  });

  it(`slows (never refuses) an account after ${LOGIN_THROTTLE.slowAccountAfter} failures from any addresses`, () => {
    const throttle = createLoginThrottle();
    const t0 = 1_000_000;
    for (let i = 0; i < LOGIN_THROTTLE.slowAccountAfter - 1; i++)
      throttle.recordFailure(`addr-${i}`, 'u', t0);
    expect(throttle.slowdownMs('u', t0)).toBe(0);
    throttle.recordFailure('one-more', 'u', t0);
    expect(throttle.slowdownMs('u', t0)).toBe(LOGIN_THROTTLE.slowdownMs);
    expect(LOGIN_THROTTLE.slowdownMs).toBeGreaterThanOrEqual(1000);
    expect(throttle.retryAfterMs('fresh-address', 'u', t0)).toBe(0);
    // The owner's success does not reset the account-wide count; the window's end does.
    throttle.recordSuccess('fresh-address', 'u');
    expect(throttle.slowdownMs('u', t0)).toBe(LOGIN_THROTTLE.slowdownMs);
    expect(throttle.slowdownMs('u', t0 + LOGIN_THROTTLE.windowMs)).toBe(0);
  });

  it('keeps a bounded number of counters', () => {
    const throttle = createLoginThrottle({ ...LOGIN_THROTTLE, maxEntries: 100, maxFailuresPerAddress: 1 });
    for (let i = 0; i < 1000; i++) throttle.recordFailure(`addr-${i}`, undefined, 5000);
    // The oldest were dropped, the newest are still counted.
    expect(throttle.retryAfterMs('addr-0', undefined, 5000)).toBe(0);
    expect(throttle.retryAfterMs('addr-999', undefined, 5000)).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('forgot password: POST /api/upload/sendmail and POST /api/auth/forgot-password', () => {
  it('400: refuses a missing or invalid address', async () => {
    for (const [url, body] of [
      ['/api/upload/sendmail', {}],
      ['/api/upload/sendmail', { to: 'not-an-email' }],
      ['/api/auth/forgot-password', { email: 'not-an-email' }],
      ['/api/auth/forgot-password', { to: 'someone@example.test' }],
    ] as const) {
      const res = await post(url, body, fromNewAddress());
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
  });

  it('200 and no e-mail for an unknown or blocked address', async () => {
    const blocked = await buildUser(ctx, { isActive: false });
    const before = ctx.mailer.sent.length;
    for (const [url, body] of [
      ['/api/upload/sendmail', { to: 'nobody@example.test' }],
      ['/api/auth/forgot-password', { email: 'nobody@example.test' }],
      ['/api/upload/sendmail', { to: blocked.email }],
    ] as const) {
      const res = await post(url, body, fromNewAddress());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(ctx.mailer.sent.length).toBe(before);
  });

  it('200 and a reset link by e-mail on both paths; only a hash of the code is stored', async () => {
    const user = await buildHobbyist(ctx);
    for (const [url, body] of [
      ['/api/upload/sendmail', { to: user.email }],
      ['/api/auth/forgot-password', { email: user.email.toUpperCase() }],
    ] as const) {
      const before = ctx.mailer.sent.length;
      const res = await post(url, body, fromNewAddress());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(ctx.mailer.sent.length).toBe(before + 1);
      const mail = ctx.mailer.sent.at(-1)!;
      expect(mail.to).toBe(user.email);
      expect(mail.subject).toBe(MESSAGES.resetPassword.emailSubject);
      expect(mail.text).toContain(`${ctx.config.publicUrl}/resetPassword?code=`);
      const code = codeFrom(mail.text);
      expect(code.length).toBeGreaterThanOrEqual(43);
      const row = await ctx.database.db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('token_hash', '=', createHash('sha256').update(code).digest('hex'))
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(user.id);
      expect(row.used_at).toBeNull();
      const ttl = Date.parse(row.expires_at) - Date.parse(row.created_at);
      expect(ttl).toBe(60 * 60 * 1000);
      const all = await ctx.database.db.selectFrom('password_reset_tokens').select('token_hash').execute();
      expect(all.some((r) => r.token_hash.includes(code))).toBe(false);
    }
  });

  it('sends one account at most five links an hour', async () => {
    const user = await buildHobbyist(ctx);
    const before = ctx.mailer.sent.length;
    for (let i = 0; i < 7; i++) {
      const res = await post('/api/auth/forgot-password', { email: user.email }, fromNewAddress());
      expect(res.statusCode).toBe(200);
    }
    expect(ctx.mailer.sent.length - before).toBe(5);
  });

  it('429: both paths share one limit per address', async () => {
    const forgot = (path: 'sendmail' | 'strapi', i: number, remoteAddress: string) =>
      path === 'sendmail'
        ? post('/api/upload/sendmail', { to: `x${i}@example.test` }, { remoteAddress })
        : post('/api/auth/forgot-password', { email: `x${i}@example.test` }, { remoteAddress });
    for (const [first, second, address] of [
      ['sendmail', 'strapi', '10.69.0.1'],
      ['strapi', 'sendmail', '10.69.0.2'],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await forgot(first, i, address)).statusCode);
      expect(statuses).toEqual(Array(10).fill(200));
      const res = await forgot(second, 10, address);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.name).toBe('RateLimitError');
      // Another address is not affected.
      expect((await forgot(second, 11, `${address}0`)).statusCode).toBe(200);
    }
  });
});

describe('POST /api/auth/reset-password', () => {
  async function requestCode(user: TestUser): Promise<string> {
    const res = await post('/api/auth/forgot-password', { email: user.email }, fromNewAddress());
    expect(res.statusCode).toBe(200);
    return codeFrom(ctx.mailer.sent.at(-1)!.text);
  }
  const reset = (code: string, password = 'Brand-new-1', confirmation = password) =>
    post(
      '/api/auth/reset-password',
      { code, password, passwordConfirmation: confirmation },
      fromNewAddress(),
    );

  it('400: refuses a bad body', async () => {
    const mismatch = await reset('a'.repeat(43), 'Brand-new-1', 'Brand-new-2');
    expect(mismatch.statusCode).toBe(400);
    expect(errorPaths(mismatch)).toEqual([['passwordConfirmation']]);
    expect((await reset('a'.repeat(43), '123')).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', {}, fromNewAddress())).statusCode).toBe(400);
  });

  it('400 at password: a common password, the username or the e-mail; the link still works after', async () => {
    const user = await buildHobbyist(ctx);
    const { username } = await ctx.database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const code = await requestCode(user);
    const P = MESSAGES.passwordPolicy;
    for (const [password, message] of [
      ['qwerty123', P.tooCommon],
      [username, P.sameAsUsername],
      [user.email.toUpperCase(), P.sameAsEmail],
    ] as const) {
      const res = await reset(code, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(errorPaths(res)).toEqual([['password']]);
    }
    expect((await login(user.email, user.password, fromNewAddress())).statusCode).toBe(200);
    expect((await reset(code)).statusCode).toBe(200);
  });

  it('400: an unknown code', async () => {
    const res = await reset('A'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.resetPassword.invalidLink);
  });

  it('200: sets the password once; the second use, older tokens and the old password fail', async () => {
    const user = await buildHobbyist(ctx);
    const code = await requestCode(user);
    const other = await requestCode(user);
    const res = await reset(code);
    expect(res.statusCode).toBe(200);
    const { jwt, user: account } = res.json();
    expect(account).toMatchObject({ id: user.id, email: user.email });
    expect(account).not.toHaveProperty('password');
    expect((await me(jwt)).statusCode).toBe(200);
    expect((await me(user.jwt)).statusCode).toBe(401);

    const again = await reset(code, 'Another-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(MESSAGES.resetPassword.invalidLink);
    // The account's other outstanding link was used up too.
    expect((await reset(other, 'Another-1')).statusCode).toBe(400);

    expect((await login(user.email, 'Brand-new-1', fromNewAddress())).statusCode).toBe(200);
    expect((await login(user.email, user.password, fromNewAddress())).statusCode).toBe(400);
    const row = await ctx.database.db
      .selectFrom('users')
      .select('password_changed_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_changed_at).not.toBeNull();
  });

  it('400: an expired code', async () => {
    const user = await buildHobbyist(ctx);
    const code = await requestCode(user);
    await ctx.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', createHash('sha256').update(code).digest('hex'))
      .execute();
    const res = await reset(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.resetPassword.invalidLink);
    expect((await login(user.email, user.password, fromNewAddress())).statusCode).toBe(200);
  });

  it('400: the code of an account blocked since', async () => {
    const user = await buildHobbyist(ctx);
    const code = await requestCode(user);
    await ctx.database.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    expect((await reset(code)).statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/auth/change-password', () => {
  const change = (user: TestUser | null, body: Record<string, unknown>) =>
    post('/api/auth/change-password', body, user ? { headers: user.auth } : {});
  const valid = (user: TestUser) => ({
    currentPassword: user.password,
    password: 'Changed-123',
    passwordConfirmation: 'Changed-123',
  });

  it('401 without a token', async () => {
    const res = await change(null, { currentPassword: 'x', password: 'y', passwordConfirmation: 'y' });
    expect(res.statusCode).toBe(401);
  });

  it('400 at password: a common password, the username or the e-mail', async () => {
    const user = await buildHobbyist(ctx);
    const { username } = await ctx.database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const P = MESSAGES.passwordPolicy;
    for (const [password, message] of [
      ['Password1', P.tooCommon],
      ['letmein1', P.tooCommon],
      [username.toUpperCase(), P.sameAsUsername],
      [user.email, P.sameAsEmail],
    ] as const) {
      const res = await change(user, {
        currentPassword: user.password,
        password,
        passwordConfirmation: password,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(errorPaths(res)).toEqual([['password']]);
    }
    // The password did not change, and the token still works.
    expect((await me(user.jwt)).statusCode).toBe(200);
    expect((await login(user.email, user.password, fromNewAddress())).statusCode).toBe(200);
  });

  it('400: a bad body, a wrong current password, or the same password again', async () => {
    const user = await buildHobbyist(ctx);
    const mismatch = await change(user, { ...valid(user), passwordConfirmation: 'Other-123' });
    expect(mismatch.statusCode).toBe(400);
    expect(errorPaths(mismatch)).toEqual([['passwordConfirmation']]);
    expect(mismatch.json().error.details.errors[0].message).toBe(MESSAGES.validation.passwordsMustMatch);

    const wrong = await change(user, { ...valid(user), currentPassword: 'Wrong-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MESSAGES.changePassword.wrongCurrent);
    expect(errorPaths(wrong)).toEqual([['currentPassword']]);

    const same = await change(user, {
      ...valid(user),
      password: user.password,
      passwordConfirmation: user.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe(MESSAGES.changePassword.sameAsCurrent);
    // Nothing changed.
    expect((await me(user.jwt)).statusCode).toBe(200);
  });

  it('200: a new token that works at once; every older token is revoked, even from the same second', async () => {
    const user = await buildVendor(ctx);
    const second = (await login(user.email, user.password, fromNewAddress())).json().jwt as string;
    const res = await change(user, valid(user));
    expect(res.statusCode).toBe(200);
    const { jwt, user: account } = res.json();
    expect(account).toMatchObject({ id: user.id, email: user.email });
    expect(account).not.toHaveProperty('password');
    expect(jwt).not.toBe(user.jwt);

    expect((await me(jwt)).statusCode).toBe(200);
    expect((await me(user.jwt)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);

    expect((await login(user.email, 'Changed-123', fromNewAddress())).statusCode).toBe(200);
    expect((await login(user.email, user.password, fromNewAddress())).statusCode).toBe(400);

    // Changing again with the new token works, and revokes the token before it.
    const next = await post(
      '/api/auth/change-password',
      { currentPassword: 'Changed-123', password: 'Changed-456', passwordConfirmation: 'Changed-456' },
      { headers: { authorization: `Bearer ${jwt}` } },
    );
    expect(next.statusCode).toBe(200);
    expect((await me(jwt)).statusCode).toBe(401);
    expect((await me(next.json().jwt)).statusCode).toBe(200);
  });

  it('also uses up outstanding reset links', async () => {
    const user = await buildHobbyist(ctx);
    await post('/api/auth/forgot-password', { email: user.email }, fromNewAddress());
    const code = codeFrom(ctx.mailer.sent.at(-1)!.text);
    expect((await change(user, valid(user))).statusCode).toBe(200);
    const res = await post(
      '/api/auth/reset-password',
      { code, password: 'Brand-new-1', passwordConfirmation: 'Brand-new-1' },
      fromNewAddress(),
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('tokens signed before token versions', () => {
  it('still work, until the password changes', async () => {
    const user = await buildHobbyist(ctx);
    const legacy = await new SignJWT({ id: user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 10)
      .setExpirationTime('30d')
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect((await me(legacy)).statusCode).toBe(200);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, password: 'Changed-123', passwordConfirmation: 'Changed-123' },
      { headers: user.auth },
    );
    expect(res.statusCode).toBe(200);
    expect((await me(legacy)).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/auth/logout', () => {
  const logout = (jwt?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
    });
  /** A real sign-in through the API, from its own address: a new token of the account. */
  const signIn = async (user: TestUser): Promise<string> => {
    const res = await login(user.email, user.password, fromNewAddress());
    expect(res.statusCode).toBe(200);
    return res.json().jwt;
  };

  it('401 without a token, or with a bad one', async () => {
    expect((await logout()).statusCode).toBe(401);
    expect((await logout('x.y.z')).statusCode).toBe(401);
  });

  it('200 { ok: true }: revokes only the token it is called with', async () => {
    const user = await buildHobbyist(ctx);
    const [first, second] = [await signIn(user), await signIn(user)];
    expect(first).not.toBe(second);
    const res = await logout(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // The token that logged out is refused everywhere, logout included...
    expect((await me(first)).statusCode).toBe(401);
    expect((await logout(first)).statusCode).toBe(401);
    // ...while the account's other session, and the account's password, still work.
    expect((await me(second)).statusCode).toBe(200);
    expect((await me(await signIn(user))).statusCode).toBe(200);
  });

  it('revokes a token signed before tokens had ids', async () => {
    const user = await buildHobbyist(ctx);
    const legacy = await new SignJWT({ id: user.id, v: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('30d')
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect((await me(legacy)).statusCode).toBe(200);
    expect((await logout(legacy)).statusCode).toBe(200);
    expect((await me(legacy)).statusCode).toBe(401);
    expect((await me(user.jwt)).statusCode).toBe(200);
  });

  it('keeps each revocation until its token expires; deleteExpiredRevocations removes only expired ones', async () => {
    const user = await buildHobbyist(ctx);
    const jwt = await signIn(user);
    expect((await logout(jwt)).statusCode).toBe(200);
    const rows = () =>
      ctx.database.db.selectFrom('revoked_tokens').selectAll().where('user_id', '=', user.id).execute();
    const [row] = await rows();
    const days = (Date.parse(row!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    await deleteExpiredRevocations(ctx.database.db);
    expect(await rows()).toHaveLength(1);
    expect((await me(jwt)).statusCode).toBe(401);
    const deleted = await deleteExpiredRevocations(ctx.database.db, new Date(Date.now() + 31 * 86_400_000));
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await rows()).toHaveLength(0);
  });
});

describe('POST /api/auth/logout-all', () => {
  const logoutAll = (jwt?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
    });

  it('401 without a token', async () => {
    expect((await logoutAll()).statusCode).toBe(401);
  });

  it("200 { ok: true }: revokes every token of the account, and no one else's", async () => {
    const user = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    const tokens = [user.jwt];
    for (let i = 0; i < 2; i++)
      tokens.push((await login(user.email, user.password, fromNewAddress())).json().jwt);
    const res = await logoutAll(tokens[1]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    for (const jwt of tokens) expect((await me(jwt)).statusCode).toBe(401);
    expect((await me(other.jwt)).statusCode).toBe(200);
    // Signing in again gives a working token.
    const again = await login(user.email, user.password, fromNewAddress());
    expect((await me(again.json().jwt)).statusCode).toBe(200);
  });

  it('also revokes tokens signed before token versions', async () => {
    const user = await buildHobbyist(ctx);
    const legacy = await new SignJWT({ id: user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('30d')
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect((await me(legacy)).statusCode).toBe(200);
    expect((await logoutAll(user.jwt)).statusCode).toBe(200);
    expect((await me(legacy)).statusCode).toBe(401);
  });
});
