import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/http/auth.ts';
import { insertUser } from '../../src/modules/users/users.queries.ts';
import { hashPassword } from '../../src/modules/users/users.service.ts';
import { buildProviderAd } from '../factories.ts';
import { createTestApp, TEST_ENGINE, type TestContext } from '../helpers.ts';
import { makePng } from '../upload-helpers.ts';

/**
 * The API's answers, recorded: a fixed set of about 200 requests (every route,
 * several roles) against a database seeded the same way every time, each answer's status and body
 * kept in `answers.<engine>.json` with timestamps, tokens and stored file names normalised. A reshape
 * of the code must not change them. After a deliberate change of behaviour, record them again with
 * `UPDATE_GOLDEN=1 npx vitest run test/golden` (and with TEST_DATABASE_URL for PostgreSQL), and
 * review the diff of the JSON like any other change.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const goldenFile = path.join(here, `answers.${TEST_ENGINE}.json`);

type Role = 'anonymous' | 'hobbyist' | 'hobbyist2' | 'provider' | 'provider2' | 'vendor' | 'admin';
interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  as: Role;
  body?: unknown;
}
interface Answer {
  request: string;
  status: number;
  body: unknown;
}

let ctx: TestContext;
const tokens = {} as Record<Exclude<Role, 'anonymous'>, string>;
const ids = { ad: 0, ad2: 0, hiddenAd: 0, hobbyist: 0, provider: 0, image: 0, doc: 0 };

/** Accounts with fixed names, made straight in the database (one argon2 hash for all). */
async function seed() {
  const db = ctx.database.db;
  const hash = await hashPassword('Golden-pass-1');
  const people: [Exclude<Role, 'anonymous'>, string | null, 'admin' | 'authenticated'][] = [
    ['admin', null, 'admin'],
    ['hobbyist', 'Hobbyist', 'authenticated'],
    ['hobbyist2', 'Hobbyist', 'authenticated'],
    ['provider', 'Provider', 'authenticated'],
    ['provider2', 'Provider', 'authenticated'],
    ['vendor', 'Vender', 'authenticated'],
  ];
  for (const [role, userType, kind] of people) {
    const id = await insertUser(db, {
      username: `golden_${role}`,
      email: `golden-${role}@example.test`,
      password: hash,
      user_type: userType as never,
      role: kind,
      is_active: 1,
      first_name: 'Golden',
      last_name: role,
      city: 'San Jose',
      phone_number: '555-0100',
      dob: '1990-01-01',
    });
    tokens[role] = await signToken(ctx.config.jwtSecret, id, 0, { mfa: kind === 'admin' });
    if (role === 'hobbyist') ids.hobbyist = id;
    if (role === 'provider') ids.provider = id;
  }
  await db
    .insertInto('cities')
    .values([
      { city_name: 'San Jose', state_code: 'CA', state_name: 'California', country_code: 'US' },
      { city_name: 'Oakland', state_code: 'CA', state_name: 'California', country_code: 'US' },
      { city_name: 'Reno', state_code: 'NV', state_name: 'Nevada', country_code: 'US' },
    ])
    .execute();
  const provider = { id: ids.provider };
  const provider2 = {
    id: (
      await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'golden_provider2')
        .executeTakeFirstOrThrow()
    ).id,
  };
  ids.ad = await buildProviderAd(ctx, provider, { title: 'Golden ad one', city: 'Oakland', age: 31 });
  ids.ad2 = await buildProviderAd(ctx, provider2, {
    title: 'Golden ad two',
    state: 'NV',
    city: 'Reno',
    call: 'Outcall',
  });
  ids.hiddenAd = await buildProviderAd(ctx, provider, { title: 'Golden hidden ad', is_showed: 0 });
  for (let i = 0; i < 6; i++) {
    await buildProviderAd(ctx, provider2, {
      title: `Golden filler ${i}`,
      age: 22 + i,
      city: i % 2 ? 'Oakland' : 'San Jose',
    });
  }
}

/** An upload by `role` (or anonymous), as multipart; answers the parsed body. */
async function upload(role: Role, purpose?: 'docs') {
  const boundary = '----golden-boundary';
  const parts: Buffer[] = [];
  if (purpose)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="golden.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await makePng({ r: 120, g: 80, b: 200 }),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...auth(role) },
    remoteAddress: nextAddress(),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

let addressSeq = 0;
/** Each request from its own documentation address, so per-address limits never interfere. */
const nextAddress = () => `2001:db8::${(++addressSeq).toString(16)}`;
const auth = (role: Role): Record<string, string> =>
  role === 'anonymous' ? {} : { authorization: `Bearer ${tokens[role]}` };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/;

/** Replaces what differs from run to run: times, tokens, stored file names and hashes. */
function normalise(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
  if (typeof value !== 'string') return value;
  if (ISO.test(value)) return '<time>';
  if (JWT.test(value)) return '<jwt>';
  if (key === 'claimToken') return '<claim-token>';
  if (key === 'hash') return '<hash>';
  // The wallet's months are the last twelve of today's date.
  if (key === 'month' && /^\d{4}-\d{2}$/.test(value)) return '<month>';
  if (key === 'url' || key === 'previewUrl') return value.replace(/[0-9a-f]{16,}/g, '<hash>');
  // A stored file's name holds the start of its random storage key (`image-3f9a0c1d.png`).
  if (key === 'name') return value.replace(/^((?:[a-z]+_)?(?:image|video))-[0-9a-f]{8}\./, '$1-<key>.');
  if (key === 'qr') return `<qr ${value.length}>`;
  return value;
}

/** The requests, in order; writes come after the reads they would change. */
function calls(): Call[] {
  const roles: Role[] = ['anonymous', 'hobbyist', 'provider', 'vendor', 'admin'];
  const reads = [
    '/api/health',
    '/api/countries',
    '/api/states?pagination[pageSize]=5&sort=name:asc',
    '/api/languages?pagination[pageSize]=5',
    '/api/races',
    '/api/vendor-types',
    '/api/packages',
    '/api/processing-costs',
    '/api/cities?filters[state_code][$eq]=CA',
    '/api/state-by-country?country_code=US',
    '/api/cityByState?state_code=CA',
    '/api/provider-count-by-country',
    '/api/payment-info',
    '/api/providers',
    '/api/providers?populate=*&sort=id:asc',
    `/api/providers?state=CA&city=Oakland&populate=images,user`,
    '/api/providers?filters[age][$gte]=25&sort=age:desc&pagination[page]=1&pagination[pageSize]=3',
    `/api/providers/${ids.ad}?populate=*`,
    `/api/providers/${ids.hiddenAd}`,
    '/api/filterdata',
    '/api/filterdata?state=CA&call=Incall',
    '/api/users/me',
    '/api/users',
    `/api/users/${ids.provider}`,
    '/api/comments?populate=user&sort=id:asc',
    '/api/likes',
    '/api/messages',
    '/api/tips',
    '/api/transactions',
    '/api/wallet',
    '/api/upload/files',
    `/api/upload/files/${ids.image}`,
    `/api/upload/files/${ids.doc}`,
    '/api/contact-messages',
    '/api/reports',
  ];
  const list: Call[] = [];
  for (const url of reads) for (const as of roles) list.push({ method: 'GET', url, as });
  const c = (method: Call['method'], url: string, as: Role, body?: unknown) =>
    list.push({ method, url, as, body });
  // Reactions, comments, messages, tips.
  c('POST', '/api/likes', 'hobbyist', { data: { provider: ids.ad } });
  c('POST', '/api/dislikes', 'hobbyist', { data: { provider: ids.ad } });
  c('POST', '/api/averages', 'hobbyist2', { data: { provider: ids.ad } });
  c('POST', '/api/likes', 'provider', { data: { provider: ids.ad } });
  c('GET', `/api/providers/${ids.ad}`, 'anonymous');
  c('POST', '/api/comments', 'hobbyist', { data: { provider: ids.ad, comment: 'A golden comment.' } });
  c('POST', '/api/comments', 'hobbyist', { data: { provider: ids.ad, comment: '' } });
  c('POST', '/api/comments', 'anonymous', { data: { provider: ids.ad, comment: 'No.' } });
  c('GET', '/api/comments?sort=id:asc', 'anonymous');
  // The author beside a comment, as the seed client populates it: the username; the names answered null.
  c(
    'GET',
    '/api/comments?populate[user][fields][0]=first_name&populate[user][fields][1]=last_name&sort=id:asc',
    'anonymous',
  );
  c('GET', '/api/comments?populate=user&sort=id:asc', 'provider');
  c('POST', '/api/messages', 'hobbyist', { data: { provider: ids.ad, text: 'A golden message.' } });
  c('GET', '/api/messages?sort=id:asc', 'provider');
  c('GET', '/api/messages?sort=id:asc', 'provider2');
  c('POST', '/api/tips', 'hobbyist', {
    data: { provider: ids.ad, tip_amount: 12.5, transaction_id: 'GOLDEN-TX-1' },
  });
  c('POST', '/api/tips', 'hobbyist2', {
    data: { provider: ids.ad, tip_amount: 5, transaction_id: 'GOLDEN-TX-1' },
  });
  c('POST', '/api/tips', 'hobbyist', {
    data: { provider: ids.ad, tip_amount: 5000, transaction_id: 'GOLDEN-TX-2' },
  });
  c('GET', '/api/tips?sort=id:asc', 'provider');
  c('GET', '/api/wallet', 'provider');
  c('PUT', '/api/tips/1', 'provider', { data: { payment_status: 'verified' } });
  c('PUT', '/api/tips/1', 'admin', { data: { payment_status: 'verified' } });
  c('GET', '/api/wallet', 'provider');
  c('GET', '/api/transactions?sort=id:asc', 'provider');
  c('POST', '/api/transactions', 'admin', {
    data: {
      user: ids.provider,
      transaction_uid: 'GOLDEN-ADJ',
      transaction_amount: 3,
      transaction_type: 'debit',
      order_type: 'other',
    },
  });
  c('POST', '/api/providers/' + ids.ad + '/mail', 'hobbyist', {
    data: { message: 'Hello from the golden test.' },
  });
  // Ads.
  c('PUT', `/api/providers/${ids.ad}`, 'provider', {
    data: { title: 'Golden ad one, renamed', isShowed: false },
  });
  c('PUT', `/api/providers/${ids.ad}`, 'provider2', { data: { title: 'Not mine' } });
  c('PUT', `/api/providers/${ids.ad}`, 'provider', { data: { age: 12 } });
  c('GET', `/api/providers/${ids.ad}`, 'anonymous');
  c('POST', '/api/providers', 'hobbyist', { data: { title: 'Nope' } });
  c('POST', '/api/providers', 'provider', { data: { title: '' } });
  c('DELETE', `/api/providers/${ids.ad2}`, 'provider');
  c('DELETE', `/api/providers/${ids.ad2}`, 'provider2');
  c('GET', '/api/filterdata', 'anonymous');
  // Comments and reactions changed and removed.
  c('PUT', '/api/comments/1', 'hobbyist2', { data: { comment: 'Not mine.' } });
  c('PUT', '/api/comments/1', 'hobbyist', { data: { comment: 'An edited golden comment.' } });
  c('DELETE', '/api/comments/1', 'admin');
  c('DELETE', '/api/likes/1', 'hobbyist');
  c('PUT', '/api/messages/1', 'hobbyist', { data: { text: 'An edited message.' } });
  c('DELETE', '/api/messages/1', 'hobbyist2');
  // Accounts.
  c('POST', '/api/auth/local', 'anonymous', {
    identifier: 'golden-hobbyist@example.test',
    password: 'Golden-pass-1',
  });
  c('POST', '/api/auth/local', 'anonymous', {
    identifier: 'golden-hobbyist@example.test',
    password: 'wrong-password',
  });
  c('POST', '/api/auth/local', 'anonymous', { identifier: '', password: '' });
  c('POST', '/api/auth/local/register', 'anonymous', {
    username: 'golden_new',
    email: 'golden-new@example.com',
    password: 'Violet-Harbor-2291',
    cpassword: 'Violet-Harbor-2291',
    first_name: 'New',
    last_name: 'Person',
    phone_number: '555-0101',
    dob: '1991-02-03',
    city: 'San Jose',
    user_type: 'Hobbyist',
  });
  c('POST', '/api/auth/local/register', 'anonymous', {
    username: 'golden_new',
    email: 'golden-new@example.com',
  });
  c('POST', '/api/auth/local/register', 'anonymous', {
    username: 'golden_provider_new',
    email: 'golden-provider-new@example.com',
    password: 'Violet-Harbor-2291',
    cpassword: 'Violet-Harbor-2291',
    first_name: 'New',
    last_name: 'Provider',
    phone_number: '555-0102',
    dob: '1991-02-03',
    city: 'San Jose',
    user_type: 'Provider',
    docs: [ids.doc],
  });
  c('POST', '/api/auth/change-password', 'vendor', {
    currentPassword: 'wrong',
    password: 'Violet-Harbor-2291',
    passwordConfirmation: 'Violet-Harbor-2291',
  });
  c('POST', '/api/auth/forgot-password', 'anonymous', { email: 'golden-vendor@example.test' });
  c('POST', '/api/upload/sendmail', 'anonymous', { to: 'nobody@example.test' });
  c('POST', '/api/auth/reset-password', 'anonymous', {
    code: 'not-a-code',
    password: 'Violet-Harbor-2291',
    passwordConfirmation: 'Violet-Harbor-2291',
  });
  c('PUT', `/api/users/${ids.hobbyist}`, 'hobbyist', { first_name: 'Renamed' });
  c('PUT', `/api/users/${ids.hobbyist}`, 'provider', { first_name: 'Hijack' });
  c('PUT', `/api/users/${ids.hobbyist}`, 'hobbyist', { dob: '2020-01-01' });
  c('GET', `/api/users/${ids.hobbyist}`, 'anonymous');
  // Contact and reports.
  c('POST', '/api/contact-messages', 'anonymous', {
    data: { name: 'Jane Doe', email: 'jane@example.com', note: 'A golden question.' },
  });
  c('POST', '/api/contact-messages', 'anonymous', { data: { name: 'J', email: 'nope', note: '' } });
  c('POST', '/api/reports', 'anonymous', {
    data: { reason: 'Other', details: 'A golden report.', email: 'w@example.com' },
  });
  c('GET', '/api/reports', 'admin');
  c('PUT', '/api/reports/1', 'admin', { data: { status: 'closed' } });
  c('GET', '/api/contact-messages/1', 'admin');
  c('DELETE', '/api/contact-messages/1', 'admin');
  // Files.
  c('DELETE', `/api/upload/files/${ids.image}`, 'hobbyist');
  c('DELETE', `/api/upload/files/${ids.image}`, 'provider');
  c('GET', `/api/upload/files/${ids.doc}/content`, 'anonymous');
  // Bad input anywhere.
  c('GET', '/api/providers?pagination[pageSize]=abc', 'anonymous');
  c('GET', '/api/providers?filters[password][$eq]=x', 'anonymous');
  c('GET', '/api/providers/abc', 'anonymous');
  c('GET', '/api/nowhere', 'anonymous');
  c('POST', '/api/auth/logout', 'hobbyist2');
  c('GET', '/api/users/me', 'hobbyist2');
  return list;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seed();
  const image = await upload('provider');
  ids.image = (image.body as { id: number }[])[0]!.id;
  const doc = await upload('provider', 'docs');
  ids.doc = (doc.body as { id: number }[])[0]!.id;
});
afterAll(() => ctx.close());

describe('golden answers', () => {
  it('the API answers the recorded requests as recorded', async () => {
    const answers: Answer[] = [];
    for (const call of calls()) {
      const res = await ctx.app.inject({
        method: call.method,
        url: call.url,
        headers: auth(call.as),
        remoteAddress: nextAddress(),
        ...(call.body !== undefined ? { payload: call.body as object } : {}),
      });
      let body: unknown = res.body;
      try {
        body = JSON.parse(res.body);
      } catch {
        // Not JSON (file content): its length stands for it.
        body = `<${res.body.length} bytes>`;
      }
      answers.push({
        request: `${call.method} ${call.url} as ${call.as}`,
        status: res.statusCode,
        body: normalise(body),
      });
    }
    expect(answers.length).toBeGreaterThanOrEqual(200);
    if (process.env.UPDATE_GOLDEN || !existsSync(goldenFile)) {
      writeFileSync(goldenFile, `${JSON.stringify(answers, null, 1)}\n`);
      if (!process.env.UPDATE_GOLDEN) throw new Error(`${goldenFile} was missing: recorded now, run again`);
    }
    const recorded = JSON.parse(readFileSync(goldenFile, 'utf8')) as Answer[];
    expect(answers.map((a) => a.request)).toEqual(recorded.map((a) => a.request));
    for (const [i, answer] of answers.entries()) expect(answer, answer.request).toEqual(recorded[i]);
  });
});
