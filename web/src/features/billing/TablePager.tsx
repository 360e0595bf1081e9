import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { MESSAGES, PAGE_SIZES } from '@app/domain';
import { PageButtons } from '../../ui/PageButtons.tsx';

const T = MESSAGES.pager;

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
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-3">
      <PageButtons
        page={page}
        pageCount={pageCount}
        onPage={onPage}
        label={T.label}
        className="billing-pager"
        small
        showSingle
      />
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
