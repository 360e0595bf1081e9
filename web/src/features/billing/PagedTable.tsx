import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES } from '@app/domain';
import { ColumnsTable } from '../../ui/ColumnsTable.tsx';
import type { TableColumn } from '../../ui/ColumnsTable.tsx';
import { PagedList } from '../../ui/PagedList.tsx';
import type { ListPage, Paging } from '../../ui/PagedList.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';

const T = MESSAGES.pager;

/**
 * The wallet's and the subscription's paged tables (`PagedList`), each a section under its heading:
 * the table of `columns` (`ColumnsTable`, cards on a phone) with a row per item of the loaded page,
 * then the page buttons (shown for one page too) beside "Rows per page".
 */
export function PagedTable<P extends ListPage>({
  titleId,
  title,
  query,
  paging,
  empty,
  columns,
  rowKey,
}: {
  titleId: string;
  title: string;
  query: UseQueryResult<P>;
  paging: Paging;
  empty: string;
  columns: readonly TableColumn<P['data'][number]>[];
  rowKey: (item: P['data'][number]) => string | number;
}) {
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="h5">
        {title}
      </h2>
      <PagedList
        query={query}
        paging={paging}
        loadFailed={MESSAGES.toast.genericWarning}
        retry={T.retry}
        empty={empty}
        pagesLabel={T.label}
        smallPages
        pagesClassName="billing-pager"
        showSinglePage
        footer={(pages) => (
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-3">
            {pages}
            <PageSizeSelect
              label={T.pageSize}
              value={paging.pageSize}
              onChange={paging.setPageSize}
              smallLabel
            />
          </div>
        )}
      >
        {(page) => (
          <ColumnsTable
            columns={columns}
            rows={page.data}
            rowKey={rowKey}
            hover
            size="sm"
            className="billing-table mb-0"
          />
        )}
      </PagedList>
    </section>
  );
}
