import { PagingError, readPaging, type ApiPagination, type TPaging, type TPagingLimits } from '@app/domain';
import { fail } from './strapi/input.ts';

/*
 * Paging on the server, one way for every list: the page is read by the domain's rules (`readPaging`:
 * `pagination[page]`, `pagination[pageSize]` clamped to the list's largest, a 400 on anything else), and
 * `meta.pagination` is built here and nowhere else.
 */

/** Runs a domain paging rule; a broken parameter is the 400 that names it. */
export function orPagingFailure<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof PagingError) fail(e.path, e.reason);
    throw e;
  }
}

/** The page a raw query's `pagination` asks for (the routes whose query is not a typed schema). */
export function pagingOf(query: Record<string, unknown>, limits: TPagingLimits): TPaging {
  return orPagingFailure(() => readPaging(query.pagination, limits));
}

/** `meta.pagination` of one page of a list of `total` rows. */
export function paginationMeta(paging: TPaging, total: number): ApiPagination {
  return {
    page: paging.page,
    pageSize: paging.pageSize,
    pageCount: Math.ceil(total / paging.pageSize),
    total,
  };
}

/** A page of a list as Strapi answers it: `{ data, meta: { pagination } }`. */
export function pagedList<T>(
  data: T[],
  paging: TPaging,
  total: number,
): { data: T[]; meta: { pagination: ApiPagination } } {
  return { data, meta: { pagination: paginationMeta(paging, total) } };
}
