import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { deleteOrphanFiles } from '../src/modules/media/index.ts';
import { storedNamesOf } from '../src/modules/media/media.service.ts';
import { createStorage, type Storage } from '../src/storage/index.ts';
import { buildHobbyist, createPostgresDatabase, dropPostgresDatabase, type TestContext } from './helpers.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { buildServerBundle, exited, startServer, until, type ServerProcess } from './server-process.ts';

/**
 * A server killed (SIGKILL, as a crash or an out-of-memory kill would) while uploads are being received and
 * stored leaves no record pointing at a missing file, on the disk and on a bucket: files are stored before
 * their records are written. What the kill left stored without a record is an orphan, which the daily
 * `delete-orphan-files` removes once it is a day old. On the suite's engine.
 */

const JWT_SECRET = 'upload-crash-secret-0123456789abcdef';
const pgUrl = process.env.TEST_DATABASE_URL;

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
let bucket: S3TestServer;
let photo: Buffer;
beforeAll(async () => {
  bundle = await buildServerBundle();
  bucket = await startS3Server();
  // Large enough that re-encoding it into its formats takes a while: the kill finds uploads under way.
  photo = await sharp({
    create: {
      width: 2400,
      height: 1600,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  bundle?.remove();
  await bucket?.close();
});

/** A data folder, and on PostgreSQL a database of its own, with the storage `driver`. */
async function newSite(driver: 'disk' | 's3') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ltf-upload-crash-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET };
  let storage: StorageConfig = { driver: 'disk' };
  if (driver === 's3') {
    const prefix = `crash-${randomBytes(4).toString('hex')}`;
    storage = bucket.storageConfig(prefix);
    Object.assign(env, {
      STORAGE_URL: `s3://${bucket.bucket}/${prefix}`,
      S3_ENDPOINT: bucket.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  }
  let dropDb = async () => {};
  if (pgUrl) {
    const { name, url } = await createPostgresDatabase(pgUrl, 'upload_crash');
    env.DATABASE_URL = url;
    dropDb = () => dropPostgresDatabase(pgUrl, name);
  }
  return {
    dataDir,
    env,
    storage: createStorage({ dataDir, storage }),
    remove: async () => {
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every stored name the file records point at, with whether the storage has it. */
async function recordsAgainstStorage(database: Database, storage: Storage) {
  const rows = await database.db
    .selectFrom('files')
    .select(['storage_key', 'ext', 'formats', 'is_private'])
    .execute();
  const named: { name: string; stored: boolean }[] = [];
  for (const row of rows) {
    for (const name of storedNamesOf(row))
      named.push({ name, stored: (await storage.stat(Number(row.is_private) === 1, name)) !== undefined });
  }
  return { rows: rows.length, named };
}

async function storedNames(storage: Storage): Promise<string[]> {
  const names: string[] = [];
  for (const isPrivate of [false, true]) for await (const f of storage.list(isPrivate)) names.push(f.name);
  return names.sort();
}

describe.each(['disk', 's3'] as const)(
  'uploads killed mid-way, on the %s driver',
  { timeout: 120_000 },
  (driver) => {
    let site: Awaited<ReturnType<typeof newSite>>;
    let database: Database | undefined;
    let server: ServerProcess | undefined;
    beforeAll(async () => {
      site = await newSite(driver);
    });
    afterAll(async () => {
      if (server && server.child.exitCode === null) await server.stop();
      await database?.close();
      site.storage.close();
      await site.remove();
    });

    it('leaves no record without its files, and the orphan clean-up removes what has no record', async () => {
      server = await startServer(bundle.mainJs, site.env);
      database = openDatabase({ databaseUrl: site.env.DATABASE_URL, dataDir: site.dataDir });
      // What the test factories need of a test app: the database and the server's secret.
      const uploader = await buildHobbyist({ database, config: { jwtSecret: JWT_SECRET } } as TestContext);
      const token = uploader.jwt;
      const port = server.port;

      // Four uploaders, one photo a request, until the process is gone.
      let answered = 0;
      const upload = async () => {
        for (;;) {
          const form = new FormData();
          form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
          const res = await fetch(`http://127.0.0.1:${port}/api/upload`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: form,
          }).catch(() => undefined);
          if (!res) return;
          expect(res.status).toBe(201);
          answered++;
        }
      };
      const uploaders = Array.from({ length: 4 }, upload);
      await until('a few uploads stored', () => answered >= 3, 60_000);
      server.child.kill('SIGKILL');
      await exited(server.child);
      await Promise.all(uploaders);

      // Every record's files are stored: the original and each format.
      const before = await recordsAgainstStorage(database, site.storage);
      expect(before.rows).toBeGreaterThanOrEqual(3);
      expect(before.named.filter((f) => !f.stored)).toEqual([]);

      // A day later the clean-up leaves exactly the files the records name.
      const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
      await deleteOrphanFiles(database.db, site.storage, dayLater);
      expect(await storedNames(site.storage)).toEqual(before.named.map((f) => f.name).sort());
    });
  },
);
