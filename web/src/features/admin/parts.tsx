import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { QueryParams } from '../../api/client.ts';
import { PagedList } from '../../ui/PagedList.tsx';
import type { Paging } from '../../ui/PagedList.tsx';
import { usePaging } from '../../ui/PagedListPage.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { ADMIN_PAGE_SIZE, ADMIN_QUERY_KEY, adminGet } from './adminApi.ts';
import type { AdminPage } from './adminApi.ts';

/**
 * The console's shared parts: the paged list query and its table, the status badge, the filters and the
 * page header (the dialogs are in dialogs.tsx). Every console page builds on these, so loading, empty,
 * failed and paged lists look and behave the same everywhere.
 */

const T = MESSAGES.adminConsole;

// ---- lists --------------------------------------------------------------------------------------

/** The console's page and page size (20 by default, as the admin routes answer). */
export function useAdminPaging(initialSize: number = ADMIN_PAGE_SIZE): Paging {
  return usePaging(initialSize);
}

/** The query key of an admin list: under `['admin']`, so `invalidateQueries(ADMIN_QUERY_KEY)` refreshes all. */
export function adminListKey(path: string, params: QueryParams = {}) {
  return [...ADMIN_QUERY_KEY, 'list', path, params] as const;
}

/**
 * One page of a paged admin list (`GET /api/admin/<list>?pagination[page]&pagination[pageSize]&…`). Empty
 * filter values are left out of the query. The previous page stays on screen while the next one loads.
 */
export function useAdminList<T>(
  path: string,
  params: QueryParams,
  paging: Pick<Paging, 'page' | 'pageSize'>,
  { enabled = true }: { enabled?: boolean } = {},
): UseQueryResult<AdminPage<T>> {
  const clean: QueryParams = {
    ...Object.fromEntries(
      Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    ),
    pagination: { page: paging.page, pageSize: paging.pageSize },
  };
  return useQuery({
    queryKey: adminListKey(path, clean),
    queryFn: ({ signal }) => adminGet<AdminPage<T>>(path, clean, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A query's loading, failed or empty state: shared with the pages outside the console. */
export { QueryState };

/** The rows of a console list as a responsive table: the column headings, then one `<tr>` per item. */
function RowsTable<T>({
  items,
  headers,
  row,
  caption,
}: {
  items: readonly T[];
  headers?: readonly ReactNode[];
  row?: (item: T, index: number, items: readonly T[]) => ReactNode;
  caption?: string;
}) {
  return (
    <Table responsive hover size="sm" className="align-middle">
      {caption && <caption className="visually-hidden">{caption}</caption>}
      {headers && (
        <thead>
          <tr>
            {headers.map((heading, index) => (
              <th key={index} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>{row && items.map((item, index) => row(item, index, items))}</tbody>
    </Table>
  );
}

/**
 * A paged admin list (`PagedList`): the spinner, the warning with Retry, 'No items' (or `empty`), else
 * the rows, the total, the page size and the pages. With `headers` and `row` the rows are a responsive
 * table; with `children` the page lays them out itself (the moderation queue's cards).
 */
export function AdminTable<T>({
  query,
  paging,
  pagesLabel = T.table.pages,
  empty,
  loadFailed = T.table.loadFailed,
  headers,
  row,
  caption,
  children,
  showPageSize = true,
}: {
  query: UseQueryResult<AdminPage<T>>;
  paging: Paging;
  pagesLabel?: string;
  empty?: ReactNode;
  loadFailed?: string;
  /** The table's column headings. */
  headers?: readonly ReactNode[];
  /** One `<tr>` per item (with its place on the page and the page's items, to compare with a neighbour). */
  row?: (item: T, index: number, items: readonly T[]) => ReactNode;
  /** The table's caption, for screen readers. */
  caption?: string;
  children?: (items: T[], page: AdminPage<T>) => ReactNode;
  showPageSize?: boolean;
}) {
  const footer = (pages: ReactNode, data: AdminPage<T>) => (
    <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
      <span className="small text-body-secondary">
        {T.table.total}: {data.meta.pagination.total}
      </span>
      {showPageSize && (
        <PageSizeSelect
          label={T.table.perPage}
          value={paging.pageSize}
          onChange={paging.setPageSize}
          smallLabel
        />
      )}
      <div className="ms-auto">{pages}</div>
    </div>
  );
  return (
    <div className="admin-table">
      <PagedList
        query={query}
        paging={paging}
        loadFailed={loadFailed}
        retry={T.table.retry}
        empty={<p className="text-body-secondary">{empty ?? T.table.noItems}</p>}
        pagesLabel={pagesLabel}
        smallPages
        footer={footer}
      >
        {(data) =>
          children ? (
            children(data.data, data)
          ) : (
            <RowsTable items={data.data} headers={headers} row={row} caption={caption} />
          )
        }
      </PagedList>
    </div>
  );
}

// ---- badges -------------------------------------------------------------------------------------

type StatusKey = keyof typeof T.statuses;

const STATUS_VARIANTS: Record<StatusKey, string> = {
  pending: 'warning',
  approved: 'success',
  verified: 'success',
  rejected: 'danger',
  active: 'success',
  blocked: 'danger',
  open: 'info',
  reviewed: 'primary',
  closed: 'secondary',
  none: 'light',
};

function isStatusKey(value: string): value is StatusKey {
  return value in STATUS_VARIANTS;
}

/**
 * A state as a coloured badge: pending amber, verified/approved green, rejected/blocked red, and the
 * reports' New / In progress / Closed. `label` overrides the catalogue's name; an unknown or missing
 * state shows 'None' (or its own text) in grey.
 */
export function StatusBadge({
  status,
  label,
  className,
}: {
  status: string | null | undefined;
  label?: string;
  className?: string;
}) {
  const key = status && isStatusKey(status) ? status : null;
  const variant = key ? STATUS_VARIANTS[key] : 'secondary';
  const text = label ?? (key ? T.statuses[key] : (status ?? T.statuses.none));
  const dark = variant === 'warning' || variant === 'light' || variant === 'info';
  return (
    <Badge bg={variant} text={dark ? 'dark' : undefined} className={className}>
      {text}
    </Badge>
  );
}

// ---- filters ------------------------------------------------------------------------------------

/** The row of a list's filters, named for screen readers. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <div
      className="d-flex flex-wrap align-items-end gap-3 mb-3"
      role="group"
      aria-label={MESSAGES.adminConsole.filters.label}
    >
      {children}
    </div>
  );
}

/** A labelled select for a list filter ('All' first, value ''). */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  allLabel = T.filters.all,
  includeAll = true,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  allLabel?: string;
  includeAll?: boolean;
}) {
  const id = useId();
  return (
    <Form.Group controlId={id} className="admin-filter">
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value)}>
        {includeAll && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/**
 * A labelled search box that reports its text on submit (Enter or the Search button), not on every
 * key, so a list is not fetched per letter.
 */
export function SearchBox({
  label = T.filters.search,
  placeholder = T.filters.searchPlaceholder,
  initial = '',
  onSearch,
}: {
  label?: string;
  placeholder?: string;
  initial?: string;
  onSearch: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    <Form
      role="search"
      className="admin-filter d-flex align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Form.Group controlId={id}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <Form.Control
          size="sm"
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
        />
      </Form.Group>
      <Button type="submit" size="sm" variant="outline-secondary">
        {T.filters.search}
      </Button>
    </Form>
  );
}

/** A console page's heading row: the title (its `id` for `aria-labelledby`), then the page's own items. */
export function AdminPageHeader({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <h1 id={id} className="h4 mb-0 me-auto">
        {title}
      </h1>
      {children}
    </div>
  );
}
