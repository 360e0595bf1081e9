import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button } from 'react-bootstrap';
import { PageButtons } from './PageButtons.tsx';
import { PageSpinner } from './PageSpinner.tsx';

/** One page of a list as the server answers it (`ApiList`, the sales page, a console list). */
export interface ListPage {
  data: readonly unknown[];
  meta: { pagination: { pageCount: number } };
}

/** The page and the page size of a list, held in the screen's state. */
export interface Paging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** A new size starts again at page 1. */
  setPageSize: (pageSize: number) => void;
}

/**
 * A page past the end (rows deleted meanwhile) goes to the last page. Only the current page's own
 * answer tells, not the previous page kept on screen while it loads. Answers whether it is moving.
 */
export function usePastEnd(
  query: UseQueryResult<ListPage>,
  paging: Pick<Paging, 'page' | 'setPage'>,
): boolean {
  const pageCount = query.data?.meta.pagination.pageCount ?? 1;
  const { page, setPage } = paging;
  const pastEnd = query.isSuccess && !query.isPlaceholderData && page > 1 && page > pageCount;
  useEffect(() => {
    if (pastEnd) setPage(Math.max(pageCount, 1));
  }, [pastEnd, pageCount, setPage]);
  return pastEnd;
}

/** The warning of a list that could not be loaded, with its Retry button (when it has one). */
export function LoadFailed({
  message,
  retry,
  onRetry,
}: {
  message: ReactNode;
  retry?: string;
  onRetry: () => void;
}) {
  if (retry === undefined) return <Alert variant="warning">{message}</Alert>;
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      {message}
      <Button size="sm" variant="outline-secondary" onClick={onRetry}>
        {retry}
      </Button>
    </Alert>
  );
}

/** What a list shows when it could not be loaded: the warning with Retry, or the page's own state. */
type ListFailure =
  | {
      /** The warning's text when the list could not be loaded. */
      loadFailed: ReactNode;
      /** The Retry button's text; without it the warning has no button. */
      retry?: string;
      failed?: undefined;
    }
  | { failed: ReactNode; loadFailed?: undefined; retry?: undefined };

/**
 * The one paged list of the site, for an owner's lists, the console's lists, the tables of the
 * wallet, the subscription and the settings, a venue's reviews and the screening records: a spinner
 * while the page loads, the warning with Retry when it failed, `empty` when there is nothing, else the
 * rows (`children`, given the loaded page) and `footer` (by default the page buttons; a footer of its
 * own gets them as `pages`). A page that tells of a failure its own way (the screening page toasts
 * it) gives its own `failed` state instead.
 */
export function PagedList<T extends ListPage>({
  query,
  paging,
  empty,
  pending = <PageSpinner />,
  pagesLabel,
  smallPages = false,
  pagesClassName,
  showSinglePage = false,
  footer,
  children,
  ...failure
}: {
  query: UseQueryResult<T>;
  paging: Pick<Paging, 'page' | 'setPage'>;
  /** A text (shown muted) or the page's own empty state. */
  empty: ReactNode;
  /** What shows while the first page loads (the page's spinner unless told). */
  pending?: ReactNode;
  pagesLabel: string;
  smallPages?: boolean;
  /** The page buttons' class (PageButtons' own by default). */
  pagesClassName?: string;
  /** Show the page buttons for a single page too. */
  showSinglePage?: boolean;
  /** What follows the rows, given the page buttons and the loaded page. */
  footer?: (pages: ReactNode, data: T) => ReactNode;
  children: (data: T) => ReactNode;
} & ListFailure) {
  const pastEnd = usePastEnd(query as UseQueryResult<ListPage>, paging);
  const data = query.data;
  if (query.isPending || pastEnd) return pending;
  if (query.isError || !data) {
    if (failure.loadFailed === undefined) return failure.failed;
    return (
      <LoadFailed message={failure.loadFailed} retry={failure.retry} onRetry={() => void query.refetch()} />
    );
  }
  if (data.data.length === 0) {
    return typeof empty === 'string' ? <p className="text-body-secondary">{empty}</p> : empty;
  }
  const pages = (
    <PageButtons
      page={paging.page}
      pageCount={data.meta.pagination.pageCount}
      onPage={paging.setPage}
      label={pagesLabel}
      small={smallPages}
      className={pagesClassName}
      showSingle={showSinglePage}
    />
  );
  return (
    <>
      {children(data)}
      {footer ? footer(pages, data) : pages}
    </>
  );
}
