import { MESSAGES } from '@app/domain';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';

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
      <PageSizeSelect label={T.pageSize} value={pageSize} onChange={onPageSize} smallLabel />
    </div>
  );
}
