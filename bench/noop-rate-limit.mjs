// A stand-in for @fastify/rate-limit that limits nothing (benchmark only, see no-rate-limit.mjs).
export default async function noopRateLimit() {}
