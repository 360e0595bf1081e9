import { MESSAGES } from '@app/domain';
import { getPageWindow } from '../features/directory/listing/pageWindow.ts';

const T = MESSAGES.pagination;

/**
 * Prev, numbered pages (with gaps) and Next as buttons over a page held in the screen's state (My Ads,
 * the wallet's and the subscription's tables). One page: nothing, unless `showSingle`.
 */
export function PageButtons({
  page,
  pageCount,
  onPage,
  label,
  className = 'ad-pages',
  small = false,
  showSingle = false,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
  className?: string;
  small?: boolean;
  showSingle?: boolean;
}) {
  if (pageCount <= 1 && !showSingle) return null;
  pageCount = Math.max(pageCount, 1);
  const item = (target: number, text: string, disabled: boolean, ariaLabel?: string) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      <button
        type="button"
        className="page-link"
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => onPage(target)}
      >
        {text}
      </button>
    </li>
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
              <button
                type="button"
                className="page-link"
                aria-label={`${T.page} ${entry}`}
                onClick={() => onPage(entry)}
              >
                {entry}
              </button>
            </li>
          ),
        )}
        {item(page + 1, T.next, page >= pageCount)}
      </ul>
    </nav>
  );
}
