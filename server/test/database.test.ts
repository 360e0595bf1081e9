import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { hotReaderOf, openSqlite } from '../src/db/database.ts';
import { SqliteReader } from '../src/db/sqlite-reader.ts';
import { migrationProvider } from '../src/db/migrations/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedReference } from '../src/db/seed/seed-reference.ts';
import { LANGUAGES, PACKAGES, US_STATE_CODES } from '../src/db/seed/reference-data.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createTestDatabase, TEST_ENGINE } from './helpers.ts';

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** The schema both engines must produce, table by table. */
const EXPECTED_SCHEMA: Record<string, string[]> = {
  users: [
    'avatar_id',
    'city',
    'created_at',
    'deleted_at',
    'dob',
    'documents_hold_until',
    'email',
    'first_name',
    'id',
    'is_active',
    'last_name',
    'message_mail',
    'password',
    'password_changed_at',
    'phone_number',
    'provider',
    'role',
    'token_version',
    'two_factor_enabled_at',
    'two_factor_last_step',
    'two_factor_secret',
    'updated_at',
    'user_type',
    'username',
    'verification',
    'verification_reason',
    'verified_at',
    'verified_by',
  ],
  files: [
    'claim_token_hash',
    'created_at',
    'ext',
    'formats',
    'height',
    'id',
    'is_private',
    'mime',
    'name',
    'owner_id',
    'phash',
    'purpose',
    'size',
    'storage_key',
    'updated_at',
    'uploader_hash',
    'width',
  ],
  user_docs: ['file_id', 'user_id'],
  countries: ['country_code', 'id', 'name'],
  states: ['country_code', 'id', 'state_code', 'state_name'],
  cities: ['city_name', 'country_code', 'id', 'latitude', 'longitude', 'state_code', 'state_name'],
  languages: ['id', 'lang_name'],
  races: ['id', 'race_name'],
  place_types: ['id', 'name', 'type'],
  packages: [
    'created_at',
    'id',
    'name',
    'number_of_ads_per_day',
    'price_per_day',
    'retired',
    'total_price',
    'updated_at',
    'validity',
  ],
  processing_costs: ['created_at', 'id', 'processing_fee', 'shipping_cost', 'tax', 'updated_at'],
  seed_log: ['applied_at', 'key'],
  password_reset_tokens: ['created_at', 'expires_at', 'id', 'token_hash', 'used_at', 'user_id'],
  revoked_tokens: ['expires_at', 'token_id', 'user_id'],
  job_leases: [
    'last_count',
    'last_duration_ms',
    'last_error',
    'last_finished_at',
    'last_started_at',
    'locked_by',
    'locked_until',
    'name',
  ],
  mail_outbox: [
    'attempts',
    'body',
    'created_at',
    'html',
    'id',
    'last_attempt_at',
    'last_error',
    'locked_by',
    'locked_until',
    'next_attempt_at',
    'recipient',
    'status',
    'subject',
  ],
  contact_messages: ['created_at', 'email', 'id', 'name', 'note', 'staff_note', 'status', 'updated_at'],
  reports: [
    'created_at',
    'details',
    'email',
    'handled_by',
    'id',
    'listing',
    'reason',
    'reporter_id',
    'staff_note',
    'status',
    'subject',
    'updated_at',
  ],
  providers: [
    'ad_bonus_side_panel_ad',
    'age',
    'anal',
    'anal_activity',
    'anilingus',
    'anilingus_act',
    'averages_count',
    'call',
    'city',
    'comments_count',
    'country',
    'created_at',
    'cum',
    'cum_type',
    'cunnilingus',
    'discount_code',
    'dislikes_count',
    'donation_half_hour',
    'donation_hour',
    'duration_ad',
    'duration_ad_unit',
    'fellatio',
    'fellatio_type',
    'grooming',
    'id',
    'is_showed',
    'kissing',
    'kissing_types',
    'language_id',
    'likes_count',
    'massage',
    'message',
    'name',
    'personality',
    'phone',
    'phone_digits',
    'race_id',
    'review_reason',
    'review_state',
    'reviewed_at',
    'services_provided_approval',
    'state',
    'threesome',
    'title',
    'updated_at',
    'user_id',
    'vaginal',
    'vaginal_type',
    'video_id',
  ],
  provider_images: ['file_id', 'position', 'provider_id'],
  provider_docs: ['file_id', 'position', 'provider_id'],
  reactions: ['created_at', 'id', 'kind', 'provider_id', 'updated_at', 'user_id'],
  comments: ['comment', 'created_at', 'id', 'provider_id', 'updated_at', 'user_id'],
  messages: ['created_at', 'from_provider', 'id', 'provider_id', 'text', 'updated_at', 'user_id'],
  conversations: [
    'created_at',
    'hobbyist_read_id',
    'id',
    'last_message_at',
    'provider_id',
    'provider_read_id',
    'user_id',
  ],
  message_blocks: ['blocked_id', 'blocker_id', 'created_at', 'id'],
  account_deletions: ['created_at', 'files', 'finished_at', 'id', 'requested_by', 'state', 'user_id'],
  data_exports: [
    'created_at',
    'expires_at',
    'file',
    'id',
    'ready_at',
    'requested_by',
    'size',
    'state',
    'user_id',
  ],
  tips: [
    'created_at',
    'id',
    'payment_status',
    'provider_id',
    'tip_amount',
    'transaction_id',
    'transaction_key',
    'updated_at',
    'user_id',
  ],
  transactions: [
    'created_at',
    'id',
    'order_type',
    'payment_status',
    'subscription_id',
    'tip_id',
    'transaction_amount',
    'transaction_type',
    'transaction_uid',
    'updated_at',
    'user_id',
  ],
  subscriptions: [
    'ads_allowed',
    'ads_posted',
    'amount',
    'created_at',
    'end_date',
    'extra_ads',
    'id',
    'package_id',
    'package_name',
    'payment_status',
    'price',
    'reminder_sent_at',
    'reviewed_at',
    'reviewed_by',
    'start_date',
    'transaction_id',
    'transaction_key',
    'updated_at',
    'user_id',
    'wallet_amount',
  ],
  payment_references: ['created_at', 'kind', 'transaction_id'],
  settings: ['key', 'value'],
  directory_changes: ['created_at', 'id', 'provider_id', 'user_id'],
  addresses: [
    'city',
    'country',
    'created_at',
    'id',
    'location',
    'postal_code',
    'state',
    'updated_at',
    'user_id',
  ],
  places: [
    'address_id',
    'created_at',
    'email',
    'has_video',
    'id',
    'image_id',
    'is_showed',
    'last_review_at',
    'name',
    'phone',
    'phone_digits',
    'place_type_id',
    'rating',
    'review_count',
    'review_reason',
    'review_state',
    'reviewed_at',
    'updated_at',
    'user_id',
    'video_id',
    'website',
  ],
  place_reviews: ['created_at', 'id', 'place_id', 'rating', 'review', 'updated_at', 'user_id'],
  customer_hobbyists: ['created_at', 'created_by', 'id', 'phone_number', 'updated_at'],
  hobbyist_ratings: ['created_at', 'customer_hobbyist_id', 'id', 'kind', 'updated_at', 'user_id'],
  hobbyist_comments: [
    'created_at',
    'customer_hobbyist_id',
    'hobbyist_comment',
    'id',
    'updated_at',
    'user_id',
  ],
  audit_log: [
    'action',
    'actor_id',
    'after_value',
    'before_value',
    'created_at',
    'details',
    'id',
    'ip',
    'subject',
  ],
  products: [
    'archived_at',
    'created_at',
    'description',
    'id',
    'name',
    'picture_id',
    'price',
    'updated_at',
    'user_id',
  ],
  wishlist_items: ['created_at', 'id', 'product_id', 'user_id'],
  saved_providers: ['city', 'created_at', 'id', 'name', 'provider_id', 'user_id'],
  carts: ['created_at', 'id', 'price', 'product_id', 'quantity', 'updated_at', 'user_id'],
  orders: [
    'amount',
    'created_at',
    'id',
    'paid',
    'payment_status',
    'processing_fee',
    'reviewed_at',
    'reviewed_by',
    'shipping',
    'status',
    'subtotal',
    'tax',
    'transaction_id',
    'transaction_key',
    'updated_at',
    'user_id',
  ],
  order_lines: [
    'created_at',
    'id',
    'order_id',
    'picture_id',
    'price',
    'product_id',
    'product_name',
    'quantity',
    'seller_id',
    'shipped_at',
    'status',
    'total',
    'updated_at',
    'user_id',
  ],
  order_details: [
    'address',
    'country',
    'created_at',
    'email_address',
    'first_name',
    'id',
    'last_name',
    'order_id',
    'phone',
    'postcode',
    'town',
    'transaction_id',
    'updated_at',
    'user_id',
  ],
  order_events: ['actor_id', 'created_at', 'id', 'order_id', 'order_line_id', 'status'],
  two_factor_recovery_codes: ['code_hash', 'created_at', 'id', 'used_at', 'user_id'],
  two_factor_failures: ['created_at', 'id', 'token_id', 'user_id'],
  two_factor_locks: ['created_at', 'locked_until', 'user_id'],
  screening_reads: ['day', 'reads', 'user_id'],
  screening_suspensions: ['created_at', 'suspended_by', 'user_id'],
  screening_reviews: [
    'created_at',
    'decided_at',
    'dispute',
    'email',
    'handled_by',
    'id',
    'mailed_at',
    'outcome',
    'phone_number',
    'reply',
    'staff_note',
    'status',
    'updated_at',
  ],
  verification_decisions: [
    'decided_at',
    'decided_by',
    'decision',
    'document_kinds',
    'documents_deleted_at',
    'id',
    'reason',
    'user_id',
  ],
  file_phash_bands: ['band', 'file_id', 'value'],
  risk_signals: ['created_at', 'explanation', 'id', 'kind', 'record_id', 'record_type', 'user_id', 'weight'],
  pending_revisions: [
    'created_at',
    'fields',
    'id',
    'place_id',
    'provider_id',
    'reason',
    'risk_score',
    'signals',
    'state',
    'updated_at',
    'user_id',
  ],
  pending_revision_files: ['file_id', 'revision_id'],
};

/** SQLite's search index (migration 20261129130000): an FTS5 table and the tables it keeps itself. */
const SQLITE_SEARCH_TABLES: Record<string, string[]> = {
  provider_search: ['city', 'name', 'phone_digits', 'title'],
  provider_search_config: ['k', 'v'],
  provider_search_data: ['block', 'id'],
  provider_search_docsize: ['id', 'sz'],
  provider_search_idx: ['pgno', 'segid', 'term'],
};

describe(`migrations on ${TEST_ENGINE}`, () => {
  it('produce the expected schema', async () => {
    const tables = await t.database.db.introspection.getTables();
    const actual = Object.fromEntries(
      tables
        .filter((tb) => !tb.name.startsWith('kysely_'))
        .map((tb) => [tb.name, tb.columns.map((c) => c.name).sort()]),
    );
    expect(actual).toEqual(
      TEST_ENGINE === 'sqlite' ? { ...EXPECTED_SCHEMA, ...SQLITE_SEARCH_TABLES } : EXPECTED_SCHEMA,
    );
  });

  it('are all applied, and a second run applies nothing', async () => {
    const names = Object.keys(await migrationProvider.getMigrations());
    const applied = await t.database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((r) => (r as { name: string }).name)).toEqual(names);
    expect(await migrateToLatest(t.database.db)).toEqual([]);
  });

  it('enforce unique e-mails and usernames', async () => {
    const row = {
      username: 'same',
      email: 'same@example.test',
      password: 'x',
      created_at: 'now',
      updated_at: 'now',
    };
    await t.database.db.insertInto('users').values(row).execute();
    await expect(
      t.database.db
        .insertInto('users')
        .values({ ...row, username: 'other' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.database.db
        .insertInto('users')
        .values({ ...row, email: 'o@example.test' })
        .execute(),
    ).rejects.toThrow();
  });
});

describe(`reference data on ${TEST_ENGINE}`, () => {
  it('seeds every state and DC, the cities, languages, races, place types, packages and costs', async () => {
    const applied = await seedReference(t.database.db);
    expect(applied).toContain('cities:v1');
    const db = t.database.db;
    const states = await db.selectFrom('states').selectAll().execute();
    expect(states).toHaveLength(51);
    expect(states.map((s) => s.state_code).sort()).toEqual([...US_STATE_CODES].sort());
    expect(states.find((s) => s.state_code === 'DC')?.state_name).toBe('District of Columbia');
    const perState = await db
      .selectFrom('cities')
      .select(['state_code', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state_code')
      .execute();
    expect(perState).toHaveLength(51);
    const ca = perState.find((r) => r.state_code === 'CA');
    expect(Number(ca?.n)).toBeGreaterThan(1000);
    expect(Math.max(...perState.map((r) => Number(r.n)))).toBeLessThanOrEqual(1500);
    const sanJose = await db
      .selectFrom('cities')
      .selectAll()
      .where('city_name', '=', 'San Jose')
      .where('state_code', '=', 'CA')
      .executeTakeFirst();
    expect(sanJose).toMatchObject({ state_name: 'California', country_code: 'US' });
    expect(await db.selectFrom('languages').select('lang_name').execute()).toHaveLength(LANGUAGES.length);
    expect((await db.selectFrom('races').select('race_name').execute()).length).toBeGreaterThan(5);
    expect(
      (await db.selectFrom('place_types').select('type').orderBy('id').execute()).map((r) => r.type),
    ).toEqual(['eroticbody', 'sextoy', 'stripclub']);
    expect(await db.selectFrom('packages').select('name').execute()).toHaveLength(PACKAGES.length);
    expect(await db.selectFrom('processing_costs').selectAll().executeTakeFirst()).toMatchObject({
      shipping_cost: '0',
    });
  });

  it('is idempotent and never overwrites what an operator changed', async () => {
    const db = t.database.db;
    await db.updateTable('packages').set({ total_price: 12345 }).where('name', '=', 'Starter').execute();
    await db.deleteFrom('languages').where('lang_name', '=', 'Polish').execute();
    const before = await db
      .selectFrom('cities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(await seedReference(db)).toEqual([]);
    expect(
      (await db.selectFrom('packages').select('total_price').where('name', '=', 'Starter').executeTakeFirst())
        ?.total_price,
    ).toBe(12345);
    expect(
      await db.selectFrom('languages').select('id').where('lang_name', '=', 'Polish').executeTakeFirst(),
    ).toBeUndefined();
    const after = await db
      .selectFrom('cities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});

// Registered on the PostgreSQL run only, so the SQLite run lists no skipped test.
const onPostgres = TEST_ENGINE === 'postgres' ? describe : undefined;
onPostgres?.('PostgreSQL connections', () => {
  it('survive the server ending an idle one: the process goes on and the next query opens another', async () => {
    const { db } = t.database;
    const pids = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`.execute(db)
      ).rows.map((r) => r.pid);
    // Two connections busy at once, then idle in the pool.
    await Promise.all([sql`select pg_sleep(0.05)`.execute(db), sql`select pg_sleep(0.05)`.execute(db)]);
    const killer = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const idle = (await pids()).filter((p) => p !== killer.rows[0]!.pid);
    expect(idle.length).toBeGreaterThan(0);
    // Ended from the server's side, as a restart or an administrator would; unheard, the pool's 'error'
    // event would stop this process (and vitest would report it as an unhandled error).
    for (const pid of idle) await sql`select pg_terminate_backend(${pid})`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const one = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(one.rows[0]!.one).toBe(1);
  });
});

describe('SQLite durability', () => {
  it('opens with WAL, foreign keys and a busy timeout', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ltf-sqlite-'));
    const d = openSqlite(path.join(dir, 'a.sqlite'));
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(d.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
    await d.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs hot reads on the reader thread, which sees each commit, refuses writes and ends with the handle', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ltf-reader-'));
    const d = openSqlite(path.join(dir, 'r.sqlite'));
    const read = hotReaderOf(d.db)!;
    await sql`create table t (id integer primary key, name text)`.execute(d.db);
    const onThread = (text: string, params: unknown[] = []) => read(text, params, { offload: true })!;
    for (const name of ['a', 'b']) {
      await sql`insert into t (name) values (${name})`.execute(d.db);
      // The same rows on the main connection and on the thread, right after the commit.
      const main = await read('select id, name from t order by id', [], { offload: false })!;
      expect(await onThread('select id, name from t order by id')).toEqual(main);
    }
    expect(await onThread('select name from t where id = ?', [2])).toEqual([['b']]);
    // SQLite's own errors, with its code; a write is refused (the thread only reads).
    await expect(onThread('select nope from t')).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    await expect(onThread("insert into t (name) values ('c') returning id")).rejects.toThrow(/readonly/i);
    expect(await read('select count(*) from t', [], { offload: false })).toEqual([[2]]);
    // Inside a transaction a hot read goes through Kysely (undefined), which sees the transaction's writes.
    await d.db.transaction().execute(async () => {
      expect(read('select 1', [], { offload: true })).toBeUndefined();
    });
    await d.close();
    // Closed: neither the thread nor the main connection reads any more.
    expect(() => onThread('select 1')).toThrow(/not open/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads on the main connection for a while when the reader thread cannot open the file', async () => {
    const reader = new SqliteReader(path.join(tmpdir(), 'ltf-no-such-dir', 'none.sqlite'), 10, []);
    expect(reader.available).toBe(true);
    await expect(reader.read('select 1', [])).rejects.toThrow();
    expect(reader.available).toBe(false);
    await reader.close();
  });

  it('keeps every committed write when the process is killed mid-write', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ltf-kill-'));
    const file = path.join(dir, 'kill.sqlite');
    const child = spawn(process.execPath, [
      path.join(import.meta.dirname, 'fixtures/sqlite-writer.mjs'),
      file,
    ]);
    let acknowledged = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      const last = chunk.toString().trim().split('\n').pop();
      if (last) acknowledged = Number(last);
    });
    await new Promise((r) => setTimeout(r, 800));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    expect(acknowledged).toBeGreaterThan(100);
    const db = new SQLite(file);
    const { n } = db.prepare('select count(*) as n, max(n) as m from writes').get() as { n: number };
    db.close();
    expect(n).toBeGreaterThanOrEqual(acknowledged);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('mail', () => {
  it('writes an .eml file to DATA_DIR/outbox without SMTP_URL', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ltf-mail-'));
    const mailer = createMailer({ dataDir: dir, from: 'Live the Fantasy <no-reply@localhost>' });
    await mailer.send({
      to: 'someone@example.test',
      subject: 'Reset your password',
      text: 'Open http://localhost/reset?code=abc',
    });
    const files = readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: someone@example.test');
    expect(eml).toContain('Subject: Reset your password');
    expect(eml).toContain('http://localhost/reset?code=abc');
    rmSync(dir, { recursive: true, force: true });
  });
});
