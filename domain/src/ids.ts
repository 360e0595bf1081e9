import { z } from 'zod';

/** The largest id a record can have: ids are 32-bit integer columns on PostgreSQL and SQLite alike. */
export const MAX_ID = 2_147_483_647;

/** What a refused id is told, wherever it came from. */
export const ID_MESSAGE = `expected a positive whole number up to ${MAX_ID}`;

/**
 * The one id schema: a positive whole number within the 32-bit range. Every path parameter and
 * every id in a body or filter uses it, so an oversized, negative, fractional or non-numeric id is a
 * 400 naming the field, never a database error.
 */
export const ZId = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(MAX_ID, ID_MESSAGE);
export type TId = z.infer<typeof ZId>;

/** An id written as text (a path parameter, a query string value): digits only, then within range. */
export const ZIdText = z
  .union([z.string(), z.number()], { error: ID_MESSAGE })
  .transform(String)
  .pipe(z.string().regex(/^\d{1,10}$/, ID_MESSAGE))
  .transform(Number)
  .pipe(ZId);

/** True when `value` is a valid id (a number within range). */
export function isId(value: unknown): value is number {
  return ZId.safeParse(value).success;
}
