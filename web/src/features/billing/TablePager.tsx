import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { getPageWindow } from '../directory/listing/pageWindow.ts';

const T = MESSAGES.pager;

/** The page sizes a table offers (spec 001 §2: 10, 20, 30, 40). */
export const PAGE_SIZES = [10, 20, 30, 40] as const;

interface TablePagerProps {
  page: number;
  pageCount: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Prev, the page numbers (with gaps), Next, and the rows-per-page selector under a table. */
export function TablePager({ page, pageCount, pageSize, onPage, onPageSize }: TablePagerProps) {
  const id = useId();
  const pages = Math.max(pageCount, 1);
  const step = (target: number, label: string, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      <button type="button" className="page-link" disabled={disabled} onClick={() => onPage(target)}>
        {label}
      </button>
    </li>
  );
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-3">
      <nav aria-label={T.label} className="billing-pager">
        <ul className="pagination pagination-sm flex-wrap mb-0">
          {step(page - 1, T.prev, page <= 1)}
          {getPageWindow(page, pages, 1).map((entry, index) =>
            entry === 'gap' ? (
              <li key={`gap-${index}`} className="page-item disabled">
                <span className="page-link">…</span>
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
          {step(page + 1, T.next, page >= pages)}
        </ul>
      </nav>
      <Form.Group controlId={`${id}-size`} className="d-flex align-items-center gap-2">
        <Form.Label className="mb-0 small text-nowrap">{T.pageSize}</Form.Label>
        <Form.Select
          size="sm"
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          className="w-auto"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </div>
  );
}
