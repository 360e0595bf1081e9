// Loaded with `node --import ./bench/no-rate-limit.mjs server/dist/main.js` by the benchmark only:
// every request of a benchmark comes from 127.0.0.1, so the per-address rate limit (600 a minute)
// would answer nearly all of them with 429. This swaps @fastify/rate-limit for a plugin that does
// nothing; the server is otherwise the one `npm start` runs.
import { register } from 'node:module';

register('./no-rate-limit-hooks.mjs', import.meta.url);
