import { MESSAGES } from '@app/domain';
import { PageButtons } from '../../../ui/PageButtons.tsx';
import { pagePath } from '../filterUrl.ts';

const T = MESSAGES.pagination;

export interface ListingPaginationProps {
  page: number;
  pageCount: number;
  /** The listing's query string, kept on every page link. */
  search: string;
}

/**
 * Prev, numbered pages (first, last and a window around the current one, with gaps) and Next, each a
 * link to `/ad/{n}?<query>` (spec 001 §2). Prev and Next are disabled at the ends.
 */
export function ListingPagination({ page, pageCount, search }: ListingPaginationProps) {
  return (
    <PageButtons
      page={page}
      pageCount={pageCount}
      label={T.label}
      className="listing-pagination"
      hrefFor={(n) => pagePath(n, search)}
    />
  );
}
