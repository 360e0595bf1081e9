// Module resolution hook (see no-rate-limit.mjs).
const NOOP = new URL('./noop-rate-limit.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === '@fastify/rate-limit') return { url: NOOP, shortCircuit: true };
  return next(specifier, context);
}
