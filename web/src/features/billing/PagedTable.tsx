import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES } from '@app/domain';
import { PagedList } from '../../ui/PagedList.tsx';
import type { ListPage, Paging } from '../../ui/PagedList.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';

const T = MESSAGES.pager;

/**
 * The wallet's and the subscription's paged tables (`PagedList`): the table (`children`, given the
 * loaded page), then the page buttons (shown for one page too) beside "Rows per page".
 */
export function PagedTable<P extends ListPage>({
  query,
  paging,
  empty,
  children,
}: {
  query: UseQueryResult<P>;
  paging: Paging;
  empty: string;
  children: (data: P) => ReactNode;
}) {
  return (
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
      {children}
    </PagedList>
  );
}
