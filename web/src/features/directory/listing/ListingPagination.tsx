import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { pagePath } from '../filterUrl.ts';
import { getPageWindow } from './pageWindow.ts';

const T = MESSAGES.pagination;

/** One page either side of the current one, so the bar fits a phone's width on one row. */
const PAGE_RADIUS = 1;

export interface ListingPaginationProps {
  page: number;
  pageCount: number;
  /** The listing's query string, kept on every page link. */
  search: string;
}

function PageLink({
  to,
  disabled,
  children,
  label,
}: {
  to: string;
  disabled: boolean;
  children: string;
  label?: string;
}) {
  return (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link" aria-disabled="true">
          {children}
        </span>
      ) : (
        <Link className="page-link" to={to} aria-label={label}>
          {children}
        </Link>
      )}
    </li>
  );
}

/**
 * Prev, numbered pages (first, last and a window around the current one, with gaps) and Next, each a
 * link to `/ad/{n}?<query>` (spec 001 §2). Prev and Next are disabled at the ends.
 */
export function ListingPagination({ page, pageCount, search }: ListingPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={T.label} className="listing-pagination">
      <ul className="pagination flex-wrap justify-content-center mb-0">
        <PageLink to={pagePath(page - 1, search)} disabled={page <= 1}>
          {T.prev}
        </PageLink>
        {getPageWindow(page, pageCount, PAGE_RADIUS).map((entry, index) =>
          entry === 'gap' ? (
            <li key={`gap-${index}`} className="page-item disabled">
              <span className="page-link" aria-label={T.more}>
                …
              </span>
            </li>
          ) : entry === page ? (
            <li key={entry} className="page-item active">
              <span className="page-link" aria-current="page">
                <span className="visually-hidden">{T.page} </span>
                {entry}
              </span>
            </li>
          ) : (
            <PageLink key={entry} to={pagePath(entry, search)} disabled={false} label={`${T.page} ${entry}`}>
              {String(entry)}
            </PageLink>
          ),
        )}
        <PageLink to={pagePath(page + 1, search)} disabled={page >= pageCount}>
          {T.next}
        </PageLink>
      </ul>
    </nav>
  );
}
