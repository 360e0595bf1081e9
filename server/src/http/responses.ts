import type { ApiPagination } from '@app/domain';

/**
 * Strapi v4's envelopes, written once: `{ data, meta }` for one item (meta empty) and for a list
 * (meta with the pagination, when the list is paged).
 */
export interface ItemResponse<T> {
  data: T;
  meta: Record<string, never>;
}

export function itemResponse<T>(data: T): ItemResponse<T> {
  return { data, meta: {} };
}

/** `meta.pagination`, built by `paginationMeta` (http/paging.ts). */
export type Pagination = ApiPagination;

export function listResponse<T>(
  data: T[],
  pagination?: Pagination,
): { data: T[]; meta: { pagination?: Pagination } } {
  return { data, meta: pagination ? { pagination } : {} };
}
