import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { getPageWindow } from './pageWindow.ts';

const T = MESSAGES.pagination;

/** Where a page goes: a callback over the screen's state, or a link per page (the page in the URL). */
export type PageTarget =
  | { onPage: (page: number) => void; hrefFor?: undefined }
  | { hrefFor: (page: number) => string; onPage?: undefined };

/**
 * Prev, numbered pages (first, last and one either side of the current one, with gaps) and Next.
 * With `onPage` they are buttons over a page held in the screen's state (My Ads, My Places, the
 * wallet's and the subscription's tables); with `hrefFor` links to each page's URL (the provider
 * listing, the venue directories). Prev and Next are disabled at the ends. One page: nothing, unless
 * `showSingle`.
 */
export function PageButtons({
  page,
  pageCount,
  label,
  className = 'ad-pages',
  small = false,
  showSingle = false,
  ...target
}: {
  page: number;
  pageCount: number;
  label: string;
  className?: string;
  small?: boolean;
  showSingle?: boolean;
} & PageTarget) {
  if (pageCount <= 1 && !showSingle) return null;
  pageCount = Math.max(pageCount, 1);

  const control = (to: number, children: ReactNode, disabled: boolean, ariaLabel?: string) => {
    if (target.hrefFor) {
      return disabled ? (
        <span className="page-link" aria-disabled="true">
          {children}
        </span>
      ) : (
        <Link className="page-link" to={target.hrefFor(to)} aria-label={ariaLabel}>
          {children}
        </Link>
      );
    }
    const onPage = target.onPage;
    return (
      <button
        type="button"
        className="page-link"
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => onPage(to)}
      >
        {children}
      </button>
    );
  };
  const item = (to: number, text: string, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>{control(to, text, disabled)}</li>
  );

  return (
    <nav aria-label={label} className={className}>
      <ul className={`pagination flex-wrap mb-0 ${small ? 'pagination-sm' : 'justify-content-center'}`}>
        {item(page - 1, T.prev, page <= 1)}
        {getPageWindow(page, pageCount, 1).map((entry, index) =>
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
            <li key={entry} className="page-item">
              {control(entry, entry, false, `${T.page} ${entry}`)}
            </li>
          ),
        )}
        {item(page + 1, T.next, page >= pageCount)}
      </ul>
    </nav>
  );
}
