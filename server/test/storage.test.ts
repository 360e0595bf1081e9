import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MESSAGES } from '@app/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  copyStoredFiles,
  deleteExpiredAnonymousUploads,
  deleteOrphanFiles,
} from '../src/modules/media/index.ts';
import { storedNamesOf } from '../src/modules/media/media.service.ts';
import { createStorage, StorageError, type Storage } from '../src/storage/index.ts';
import { buildAdBody } from './directory-helpers.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  metricValue,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { placesApi, seedPlaceCities } from './places-helpers.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { buildServerBundle, runUntilExit } from './server-process.ts';
import { shopApi } from './shop-helpers.ts';
import { uploadDocument } from './upload-helpers.ts';

/*
 * The media storage (decision 0022) on both drivers: the disk of DATA_DIR and an S3 bucket, served here by
 * s3rver, a real S3 protocol server. Every test of the `describe.each` runs on each.
 */

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

let prefixSeq = 0;
/** A new bucket prefix: each app its own part of the one bucket. */
const newPrefix = () => `site-${process.pid}-${prefixSeq++}`;

type Driver = 'disk' | 's3';

const HOUR = 60 * 60 * 1000;

/** A PNG large enough for every format (thumbnail, small, medium). */
const bigPng = () => {
  const [r, g, b] = randomBytes(3);
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();
};

/** `POST /api/upload` of one PNG as `user` (anonymous when null): the response. */
async function postImage(ctx: TestContext, user: TestUser | null, png: Buffer, purpose?: 'docs') {
  const boundary = `----ltf-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      purpose ? `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n` : '',
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(user ? user.auth : {}) },
  });
}

async function uploadBig(ctx: TestContext, user: TestUser): Promise<number> {
  const res = await postImage(ctx, user, await bigPng());
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Json)[0].id;
}

/** A file record's stored names and folder. */
async function storedOf(ctx: TestContext, id: number): Promise<{ isPrivate: boolean; names: string[] }> {
  const row = await ctx.database.db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { isPrivate: Number(row.is_private) === 1, names: storedNamesOf(row) };
}

/** Which of these names the storage holds in a folder. */
async function held(storage: Storage, isPrivate: boolean, names: string[]): Promise<string[]> {
  const found = await Promise.all(names.map((n) => storage.stat(isPrivate, n)));
  return names.filter((_, i) => found[i]);
}

async function listed(storage: Storage, isPrivate: boolean): Promise<string[]> {
  const names: string[] = [];
  for await (const f of storage.list(isPrivate)) names.push(f.name);
  return names.sort();
}

const fileCount = async (ctx: TestContext) =>
  Number(
    (
      await ctx.database.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function appOn(driver: Driver, opts: Parameters<typeof createTestApp>[0] = {}) {
  return createTestApp({
    ...opts,
    config: { ...(driver === 's3' ? { storage: s3.storageConfig(newPrefix()) } : {}), ...opts.config },
  });
}

describe.each(['disk', 's3'] as const)('media storage on %s', (driver) => {
  let ctx: TestContext;
  let provider: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await appOn(driver, { cities: false });
    [provider, admin] = await Promise.all([buildProvider(ctx), buildAdmin(ctx)]);
  });
  afterAll(() => ctx?.close());

  it('stores an upload with its formats and serves it at /uploads/ with long cache headers, HEAD and ranges', async () => {
    const id = await uploadBig(ctx, provider);
    const { isPrivate, names } = await storedOf(ctx, id);
    expect(isPrivate).toBe(false);
    expect(
      names
        .map((n) => n.split('_')[0]!)
        .filter((n) => !/^[a-f0-9]{32}\./.test(n))
        .sort(),
    ).toEqual(['large', 'medium', 'small', 'thumbnail']);
    expect(await held(ctx.storage, false, names)).toEqual(names);
    expect(await held(ctx.storage, true, names)).toEqual([]);

    for (const name of names) {
      const res = await ctx.app.inject(`/uploads/${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(/^image\/(webp|png)/);
      expect(res.headers.etag).toBeTruthy();
      const size = (await ctx.storage.stat(false, name))!.size;
      expect(Number(res.headers['content-length'])).toBe(size);
      expect(res.rawPayload.length).toBe(size);
    }
    const [original] = names;
    const head = await ctx.app.inject({ method: 'HEAD', url: `/uploads/${original}` });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe((await ctx.storage.stat(false, original!))!.size);
    const part = await ctx.app.inject({ url: `/uploads/${original}`, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
    expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
    expect((await ctx.app.inject(`/uploads/${'0'.repeat(32)}.png`)).statusCode).toBe(404);
  });

  it('keeps an ID document private: not under /uploads/, only through the content route after its check', async () => {
    const doc = await uploadDocument(ctx);
    const { isPrivate, names } = await storedOf(ctx, doc.id);
    expect(isPrivate).toBe(true);
    expect(await held(ctx.storage, true, names)).toEqual(names);
    expect(await held(ctx.storage, false, names)).toEqual([]);
    for (const name of names) expect((await ctx.app.inject(`/uploads/${name}`)).statusCode).toBe(404);
    const content = `/api/upload/files/${doc.id}/content`;
    expect([401, 403, 404]).toContain((await ctx.app.inject(content)).statusCode);
    const asOther = await ctx.app.inject({ url: content, headers: provider.auth });
    expect([403, 404]).toContain(asOther.statusCode);
    const asAdmin = await ctx.app.inject({ url: content, headers: admin.auth });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.rawPayload.length).toBe((await ctx.storage.stat(true, names[0]!))!.size);
    expect(asAdmin.headers['cache-control']).not.toMatch(/public/);
    if (driver === 's3') {
      // The bucket is never handed out: no answer names it or its address; the record's URL is the checked content route.
      // (s3rver serves unsigned reads whatever the bucket's settings, so the bucket's own privacy, its
      // configuration, is the operator's: docs/operations.md "Media storage".)
      const record = await ctx.app.inject({ url: `/api/upload/files/${doc.id}`, headers: admin.auth });
      expect(record.statusCode).toBe(200);
      expect((record.json() as Json).url).toBe(`/api/upload/files/${doc.id}/content`);
      for (const text of [record.body, JSON.stringify(asAdmin.headers)]) {
        expect(text).not.toContain(s3.endpoint.replace('http://', ''));
        expect(text).not.toContain(s3.bucket);
      }
    }
  });

  it("an ad's documents move to the private folder; deleting the ad removes its files", async () => {
    const image = await uploadBig(ctx, provider);
    const docUpload = await uploadBig(ctx, provider);
    const publicDoc = await storedOf(ctx, docUpload);
    const api = apiCalls(ctx);
    const body = await buildAdBody(ctx, provider, { images: [image], docs: [docUpload] });
    const ad = (await api.ok('POST', '/api/providers', { user: provider, body })).data.id as number;
    const doc = await storedOf(ctx, docUpload);
    expect(doc.isPrivate).toBe(true);
    // The original moved to the private folder; its public formats are gone.
    expect(await held(ctx.storage, true, doc.names)).toEqual([publicDoc.names[0]]);
    expect(await held(ctx.storage, false, publicDoc.names)).toEqual([]);
    const images = await storedOf(ctx, image);
    expect(await held(ctx.storage, false, images.names)).toEqual(images.names);

    await api.ok('DELETE', `/api/providers/${ad}`, { user: provider });
    expect(await held(ctx.storage, false, images.names)).toEqual([]);
    expect(await held(ctx.storage, true, doc.names)).toEqual([]);
  });

  it("deleting a product or a place removes its picture's files", async () => {
    const vendor = await buildVendor(ctx);
    const shop = shopApi(ctx);
    const product = await shop.newProduct(vendor, { picture: await uploadBig(ctx, vendor) });
    const picture = (await ctx.database.db
      .selectFrom('products')
      .select('picture_id')
      .where('id', '=', product)
      .executeTakeFirstOrThrow())!.picture_id!;
    const pictureFiles = await storedOf(ctx, picture);
    expect(await held(ctx.storage, false, pictureFiles.names)).toEqual(pictureFiles.names);
    await shop.ok('DELETE', `/api/products/${product}`, { user: vendor });
    expect(await held(ctx.storage, false, pictureFiles.names)).toEqual([]);

    await seedPlaceCities(ctx);
    const places = placesApi(ctx);
    const placeImage = await uploadBig(ctx, provider);
    const place = await places.newPlace(provider, {}, { image: placeImage });
    const placeFiles = await storedOf(ctx, placeImage);
    expect(await held(ctx.storage, false, placeFiles.names)).toEqual(placeFiles.names);
    await places.ok('DELETE', `/api/vendors/${place}`, { user: provider });
    expect(await held(ctx.storage, false, placeFiles.names)).toEqual([]);
  });

  it('removes unclaimed anonymous uploads after a day (delete-unclaimed-uploads)', async () => {
    const doc = await uploadDocument(ctx);
    const { names } = await storedOf(ctx, doc.id);
    expect(await deleteExpiredAnonymousUploads(ctx.database.db, ctx.storage)).not.toContain(doc.id);
    expect(await held(ctx.storage, true, names)).toEqual(names);
    const later = new Date(Date.now() + 25 * HOUR);
    expect(await deleteExpiredAnonymousUploads(ctx.database.db, ctx.storage, later)).toContain(doc.id);
    expect(await held(ctx.storage, true, names)).toEqual([]);
  });

  it("an account's deletion removes its files", async () => {
    const hobbyist = await buildHobbyist(ctx);
    const photo = await uploadBig(ctx, hobbyist);
    const { names } = await storedOf(ctx, photo);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      headers: hobbyist.auth,
      payload: { password: hobbyist.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await held(ctx.storage, false, names)).toEqual([]);
  });

  it('finds stored files no record names, a day old, and removes them (delete-orphan-files)', async () => {
    const kept = await storedOf(ctx, await uploadBig(ctx, provider));
    const orphan = `${randomBytes(16).toString('hex')}.png`;
    const orphanFormat = `thumbnail_${randomBytes(16).toString('hex')}.webp`;
    const notOurs = 'notes.txt';
    const put = (isPrivate: boolean, name: string) =>
      ctx.storage.putStream(isPrivate, name, Readable.from([Buffer.from('orphan')]), 6);
    await put(false, orphan);
    await put(true, orphanFormat);
    await put(false, notOurs);
    // A public copy of a private file's bytes (as a crash between copy and delete would leave).
    const doc = await storedOf(ctx, (await uploadDocument(ctx)).id);
    await put(false, doc.names[0]!);
    // A public record whose file was moved to the private folder, its record not updated (a crash between
    // the two): that file is the record's only copy and stays.
    const moved = await storedOf(ctx, await uploadBig(ctx, provider));
    await ctx.storage.makePrivate(moved.names[0]!);

    // Not a day old yet: nothing goes.
    await deleteOrphanFiles(ctx.database.db, ctx.storage);
    expect(await held(ctx.storage, false, [orphan, notOurs])).toEqual([orphan, notOurs]);

    const later = new Date(Date.now() + 25 * HOUR);
    expect(await deleteOrphanFiles(ctx.database.db, ctx.storage, later)).toBeGreaterThanOrEqual(3);
    expect(await held(ctx.storage, false, [orphan, doc.names[0]!])).toEqual([]);
    expect(await held(ctx.storage, true, [orphanFormat])).toEqual([]);
    expect(await held(ctx.storage, false, [notOurs])).toEqual([notOurs]);
    expect(await held(ctx.storage, false, kept.names)).toEqual(kept.names);
    expect(await held(ctx.storage, true, doc.names)).toEqual(doc.names);
    expect(await held(ctx.storage, true, [moved.names[0]!])).toEqual([moved.names[0]]);
  });

  it('a storage that fails mid-upload: a 503, no record, and the files already stored removed again', async () => {
    let puts = 0;
    const failing: Storage = {
      ...ctx.storage,
      async putFile(isPrivate, name, localPath) {
        if (++puts === 2) throw new StorageError('put', new Error('the bucket went away'));
        return ctx.storage.putFile(isPrivate, name, localPath);
      },
    };
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailer: ctx.mailer,
      storage: failing,
    });
    try {
      const before = await fileCount(ctx);
      const publicBefore = await listed(ctx.storage, false);
      const res = await postImage({ ...ctx, app }, provider, await bigPng());
      expect(res.statusCode, res.body).toBe(503);
      expect((res.json() as Json).error.message).toBe(MESSAGES.upload.storageUnavailable);
      expect(await fileCount(ctx)).toBe(before);
      expect(await listed(ctx.storage, false)).toEqual(publicBefore);
    } finally {
      await app.close();
    }
  });
});

describe('a bucket that stops answering (s3)', () => {
  let ctx: TestContext;
  let provider: TestUser;
  beforeAll(async () => {
    ctx = await appOn('s3');
    provider = await buildProvider(ctx);
  });
  afterAll(async () => {
    await s3.start().catch(() => undefined);
    await ctx?.close();
  });

  it('answers uploads 503 with nothing kept, names storage in readiness, counts the failures; then recovers', async () => {
    expect((await ctx.app.inject('/api/health/ready')).json()).toMatchObject({ checks: { storage: 'ok' } });
    const before = await fileCount(ctx);
    await s3.stop();
    const res = await postImage(ctx, provider, await bigPng());
    expect(res.statusCode, res.body).toBe(503);
    expect((res.json() as Json).error.message).toBe(MESSAGES.upload.storageUnavailable);
    expect(await fileCount(ctx)).toBe(before);
    const ready = await ctx.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect((ready.json() as Json).error.details.failed).toEqual(['storage']);
    const metrics = (await ctx.app.inject('/metrics')).body;
    expect(metricValue(metrics, 'ltf_storage_errors_total{op="put"}')).toBeGreaterThan(0);
    expect(metricValue(metrics, 'ltf_storage_errors_total{op="check"}')).toBeGreaterThan(0);

    await s3.start();
    expect((await ctx.app.inject('/api/health/ready')).statusCode).toBe(200);
    const again = await postImage(ctx, provider, await bigPng());
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('storage-copy: disk to bucket and back', () => {
  let ctx: TestContext;
  const dirs: string[] = [];
  beforeAll(async () => {
    ctx = await appOn('disk');
  });
  afterAll(async () => {
    await ctx?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('copies every stored file, skips those already there, counts the missing', async () => {
    const provider = await buildProvider(ctx);
    const photo = await storedOf(ctx, await uploadBig(ctx, provider));
    const doc = await storedOf(ctx, (await uploadDocument(ctx)).id);
    const total = photo.names.length + doc.names.length;
    const db = ctx.database.db;
    const bucket = createStorage({ dataDir: ctx.config.dataDir, storage: s3.storageConfig(newPrefix()) });
    try {
      expect(await copyStoredFiles(db, ctx.storage, bucket)).toEqual({
        copied: total,
        skipped: 0,
        missing: 0,
      });
      expect(await held(bucket, false, photo.names)).toEqual(photo.names);
      expect(await held(bucket, true, doc.names)).toEqual(doc.names);
      expect(await held(bucket, false, doc.names)).toEqual([]);
      // Run again (an interrupted copy resumed): nothing copied twice; one removed from the target comes back.
      await bucket.remove(false, [photo.names[1]!]);
      expect(await copyStoredFiles(db, ctx.storage, bucket)).toEqual({
        copied: 1,
        skipped: total - 1,
        missing: 0,
      });

      // And back to the disk of another data folder, byte for byte.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ltf-copy-'));
      dirs.push(dataDir);
      const disk = createStorage({ dataDir, storage: { driver: 'disk' } });
      expect(await copyStoredFiles(db, bucket, disk)).toEqual({ copied: total, skipped: 0, missing: 0 });
      for (const [isPrivate, names] of [
        [false, photo.names],
        [true, doc.names],
      ] as const) {
        for (const name of names) {
          expect((await disk.stat(isPrivate, name))!.size).toBe(
            (await ctx.storage.stat(isPrivate, name))!.size,
          );
        }
      }
      // A file the source lacks is counted as missing.
      await disk.remove(true, [doc.names[0]!]);
      const empty = createStorage({ dataDir, storage: s3.storageConfig(newPrefix()) });
      expect(await copyStoredFiles(db, disk, empty)).toEqual({ copied: total - 1, skipped: 0, missing: 1 });
      empty.close();
    } finally {
      bucket.close();
    }
  });
});

/** A process's output lines, less the AWS SDK's notice about Node versions (on Node 20) and Node's hint after it. */
function withoutSdkNotice(output: string): string[] {
  return output
    .replace(/^.*NodeVersionSupportWarning[\s\S]*?More information can be found at: \S+\n?/m, '')
    .replace(/^\(Use `node --trace-warnings[^\n]*\n?/m, '')
    .trim()
    .split('\n');
}

describe('the start, and npm run cli -- storage-copy', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  const dirs: string[] = [];
  beforeAll(async () => {
    bundle = await buildServerBundle();
  }, 120_000);
  afterAll(() => {
    bundle?.remove();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const env = (more: Record<string, string>) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ltf-start-'));
    dirs.push(dataDir);
    return { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...more };
  };

  it('refuses a bad STORAGE_URL with one line naming it', async () => {
    const { code, output } = await runUntilExit(bundle.mainJs, env({ STORAGE_URL: 'ftp://bucket/prefix' }));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toMatch(/^Invalid environment variable STORAGE_URL: /);
  });

  it('refuses a bucket that cannot be reached with one line naming STORAGE_URL', async () => {
    const { code, output } = await runUntilExit(
      bundle.mainJs,
      env({
        STORAGE_URL: 's3://no-such-bucket/site',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    );
    expect(code).toBe(1);
    // On Node 20 the AWS SDK first warns (once, several lines) that its releases of 2027 will need Node 22.
    const lines = withoutSdkNotice(output);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^STORAGE_URL s3:\/\/no-such-bucket\/site cannot be reached: /);
  }, 30_000);

  it('storage-copy --to s3 and --to disk: copies, resumes, prints the counts', async () => {
    const ctx = await appOn('disk');
    try {
      const provider = await buildProvider(ctx);
      const photo = await storedOf(ctx, await uploadBig(ctx, provider));
      const doc = await storedOf(ctx, (await uploadDocument(ctx)).id);
      const total = photo.names.length + doc.names.length;
      const prefix = newPrefix();
      const copy = (to: string) =>
        runUntilExit(
          bundle.cliJs,
          {
            DATA_DIR: ctx.config.dataDir,
            JWT_SECRET: ctx.config.jwtSecret,
            ...(ctx.databaseUrl ? { DATABASE_URL: ctx.databaseUrl } : {}),
            STORAGE_URL: `s3://${s3.bucket}/${prefix}`,
            S3_ENDPOINT: s3.endpoint,
            S3_ACCESS_KEY_ID: 'S3RVER',
            S3_SECRET_ACCESS_KEY: 'S3RVER',
          },
          ['storage-copy', '--to', to],
        ).then((r) => ({ ...r, last: withoutSdkNotice(r.output).at(-1) }));

      let res = await copy('s3');
      expect(res.code, res.output).toBe(0);
      expect(res.last).toBe(`copied ${total}, skipped 0, missing 0`);
      res = await copy('s3');
      expect(res.last).toBe(`copied 0, skipped ${total}, missing 0`);
      const bucket = createStorage({ dataDir: ctx.config.dataDir, storage: s3.storageConfig(prefix) });
      expect(await held(bucket, true, doc.names)).toEqual(doc.names);
      bucket.close();

      // Back: a file gone from the disk comes back from the bucket.
      await ctx.storage.remove(false, [photo.names[0]!]);
      res = await copy('disk');
      expect(res.code, res.output).toBe(0);
      expect(res.last).toBe(`copied 1, skipped ${total - 1}, missing 0`);
      expect(await held(ctx.storage, false, photo.names)).toEqual(photo.names);

      res = await copy('nowhere');
      expect(res.code).toBe(1);
      expect(res.last).toBe('storage-copy needs --to s3 or --to disk');
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
