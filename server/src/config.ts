import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** The environment the server reads, and nothing else. See `.env.example`. */
export const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  DATABASE_POOL_MAX: z.coerce.number().int('must be a whole number').min(1).max(200).default(10),
  JWT_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl.refine((v) => !v || /^smtps?:\/\//.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  ADMIN_EMAIL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email().optional()),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(6, 'must be at least 6 characters').max(64).optional()),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  WORKERS: z.coerce.number().int('must be a whole number').min(1).max(64).default(1),
  DRAIN_GRACE_MS: z.coerce.number().int('must be a whole number').min(0).max(600_000).default(10_000),
  REDIS_URL: optionalUrl.refine((v) => !v || /^rediss?:\/\//.test(v), {
    message: 'must be a redis:// or rediss:// URL',
  }),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,40}$/, 'must be 1 to 40 letters, digits, _ - . or :')
    .default('ltf:'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): TrustProxy => {
      const text = (v ?? '').trim();
      if (!text || text === 'off' || text === 'false') return false;
      if (/^\d+$/.test(text)) {
        const hops = Number(text);
        if (hops >= 1 && hops <= 10) return hops;
      } else {
        const list = text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (list.length && list.every(isAddressOrRange)) return list;
      }
      ctx.addIssue({
        code: 'custom',
        message:
          'must be off, a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses (CIDR ranges allowed)',
      });
      return z.NEVER;
    }),
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((v, ctx): string[] => {
      const text = (v ?? '').trim();
      if (!text) return ['127.0.0.1', '::1'];
      if (text === 'off' || text === 'none') return [];
      const list = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.every(isAddressOrRange)) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'must be off, or a comma-separated list of addresses (CIDR ranges allowed)',
      });
      return z.NEVER;
    }),
  STORAGE_URL: z
    .string()
    .optional()
    .transform((v, ctx): StorageUrl => {
      const text = (v ?? '').trim();
      if (!text || text === 'disk') return { driver: 'disk' };
      const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/([\w.\-/]*))?$/.exec(text);
      const prefix = (m?.[2] ?? '').replace(/^\/+|\/+$/g, '');
      if (m && !prefix.split('/').some((part) => part === '.' || part === '..'))
        return { driver: 's3', bucket: m[1]!, prefix };
      ctx.addIssue({
        code: 'custom',
        message:
          'must be disk, or s3://bucket or s3://bucket/prefix (a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens)',
      });
      return z.NEVER;
    }),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || v.length >= 24, { message: 'must be at least 24 characters' }),
});

/** STORAGE_URL as read: the disk, or a bucket and the start of its keys. */
type StorageUrl = { driver: 'disk' } | { driver: 's3'; bucket: string; prefix: string };

/** Where uploaded files are kept (storage/, decision 0022). */
export type StorageConfig =
  | { driver: 'disk' }
  | {
      driver: 's3';
      bucket: string;
      /** The keys' start, without slashes at either end ('' for none). */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      /** Both or neither (then the AWS SDK's own: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, profiles, roles). */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
    };

/**
 * Which reverse proxies are trusted to say who the visitor is (X-Forwarded-For, -Proto, -Host):
 * none (`false`, the default), the nearest `n` hops, or the proxies at these addresses or ranges.
 */
export type TrustProxy = false | number | string[];

/** An IPv4 or IPv6 address, optionally with a /prefix (what Fastify's proxy-addr accepts). */
function isAddressOrRange(text: string): boolean {
  const [address, prefix, extra] = text.split('/');
  if (extra !== undefined || !address || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (isIP(address) === 4 ? 32 : 128);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections each process keeps at most (`DATABASE_POOL_MAX`, db/database.ts). */
  databasePoolMax: number;
  jwtSecret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  corsOrigins: string[];
  logLevel: string;
  /**
   * Keep anonymous answers of the directory's reads while the database is unchanged: on SQLite by its
   * change mark, on PostgreSQL only with Redis (the processes tell each other about writes).
   */
  responseCache: boolean;
  /** How many server processes share the port (`WORKERS`, cluster.ts); more than one needs PostgreSQL and Redis. */
  workers: number;
  /**
   * How long a stopping process (SIGTERM, SIGINT, a rolling restart) lets the requests in flight and the
   * running jobs finish (`DRAIN_GRACE_MS`, http/in-flight.ts, jobs/runner.ts).
   */
  drainGraceMs: number;
  /** Redis, where the processes share rate limits, the sign-in throttle and cache invalidations (shared-state.ts). */
  redisUrl: string | undefined;
  /** The start of every key and channel of this site in Redis (`REDIS_PREFIX`), so several sites may share one. */
  redisPrefix: string;
  /** Reverse proxies trusted to report the visitor's address (`TRUST_PROXY`); false by default. */
  trustProxy: TrustProxy;
  /** Who may read `GET /metrics`: these addresses and ranges (`METRICS_ALLOW`, loopback by default)… */
  metricsAllow: string[];
  /** …or a caller sending this bearer token (`METRICS_TOKEN`). */
  metricsToken: string | undefined;
  /** Where uploaded files are kept (`STORAGE_URL`, `S3_*`): the disk of DATA_DIR by default. */
  storage: StorageConfig;
  /** Where the built web app lives; absent in API-only tests. */
  webDist: string | undefined;
  /** Tests only (no variable): other limits for the failed sign-in throttle (modules/auth/auth.throttle.ts). */
  loginThrottle?: Partial<Record<'slowAccountAfter' | 'slowdownMs', number>>;
  /**
   * Tests only (no variable): another global limit on `/api` per address and minute than
   * `GLOBAL_RATE_LIMIT` (http/plugins/rate-limits.ts), for a test that walks the whole site from one address.
   */
  apiRateLimit?: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `WORKERS=${e.WORKERS} needs PostgreSQL (DATABASE_URL): the embedded SQLite database is one file for one process. Set DATABASE_URL, or WORKERS=1.`,
    );
  }
  if (e.WORKERS > 1 && !e.REDIS_URL) {
    throw new ConfigError(
      `WORKERS=${e.WORKERS} needs Redis (REDIS_URL): the processes share their rate limits, sign-in throttle and response-cache invalidations there. Set REDIS_URL, or WORKERS=1.`,
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid environment variable S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both out for the AWS SDK's own variables)",
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = e.JWT_SECRET ?? readOrCreateSecret(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    jwtSecret,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    responseCache: e.RESPONSE_CACHE === 'on',
    workers: e.WORKERS,
    drainGraceMs: e.DRAIN_GRACE_MS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: e.TRUST_PROXY,
    metricsAllow: e.METRICS_ALLOW,
    metricsToken: e.METRICS_TOKEN,
    storage:
      e.STORAGE_URL.driver === 's3'
        ? {
            ...e.STORAGE_URL,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : { driver: 'disk' },
    webDist: undefined,
    ...overrides,
  };
}

/** A JWT secret generated once and kept in DATA_DIR, so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
