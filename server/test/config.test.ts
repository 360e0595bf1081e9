import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'ltf-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.corsOrigins).toEqual([]);
    expect(config.workers).toBe(1);
    expect(config.redisUrl).toBeUndefined();
    expect(config.redisPrefix).toBe('ltf:');
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x@localhost/db'],
    ['JWT_SECRET', 'short'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['ADMIN_EMAIL', 'nobody'],
    ['ADMIN_PASSWORD', '123'],
    ['CORS_ORIGINS', 'https://ok.example.com, nope'],
    ['WORKERS', '0'],
    ['WORKERS', '1.5'],
    ['WORKERS', 'two'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_PREFIX', 'no spaces allowed'],
    ['STORAGE_URL', 'ftp://bucket/prefix'],
    ['STORAGE_URL', 's3://'],
    ['STORAGE_URL', 's3://Upper_Case'],
    ['STORAGE_URL', 's3://bucket/../up'],
    ['S3_ENDPOINT', 'not a url'],
    ['S3_ACCESS_KEY_ID', 'only-the-id'],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${name}:`),
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '4100',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://example.com/',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'secret-1',
      CORS_ORIGINS: 'https://a.example.com,https://b.example.com',
      WORKERS: '4',
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      REDIS_PREFIX: 'site-a:',
      DRAIN_GRACE_MS: '30000',
    });
    expect(config).toMatchObject({
      port: 4100,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/app',
      jwtSecret: 'x'.repeat(40),
      publicUrl: 'https://example.com',
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      adminEmail: 'admin@example.com',
      adminPassword: 'secret-1',
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      workers: 4,
      redisUrl: 'redis://127.0.0.1:6379/2',
      redisPrefix: 'site-a:',
      drainGraceMs: 30_000,
    });
  });

  it('DRAIN_GRACE_MS: 10 s by default, a whole number of milliseconds up to 10 minutes', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).drainGraceMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dataDir(), DRAIN_GRACE_MS: '0' }).drainGraceMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DRAIN_GRACE_MS: '1.5' })).toThrow(
      'Invalid environment variable DRAIN_GRACE_MS: must be a whole number',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DRAIN_GRACE_MS: '600001' })).toThrow(
      'Invalid environment variable DRAIN_GRACE_MS',
    );
  });
});

describe('media storage (STORAGE_URL)', () => {
  it('is the disk by default, and with STORAGE_URL=disk', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ driver: 'disk' });
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 'disk' }).storage).toEqual({ driver: 'disk' });
  });

  it('reads a bucket, its prefix, the endpoint, region and keys', () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        STORAGE_URL: 's3://media.example-1/site/a/',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'media.example-1',
      prefix: 'site/a',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 's3://bucket', S3_REGION: 'eu-west-3' }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'bucket',
      prefix: '',
      endpoint: undefined,
      region: 'eu-west-3',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });
});

describe('several processes (WORKERS)', () => {
  const pg = 'postgres://postgres@127.0.0.1:5432/app';
  const redis = 'redis://127.0.0.1:6379';

  it('refuses more than one on SQLite: the embedded database is one file for one process', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), WORKERS: '2', REDIS_URL: redis })).toThrow(
      'WORKERS=2 needs PostgreSQL (DATABASE_URL): the embedded SQLite database is one file for one process. Set DATABASE_URL, or WORKERS=1.',
    );
  });

  it('refuses more than one without Redis, where they share limits and invalidations', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), WORKERS: '3', DATABASE_URL: pg })).toThrow(
      'WORKERS=3 needs Redis (REDIS_URL): the processes share their rate limits, sign-in throttle and response-cache invalidations there. Set REDIS_URL, or WORKERS=1.',
    );
  });

  it('accepts more than one on PostgreSQL with Redis, and one anywhere', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), WORKERS: '2', DATABASE_URL: pg, REDIS_URL: redis }).workers,
    ).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir(), WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: redis }).redisUrl).toBe(redis);
  });
});
