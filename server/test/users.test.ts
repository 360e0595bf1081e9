import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { buildProviderAd } from './factories.ts';
import { uploadImage } from './upload-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const put = (id: number | string, body: unknown, user?: TestUser | null) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    payload: body as object,
    headers: user ? user.auth : {},
  });
const row = (id: number) =>
  ctx.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const errorPaths = (res: { json(): unknown }) =>
  ((res.json() as { error: { details: { errors?: { path: string[] }[] } } }).error.details.errors ?? []).map(
    (e) => e.path,
  );

const profile = {
  first_name: 'Alice',
  last_name: 'Smith',
  phone_number: '408-555-0199',
  dob: '1985-02-03',
  city: 'Santa Clara, CA',
};

describe('PUT /api/users/:id', () => {
  it('401 without a token', async () => {
    const user = await buildHobbyist(ctx);
    expect((await put(user.id, profile)).statusCode).toBe(401);
  });

  it('400: invalid fields are named; a bad id is refused', async () => {
    const user = await buildHobbyist(ctx);
    const res = await put(
      user.id,
      { first_name: 'Al1ce', phone_number: 'call me', dob: '2015-01-01', city: 'SJ', avatar: 'x' },
      user,
    );
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res)).toEqual(
      expect.arrayContaining([['first_name'], ['phone_number'], ['dob'], ['city'], ['avatar']]),
    );
    const underAge = await put(user.id, { dob: '2015-01-01' }, user);
    expect(underAge.json().error.details.errors[0].message).toBe(MESSAGES.validation.underAge);
    expect((await put(user.id, { first_name: '   ' }, user)).statusCode).toBe(400);
    expect((await put('abc', profile, user)).statusCode).toBe(400);
  });

  it("404 for another's account (403 for a provider with a public ad); 404 for a missing or blocked one", async () => {
    const owner = await buildHobbyist(ctx);
    const advertiser = await buildProvider(ctx);
    await buildProviderAd(ctx, advertiser);
    const blocked = await buildUser(ctx, { isActive: false });
    for (const other of [await buildHobbyist(ctx), await buildProvider(ctx), await buildVendor(ctx)]) {
      // Another account is not there for them, as if it did not exist.
      expect((await put(owner.id, profile, other)).statusCode).toBe(404);
      const res = await put(advertiser.id, profile, other);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.name).toBe('ForbiddenError');
      expect((await put(999_999, profile, other)).statusCode).toBe(404);
      expect((await put(blocked.id, profile, other)).statusCode).toBe(404);
    }
    const admin = await buildAdmin(ctx);
    expect((await put(999_999, profile, admin)).statusCode).toBe(404);
    expect((await row(owner.id)).first_name).toBe('Test');
  });

  it('200: the owner changes the profile fields and gets the flat account with its avatar', async () => {
    const user = await buildProvider(ctx);
    const res = await put(user.id, profile, user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, email: user.email, ...profile, avatar: null });
    expect(body).not.toHaveProperty('password');
    expect(await row(user.id)).toMatchObject(profile);
    // A partial update leaves the other fields alone.
    const partial = await put(user.id, { city: 'San Jose' }, user);
    expect(partial.json()).toMatchObject({ ...profile, city: 'San Jose' });
  });

  it('ignores every other field: e-mail, username, role, is_active (from a non-admin), password', async () => {
    const user = await buildHobbyist(ctx);
    const before = await row(user.id);
    const res = await put(
      user.id,
      {
        first_name: 'Bob',
        email: 'new@example.com',
        username: 'hijack',
        role: 'admin',
        is_active: false,
        password: 'Hacked-123',
        user_type: 'Provider',
        token_version: 9,
        id: 1,
      },
      user,
    );
    expect(res.statusCode).toBe(200);
    const after = await row(user.id);
    expect(after).toMatchObject({
      first_name: 'Bob',
      email: before.email,
      username: before.username,
      role: 'authenticated',
      is_active: 1,
      password: before.password,
      user_type: 'Hobbyist',
      token_version: before.token_version,
    });
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.auth })).statusCode).toBe(200);
  });

  it('avatar: a public picture the caller uploaded; anything else is a 400 at avatar; null clears it', async () => {
    const user = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    const mine = await uploadImage(ctx, user);
    const privateDoc = await uploadImage(ctx, user, { purpose: 'docs' });
    const theirs = await uploadImage(ctx, other);
    const anonymous = await uploadImage(ctx, null);
    for (const avatar of [theirs, privateDoc, anonymous, 999_999]) {
      const res = await put(user.id, { avatar }, user);
      expect(res.statusCode, String(avatar)).toBe(400);
      expect(errorPaths(res)).toEqual([['avatar']]);
      expect(res.json().error.message).toBe(MESSAGES.profileEdit.avatarInvalid);
    }
    const res = await put(user.id, { avatar: mine }, user);
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar).toMatchObject({ id: mine, url: expect.stringMatching(/^\/uploads\//) });
    const meRes = await ctx.app.inject({ url: '/api/users/me?populate=*', headers: user.auth });
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().avatar.id).toBe(mine);
    expect(Array.isArray(meRes.json().docs)).toBe(true);

    const cleared = await put(user.id, { avatar: null }, user);
    expect(cleared.json().avatar).toBeNull();
  });

  it('admin: edits any profile and blocks or unblocks an account, but not their own', async () => {
    const admin = await buildAdmin(ctx);
    const user = await buildVendor(ctx);
    const edited = await put(user.id, { last_name: 'Admined' }, admin);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().last_name).toBe('Admined');

    const blocked = await put(user.id, { is_active: false }, admin);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().is_active).toBe(false);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.auth })).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe(MESSAGES.login.blocked);

    const unblocked = await put(user.id, { is_active: true }, admin);
    expect(unblocked.json().is_active).toBe(true);
    // The block ended the sessions: the old token stays refused, a new sign-in works.
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.auth })).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: user.email, password: user.password },
    });
    expect(again.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${again.json().jwt}` };
    expect((await ctx.app.inject({ url: '/api/users/me', headers: fresh })).statusCode).toBe(200);

    const self = await put(admin.id, { is_active: false }, admin);
    expect(self.statusCode).toBe(400);
    expect(errorPaths(self)).toEqual([['is_active']]);
    expect((await row(admin.id)).is_active).toBe(1);
    expect((await put(user.id, { is_active: 'no' }, admin)).statusCode).toBe(400);
  });
});

describe('GET /api/users/:id: accounts are not listed to others', () => {
  const get = (id: number, viewer?: TestUser, query = '') =>
    ctx.app.inject({ url: `/api/users/${id}${query}`, headers: viewer ? viewer.auth : {} });

  it('anonymous and other accounts: a 404 for hobbyists, vendors, admins and providers without a public ad', async () => {
    const hobbyist = await buildHobbyist(ctx);
    const vendor = await buildVendor(ctx);
    const admin = await buildAdmin(ctx);
    const quiet = await buildProvider(ctx);
    const hidden = await buildProvider(ctx);
    await buildProviderAd(ctx, hidden, { is_showed: 0 });
    const lapsed = await buildProvider(ctx);
    await buildProviderAd(ctx, lapsed, { subscribed: false });
    const viewers = [undefined, await buildHobbyist(ctx), await buildProvider(ctx), await buildVendor(ctx)];
    for (const target of [hobbyist, vendor, admin, quiet, hidden, lapsed]) {
      for (const viewer of viewers) {
        const res = await get(target.id, viewer, '?populate=*');
        expect(res.statusCode, `${target.id} to ${viewer?.id}`).toBe(404);
        expect(res.body).not.toContain((await row(target.id)).username);
      }
    }
  });

  it('a provider with a public ad: its id only, never the username, names, e-mail, phone or avatar', async () => {
    const provider = await buildProvider(ctx);
    await buildProviderAd(ctx, provider);
    for (const viewer of [undefined, await buildHobbyist(ctx), await buildVendor(ctx)]) {
      for (const query of ['', '?populate=*', '?fields[0]=username&fields[1]=email']) {
        const res = await get(provider.id, viewer, query);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ id: provider.id });
      }
    }
  });

  it('the owner and the admin read the whole account, as the seed client asks for it', async () => {
    const hobbyist = await buildHobbyist(ctx);
    const admin = await buildAdmin(ctx);
    for (const viewer of [hobbyist, admin]) {
      const res = await get(hobbyist.id, viewer, '?populate=*');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: hobbyist.id,
        username: (await row(hobbyist.id)).username,
        email: hobbyist.email,
        first_name: 'Test',
        user_type: 'Hobbyist',
      });
    }
    const me = await get(admin.id, admin);
    expect(me.json()).toMatchObject({ id: admin.id, email: admin.email });
  });

  it("relations to accounts show others no e-mail or account names; an author's username only", async () => {
    const provider = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, provider);
    const hobbyist = await buildHobbyist(ctx);
    const comment = await ctx.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: hobbyist.auth,
      payload: { data: { provider: ad, comment: 'Lovely and on time.' } },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/likes',
      headers: hobbyist.auth,
      payload: { data: { provider: ad } },
    });
    const viewer = await buildHobbyist(ctx);
    const hobbyistName = (await row(hobbyist.id)).username;
    for (const url of [
      `/api/providers/${ad}?populate=*`,
      `/api/providers?filters[id][$eq]=${ad}&populate=user`,
      `/api/likes?filters[provider][id][$eq]=${ad}&populate=user`,
      `/api/comments?filters[provider][id][$eq]=${ad}&populate=user`,
    ]) {
      for (const as of [undefined, viewer]) {
        const res = await ctx.app.inject({ url, headers: as ? as.auth : {} });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        for (const secret of [
          (await row(provider.id)).username,
          provider.email,
          hobbyist.email,
          '"first_name":"Test"',
          '"last_name":"Person"',
        ]) {
          expect(res.body, url).not.toContain(secret);
        }
        // A like names no one; a comment shows its author's username beside it.
        if (!url.startsWith('/api/comments')) expect(res.body, url).not.toContain(hobbyistName);
      }
    }
    // The ad's owner: its id only.
    const owner = await ctx.app.inject(`/api/providers/${ad}?populate=user`);
    expect(owner.json().data.attributes.user.data).toEqual({ id: provider.id, attributes: {} });
    // A comment's author: the username shown beside it; the names answered null, as the seed
    // client's populate of first_name and last_name still parses.
    for (const populate of [
      'populate=user',
      'populate[user][fields][0]=first_name&populate[user][fields][1]=last_name',
    ]) {
      const comments = await ctx.app.inject(`/api/comments?filters[provider][id][$eq]=${ad}&${populate}`);
      const author = comments.json().data[0].attributes.user.data;
      expect(author.id).toBe(hobbyist.id);
      expect(author.attributes.first_name).toBeNull();
      expect(author.attributes.last_name).toBeNull();
      if (populate === 'populate=user') {
        expect(author.attributes).toEqual({ username: hobbyistName, first_name: null, last_name: null });
      }
    }
    // The same through the ad's comments, populated from the ad.
    const nested = await ctx.app.inject(`/api/providers/${ad}?populate[comments][populate]=user`);
    expect(nested.statusCode, nested.body).toBe(200);
    expect(nested.json().data.attributes.comments.data[0].attributes.user.data.attributes).toEqual({
      username: hobbyistName,
      first_name: null,
      last_name: null,
    });
    // Nor can a username or a name be asked for, filtered or sorted on where it is not shown.
    for (const url of [
      `/api/providers?populate[user][fields][0]=username`,
      `/api/providers?filters[user][username][$eq]=${(await row(provider.id)).username}`,
      `/api/providers?filters[user][first_name][$eq]=Test`,
      `/api/comments?populate[user][fields][0]=email`,
      `/api/comments?filters[user][email][$eq]=${hobbyist.email}`,
      `/api/comments?filters[user][first_name][$eq]=Test`,
      `/api/comments?sort=user.last_name`,
      `/api/vendor-reviews?filters[user][last_name][$startsWith]=P`,
      `/api/likes?filters[user][first_name][$startsWith]=T`,
    ]) {
      expect((await ctx.app.inject(url)).statusCode, url).toBe(400);
    }
  });
});

describe('GET /api/users/me', () => {
  it('accepts populate=*', async () => {
    const user = await buildProvider(ctx);
    const res = await ctx.app.inject({ url: '/api/users/me?populate=*', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, avatar: null, docs: [] });
  });
});

describe('POST /api/users/:id/logout-all', () => {
  const logoutAll = (id: number | string, user?: TestUser | null) =>
    ctx.app.inject({ method: 'POST', url: `/api/users/${id}/logout-all`, headers: user ? user.auth : {} });
  const me = (user: TestUser) => ctx.app.inject({ url: '/api/users/me', headers: user.auth });

  it('401 without a token', async () => {
    const victim = await buildHobbyist(ctx);
    expect((await logoutAll(victim.id)).statusCode).toBe(401);
    expect((await me(victim)).statusCode).toBe(200);
  });

  it('403 for anyone but the admin, on another account and on their own', async () => {
    const victim = await buildHobbyist(ctx);
    for (const caller of [await buildHobbyist(ctx), await buildProvider(ctx), await buildVendor(ctx)]) {
      expect((await logoutAll(victim.id, caller)).statusCode).toBe(403);
      expect((await logoutAll(caller.id, caller)).statusCode).toBe(403);
      expect((await me(caller)).statusCode).toBe(200);
    }
    expect((await me(victim)).statusCode).toBe(200);
  });

  it('400 for a bad id, 404 for an account that does not exist', async () => {
    const admin = await buildAdmin(ctx);
    expect((await logoutAll('abc', admin)).statusCode).toBe(400);
    expect((await logoutAll(999_999, admin)).statusCode).toBe(404);
  });

  it("200: the admin signs another account out everywhere; the admin's own session goes on", async () => {
    const admin = await buildAdmin(ctx);
    const victim = await buildProvider(ctx);
    const bystander = await buildHobbyist(ctx);
    const res = await logoutAll(victim.id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await me(victim)).statusCode).toBe(401);
    expect((await me(admin)).statusCode).toBe(200);
    expect((await me(bystander)).statusCode).toBe(200);
    // The account itself is not blocked: it signs in again.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: victim.email, password: victim.password },
    });
    expect(again.statusCode).toBe(200);
  });
});
