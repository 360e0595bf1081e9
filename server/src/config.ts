import { randomBytes } from 'node:crypto';
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
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  corsOrigins: string[];
  logLevel: string;
  /** Keep anonymous answers of the directory's reads while the (SQLite) database is unchanged. */
  responseCache: boolean;
  /** Where the built web app lives; absent in API-only tests. */
  webDist: string | undefined;
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
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = e.JWT_SECRET ?? readOrCreateSecret(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    responseCache: e.RESPONSE_CACHE === 'on',
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
