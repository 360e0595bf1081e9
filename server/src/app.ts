import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { ResponseCache } from './http/response-cache.ts';
import type { Database } from './db/database.ts';
import { installAccessControl } from './http/auth.ts';
import { AppError, errorBody } from './http/errors.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { directoryRoutes } from './modules/directory/directory.routes.ts';
import { engagementRoutes } from './modules/engagement/engagement.routes.ts';
import { mediaRoutes, MEDIA_LIMITS } from './modules/media/media.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import './resources.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Pino logging; off in tests. */
  logger?: boolean;
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

/** Builds the whole Fastify app: security, the REST layer, every module, and the web app's files. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger || process.env.TEST_LOG
        ? { level: config.logLevel, redact: ['req.headers.authorization'] }
        : false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    logController: new LogController({ disableRequestLogging: true }),
    // Behind a reverse proxy, TRUST_PROXY says whose X-Forwarded-For to believe (req.ip, the
    // per-address limits); off by default so a visitor cannot choose their own address.
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: {
      querystringParser: (str: string) =>
        qs.parse(str, { depth: 8, arrayLimit: 200, parameterLimit: 500, plainObjects: true }),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // One structured line per request (the request id ties it to any error logged for it).
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: req.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    responseCache: new ResponseCache(config.responseCache ? database.changeMark : undefined),
    mailer:
      opts.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        dataDir: config.dataDir,
        from: `Live the Fantasy <no-reply@${new URL(config.publicUrl).hostname}>`,
      }),
  };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React-Bootstrap and react-toastify set style attributes and inject a style sheet.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Browsers are told to keep to https only when the site is served over https.
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  if (config.corsOrigins.length) {
    app.addHook('onRequest', async (req, reply) => {
      const origin = req.headers.origin;
      if (origin && config.corsOrigins.includes(origin)) {
        reply.header('access-control-allow-origin', origin);
        reply.header('vary', 'Origin');
        reply.header('access-control-allow-headers', 'authorization, content-type');
        reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE');
        if (req.method === 'OPTIONS') return reply.code(204).send();
      }
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api'),
    errorResponseBuilder: (_req, ctx) => {
      const err = new AppError(
        'RateLimitError',
        `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} seconds`,
      );
      return err;
    },
  });
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

  await app.register(swagger, {
    openapi: {
      info: { title: 'Live the Fantasy API', version: '1.0.0', description: 'Strapi v4-style REST API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  installAccessControl(app, ctx.db, config.jwtSecret);

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send(errorBody(error.status, error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: [...(error.validationContext ? [] : []), ...v.instancePath.split('/').filter(Boolean)],
        message: v.message ?? 'Invalid value',
        name: 'ValidationError',
      }));
      const first = errors[0];
      const message = first
        ? `${first.path.join('.') || error.validationContext}: ${first.message}`
        : 'Invalid input';
      return reply.code(400).send(errorBody(400, 'ValidationError', message, { errors }));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const name =
        status === 413
          ? 'PayloadTooLargeError'
          : status === 415
            ? 'UnsupportedMediaTypeError'
            : status === 429
              ? 'RateLimitError'
              : 'BadRequestError';
      return reply.code(status).send(errorBody(status, name, (error as Error).message));
    }
    req.log.error({ err: error, requestId: req.id }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'InternalServerError', 'Internal Server Error'));
  });

  await app.register(systemRoutes, ctx);
  await app.register(authRoutes, ctx);
  await app.register(usersRoutes, ctx);
  await app.register(mediaRoutes, ctx);
  await app.register(contentRoutes, ctx);
  await app.register(referenceRoutes, ctx);
  await app.register(directoryRoutes, ctx);
  await app.register(engagementRoutes, ctx);

  const publicUploads = path.join(config.dataDir, 'uploads', 'public');
  mkdirSync(publicUploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: publicUploads,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    index: false,
    dotfiles: 'deny',
  });

  const webDist = config.webDist;
  const hasWeb = !!webDist && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (
      req.url.startsWith('/api') ||
      req.url.startsWith('/uploads/') ||
      !hasWeb ||
      !['GET', 'HEAD'].includes(req.method)
    ) {
      return reply.code(404).send(errorBody(404, 'NotFoundError', 'Not Found'));
    }
    // Client-side routes (/ad/2, /productdetails/5, ...) get the app's shell.
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDist!);
  });

  return app;
}
