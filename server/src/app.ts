import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/database.ts';
import { installAdminAudit } from './http/admin-audit.ts';
import {
  BROTLI_QUALITY,
  COMPRESS_THRESHOLD,
  GZIP_LEVEL,
  installReadyCompression,
} from './http/compress-ready.ts';
import { installAccessControl } from './http/auth.ts';
import { installNulGuard } from './http/nul-guard.ts';
import { parseQueryString } from './http/query.ts';
import apiDocs from './http/plugins/api-docs.ts';
import errors from './http/plugins/errors.ts';
import rateLimits from './http/plugins/rate-limits.ts';
import securityHeaders from './http/plugins/security-headers.ts';
import type { PageRenderer } from './http/plugins/server-render.ts';
import webShell from './http/plugins/web-shell.ts';
import { installWriteListeners, installWritePublishing } from './http/publish-writes.ts';
import { ResponseCache } from './http/response-cache.ts';
import { waitForRequestsOnClose } from './http/in-flight.ts';
import { recordRequest, routeLabel, watchForMetrics } from './metrics.ts';
import { createMailer, type Mailer, type SiteMailer } from './mail/mailer.ts';
import { countOutbox, mailerOn } from './mail/outbox.ts';
import { AREA_ROUTES } from './modules/areas.ts';
import { MEDIA_LIMITS } from './modules/media/index.ts';
import type { SharedState } from './shared-state.ts';
import { storageFor, type Storage } from './storage/index.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Pino logging; off in tests. */
  logger?: boolean;
  /** What the processes share through Redis (REDIS_URL); the caller opens and closes it. */
  shared?: SharedState | undefined;
  /** The render of public pages; by default the build's beside the web app's (http/plugins/server-render.ts). */
  pageRenderer?: PageRenderer;
  /** Where uploaded files are kept; by default the configuration's (`STORAGE_URL`). */
  storage?: Storage;
}

const warmUpsOf = new WeakMap<FastifyInstance, Set<() => Promise<unknown>>>();

/**
 * Builds what the first requests would otherwise wait for (the facet index): a server calls it once it
 * listens, without waiting for it (start.ts `serveHttp`, decision 0026); a listing meanwhile asks SQL,
 * so no request waits for the build but those that need the index itself (filter counts). Outside
 * Fastify's hooks, whose time limit a build at a million providers passes.
 */
export async function warmUp(app: FastifyInstance): Promise<void> {
  for (const warm of warmUpsOf.get(app) ?? []) await warm();
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count trusts that many nearest hops, whatever their
 * address (Fastify itself no longer does hop counts): right only when the server is reachable
 * through the proxies alone (docs/deployment.md). A list trusts those addresses only.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

function createFastify(config: Config, logger: boolean | undefined) {
  return Fastify({
    logger:
      logger || process.env.TEST_LOG
        ? { level: config.logLevel, redact: ['req.headers.authorization'] }
        : false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A stopping process answers what reaches it on connections already open (with `Connection: close`,
    // http/in-flight.ts) instead of a 503: the client would see a failure where another process could serve.
    return503OnClosing: false,
    logController: new LogController({ disableRequestLogging: true }),
    // Behind a reverse proxy, TRUST_PROXY says whose X-Forwarded-For to believe (req.ip, the
    // per-address limits); off by default so a visitor cannot choose their own address.
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: {
      querystringParser: parseQueryString,
    },
  }).withTypeProvider<ZodTypeProvider>();
}

/**
 * The request id on every answer, each request counted for `GET /metrics`, and one structured line per request
 * (the id ties it to any error logged for it).
 */
function installRequestLog(app: FastifyInstance, logsInfo: boolean) {
  // Plain callbacks, and the log line's hook only when its level is written: every answer passes here.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
  // Counted by the route's pattern (never the URL's text, which would name records and grow without end).
  app.addHook('onResponse', (req, reply, done) => {
    recordRequest(routeLabel(req.routeOptions.url), req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (!logsInfo) return;
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        method: req.method,
        url: req.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
}

/**
 * How long a kept answer lives at most when the cache follows the processes' published writes
 * (PostgreSQL with Redis): a write that was never published (made outside the API, or while this
 * process could not reach Redis) shows after this long at the latest.
 */
export const SHARED_CACHE_MAX_AGE_MS = 30_000;

/** The response cache: on SQLite's change mark, on PostgreSQL on the published writes, or none. */
function responseCacheFor(config: Config, database: Database, shared: SharedState | undefined) {
  if (!config.responseCache) return new ResponseCache(undefined);
  if (database.changeMark) return new ResponseCache(database.changeMark);
  if (shared) return new ResponseCache(shared.writes.mark, SHARED_CACHE_MAX_AGE_MS);
  return new ResponseCache(undefined);
}

/**
 * The site's mailer: SMTP when configured, else `.eml` files in DATA_DIR/outbox. The app and the jobs send
 * through the outbox with it (`mailerOn`, mail/outbox.ts).
 */
export function createAppMailer(config: Config): SiteMailer {
  return createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: `Live the Fantasy <no-reply@${new URL(config.publicUrl).hostname}>`,
  });
}

/**
 * Builds the whole Fastify app. The order matters: hooks and the error handler apply to the routes
 * registered after them, the API docs see only routes added after them, and the web shell's static
 * files and not-found handler come last.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = createFastify(config, opts.logger);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const logs = Boolean(opts.logger || process.env.TEST_LOG);
  installRequestLog(app, logs && ['trace', 'debug', 'info'].includes(config.logLevel));
  waitForRequestsOnClose(app, config.drainGraceMs);

  // With Redis, the other processes hear of every write made here (their kept answers go).
  const { shared } = opts;
  if (shared) installWritePublishing(app, shared.writes);

  // Mail goes through the database's outbox (mail/outbox.ts); the app's close waits for deliveries under way.
  const mailer = mailerOn(
    database.db,
    opts.mailer ?? createAppMailer(config),
    app.log.child({ component: 'mail' }),
  );
  app.addHook('onClose', () => mailer.idle());
  watchForMetrics({ mailOutbox: () => countOutbox(database.db) });

  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    responseCache: responseCacheFor(config, database, shared),
    mailer,
    storage: opts.storage ?? storageFor(config),
    shared,
    afterWrite: new Set(),
    warmUps: new Set(),
  };
  warmUpsOf.set(app, ctx.warmUps);
  installWriteListeners(app, ctx.afterWrite);

  await app.register(securityHeaders, { config });
  await app.register(rateLimits, { shared, max: config.apiRateLimit });
  // JSON answers over 1 KB compressed for clients that accept it (the page's listing data), Brotli at a
  // cheap quality. The web app's files keep the build's own Brotli/gzip copies (their content-encoding
  // is already set, so they pass through); photos and videos are not compressible types.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  installReadyCompression(app);
  await app.register(multipart, {
    limits: {
      fileSize: MEDIA_LIMITS.maxVideoBytes,
      files: MEDIA_LIMITS.maxFilesPerRequest,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: MEDIA_LIMITS.maxFilesPerRequest + 20,
    },
    throwFileSizeLimit: true,
  });
  await app.register(apiDocs);
  installAccessControl(app, ctx.db, config.jwtSecret);
  installAdminAudit(app);
  installNulGuard(app);
  await app.register(errors);
  for (const routes of AREA_ROUTES) await app.register(routes, ctx);
  await app.register(webShell, {
    config,
    storage: ctx.storage,
    changeMark: () => ctx.responseCache.currentMark(),
    renderer: opts.pageRenderer,
    warmUps: ctx.warmUps,
  });
  return app;
}
