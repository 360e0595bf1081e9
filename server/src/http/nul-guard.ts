import type { FastifyInstance } from 'fastify';
import { fieldError } from './errors.ts';

const MAX_DEPTH = 32;

/** The path of the first string holding a NUL character in a parsed JSON body, if any. */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (path.length > MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses a JSON body with a NUL character in any string, before validation: PostgreSQL's text
 * cannot hold one (it would be a 500 there and stored as is on SQLite), and no field needs one.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (!req.body || typeof req.body !== 'object') return;
    const at = findNul(req.body);
    if (at)
      throw fieldError(at, 'value contains a NUL character', {
        title: `${at.join('.')}: value contains a NUL character`,
      });
  });
}
