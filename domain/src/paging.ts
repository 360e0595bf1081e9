import { z } from 'zod';

/*
 * Paging, as Strapi v4 pages every list: `pagination[page]` (from 1) and `pagination[pageSize]` (from 1;
 * one above the route's largest is that largest, as Strapi clamps to its `maxLimit`). Anything else is
 * a 400 naming the parameter, with the message the REST layer's query parser gives. The server's
 * Strapi resources, the shop, orders and every console list read their page through these rules.
 */

/** The largest page number a list accepts (a larger one is a 400, not an empty page). */
export const MAX_PAGE = 1_000_000;

/** A list's page sizes: the one used when none is asked, and the largest (a larger one is clamped). */
export interface TPagingLimits {
  defaultPageSize: number;
  maxPageSize: number;
}

/** The page a caller asked for, after the rules above. */
export interface TPaging {
  page: number;
  pageSize: number;
}

/** The console's lists: 20 rows a page, at most 100. */
export const ADMIN_PAGING: TPagingLimits = { defaultPageSize: 20, maxPageSize: 100 };

/** A paging parameter that breaks the rules: where (`pagination[page]`) and why, as the 400 says it. */
export class PagingError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`Invalid parameter ${path}: ${reason}`);
  }
}

function wholeNumber(v: unknown, path: string): number {
  if (typeof v !== 'string' && typeof v !== 'number') throw new PagingError(path, 'expected a whole number');
  const s = String(v);
  if (!/^\d+$/.test(s)) throw new PagingError(path, 'expected a whole number');
  return Number(s);
}

/** A whole number from `min` to `max` (a page, an offset); anything else is a PagingError. */
export function readBoundedNumber(v: unknown, path: string, min: number, max: number): number {
  const n = wholeNumber(v, path);
  if (String(v).length > 9 || n < min || n > max)
    throw new PagingError(path, `must be between ${min} and ${max}`);
  return n;
}

/** A page size: a whole number from 1; above `max` it is `max`. */
export function readPageSize(v: unknown, path: string, max: number): number {
  const n = wholeNumber(v, path);
  if (n < 1) throw new PagingError(path, 'must be at least 1');
  return Math.min(n, max);
}

/**
 * The `pagination` parameter of a list that pages by page number only: `{ page?, pageSize? }`, each
 * optional (page 1, the list's default size). Any other key is a PagingError.
 */
export function readPaging(raw: unknown, limits: TPagingLimits): TPaging {
  if (raw === undefined) return { page: 1, pageSize: limits.defaultPageSize };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new PagingError('pagination', 'expected pagination[page] and pagination[pageSize]');
  }
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (key !== 'page' && key !== 'pageSize') throw new PagingError(`pagination[${key}]`, 'unknown key');
  }
  return {
    page: given.page === undefined ? 1 : readBoundedNumber(given.page, 'pagination[page]', 1, MAX_PAGE),
    pageSize:
      given.pageSize === undefined
        ? limits.defaultPageSize
        : readPageSize(given.pageSize, 'pagination[pageSize]', limits.maxPageSize),
  };
}

/**
 * The `pagination` query parameter of a typed route (a console list): read by `readPaging`; a broken
 * one is an issue at its path whose `params.title` is the whole message, as the query parser words it.
 */
export function ZPagination(limits: TPagingLimits) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx): TPaging => {
      try {
        return readPaging(raw, limits);
      } catch (e) {
        if (!(e instanceof PagingError)) throw e;
        ctx.addIssue({
          code: 'custom',
          path: e.path
            .split(/[[\]]+/)
            .filter(Boolean)
            .slice(1),
          message: e.reason,
          params: { title: e.message },
        });
        return z.NEVER;
      }
    });
}
