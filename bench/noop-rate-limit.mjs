// A stand-in for @fastify/rate-limit that limits nothing (benchmark only, see no-rate-limit.mjs). Like
// the real plugin it is not encapsulated and decorates `app.rateLimit(options)`, a hook that lets all through.
export default async function noopRateLimit(app) {
  app.decorate('rateLimit', () => async () => {});
}
noopRateLimit[Symbol.for('skip-override')] = true;
