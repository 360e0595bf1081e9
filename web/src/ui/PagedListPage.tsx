import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { DEFAULT_PAGE_SIZE, MESSAGES } from '@app/domain';
import { PagedList } from './PagedList.tsx';
import type { ListPage, Paging } from './PagedList.tsx';
import { PageSizeSelect } from './PageSizeSelect.tsx';

export type { ListPage, Paging } from './PagedList.tsx';

/** A list's page (from 1) and page size (`initialSize`, the spec's 10 unless told). */
export function usePaging(initialSize: number = DEFAULT_PAGE_SIZE): Paging {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState(initialSize);
  const setPageSize = useCallback((size: number) => {
    setSize(size);
    setPage(1);
  }, []);
  return { page, pageSize, setPage, setPageSize };
}

/**
 * Spec 000 §8: a failed load of products or orders is the toast 'Network response was not ok', once
 * per failure (`toastId` keeps a second one away while the first is shown). Without `toastId` nothing
 * is toasted (lists whose failure only shows in the page).
 */
export function useLoadFailedToast(
  query: Pick<UseQueryResult, 'isError' | 'errorUpdatedAt'>,
  toastId: string | undefined,
): void {
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt && toastId) toast.error(MESSAGES.toast.networkError, { toastId });
  }, [failedAt, toastId]);
}

/** What `PagedListPage` shows: its header, the page size, the list and what follows. */
interface PagedListPageProps<T extends ListPage> {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  /** After the title, in the header's row (badges, an Add link). */
  headerExtras?: ReactNode;
  /** "N per page" in the header's row rather than on its own row below it. */
  sizeInHeader?: boolean;
  smallLabel?: boolean;
  /** At the end of the page size's own row (not with `sizeInHeader`). */
  toolbar?: ReactNode;
  /** Between the header and the list (a warning about the whole list). */
  notice?: ReactNode;
  perPageLabel: string;
  paging: Paging;
  query: UseQueryResult<T>;
  toastId?: string;
  /** The warning's text when the list could not be loaded. */
  loadFailed: string;
  retry: string;
  /** A text (shown muted) or the page's own empty state. */
  empty: ReactNode;
  pagesLabel: string;
  className?: string;
  /** After the list (dialogs). */
  after?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The shell of an owner's paged list (My Orders, My Sales, My Products, the wishlist, My Places, My
 * Ads): the title with the page's own header items, "N per page" (a new size goes back to page 1), then
 * a spinner while the first page loads, a warning with `retry` when it failed (and the toast, with
 * `toastId`), `empty` when there is nothing, else the rows (`children`, given the loaded page) and the
 * pages (`PagedList`).
 */
export function PagedListPage<T extends ListPage>({
  titleId,
  title,
  headerExtras,
  sizeInHeader = false,
  smallLabel = false,
  toolbar,
  notice,
  perPageLabel,
  paging,
  query,
  toastId,
  loadFailed,
  retry,
  empty,
  pagesLabel,
  className,
  after,
  children,
}: PagedListPageProps<T>) {
  const { pageSize, setPageSize } = paging;
  useLoadFailedToast(query, toastId);

  const sizeSelect = (
    <PageSizeSelect
      label={perPageLabel}
      value={pageSize}
      smallLabel={smallLabel}
      className={sizeInHeader || toolbar ? '' : 'mb-3'}
      onChange={setPageSize}
    />
  );

  return (
    <section className={className} aria-labelledby={titleId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id={titleId} className="h4 mb-0 me-auto">
          {title}
        </h1>
        {headerExtras}
        {sizeInHeader && sizeSelect}
      </div>

      {!sizeInHeader &&
        (toolbar ? (
          <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
            {sizeSelect}
            <div className="ms-auto">{toolbar}</div>
          </div>
        ) : (
          sizeSelect
        ))}

      {notice}

      <PagedList
        query={query}
        paging={paging}
        loadFailed={loadFailed}
        retry={retry}
        empty={empty}
        pagesLabel={pagesLabel}
      >
        {children}
      </PagedList>

      {after}
    </section>
  );
}
