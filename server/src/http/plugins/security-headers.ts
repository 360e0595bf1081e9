import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

/**
 * The headers helmet sets for these options, taken once from a throwaway instance. They never vary
 * by request (no CSP nonces), and helmet's own hook rebuilds its whole middleware (the CSP parsed
 * again) for every request: a twentieth of a computed listing's CPU.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const bare = Fastify();
  bare.get('/', async () => '');
  const [withHelmet, without] = await Promise.all([probe.inject('/'), bare.inject('/')]);
  await Promise.all([probe.close(), bare.close()]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(withHelmet.headers))
    if (!(name in without.headers) && typeof value === 'string') headers[name] = value;
  return headers;
}

/**
 * Security headers on every answer (helmet's): the Content-Security-Policy the web app is built for,
 * HSTS when the site is served over https, and CORS for the origins CORS_ORIGINS names.
 */
async function securityHeaders(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const headers = await helmetHeaders({
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
        // The admin console shows a private PDF (an ID document) in a frame from an object URL.
        frameSrc: ["'self'", 'blob:'],
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
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
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
}

export default fp(securityHeaders, { name: 'security-headers' });
