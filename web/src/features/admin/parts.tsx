import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { Badge, Button, Form, Modal, Table } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { QueryParams } from '../../api/client.ts';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { usePaging } from '../../ui/PagedListPage.tsx';
import type { Paging } from '../../ui/PagedListPage.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { ADMIN_PAGE_SIZE, ADMIN_QUERY_KEY, adminGet } from './adminApi.ts';
import type { AdminPage } from './adminApi.ts';

/**
 * The console's shared parts (issue 14): the paged list query and its table, the confirmation and the
 * reason dialogs, the status badge. Every console page builds on these, so loading, empty, failed and
 * paged lists look and behave the same everywhere.
 */

const T = MESSAGES.adminConsole;

/** `{name}` placeholders of a catalogue text filled in (missing ones stay as they are). */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

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
 * One page of a paged admin list (`GET /api/admin/<list>?page&pageSize&…`). Empty filter values are
 * left out of the query. The previous page stays on screen while the next one loads.
 */
export function useAdminList<T>(
  path: string,
  params: QueryParams = {},
  { enabled = true }: { enabled?: boolean } = {},
): UseQueryResult<AdminPage<T>> {
  const clean: QueryParams = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  return useQuery({
    queryKey: adminListKey(path, clean),
    queryFn: ({ signal }) => adminGet<AdminPage<T>>(path, clean, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A query's loading, failed or empty state: shared with the pages outside the console. */
export { QueryState };

/**
 * A paged admin list: the spinner, the warning with Retry, 'No items' (or `empty`), else the rows and
 * the pages. With `headers` and `row` the rows are a responsive table; with `children` the page lays
 * them out itself (the moderation queue's cards). A page past the end goes back to the last page.
 */
export function AdminTable<T>({
  query,
  paging,
  pagesLabel = T.table.pages,
  empty,
  loadFailed,
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
  const data = query.data;
  const pageCount = data?.meta.pagination.pageCount ?? 1;
  const total = data?.meta.pagination.total;
  const { page, setPage } = paging;
  // Only the current page's own answer tells (not the previous page kept on screen meanwhile).
  const pastEnd = query.isSuccess && !query.isPlaceholderData && page > 1 && page > pageCount;
  useEffect(() => {
    if (pastEnd) setPage(Math.max(pageCount, 1));
  }, [pastEnd, pageCount, setPage]);

  if (query.isPending || pastEnd || query.isError || !data || data.data.length === 0) {
    return (
      <QueryState
        query={{ ...query, isPending: query.isPending || pastEnd }}
        loadFailed={loadFailed}
        empty={empty}
        isEmpty={data !== undefined && data.data.length === 0}
      />
    );
  }

  return (
    <div className="admin-table">
      {children ? (
        children(data.data, data)
      ) : (
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
          <tbody>{row && data.data.map((item, index, items) => row(item, index, items))}</tbody>
        </Table>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
        {total !== undefined && (
          <span className="small text-body-secondary">
            {T.table.total}: {total}
          </span>
        )}
        {showPageSize && (
          <PageSizeSelect
            label={T.table.perPage}
            value={paging.pageSize}
            onChange={paging.setPageSize}
            smallLabel
          />
        )}
        <div className="ms-auto">
          <PageButtons page={page} pageCount={pageCount} onPage={setPage} label={pagesLabel} small />
        </div>
      </div>
    </div>
  );
}

// ---- dialogs ------------------------------------------------------------------------------------

/**
 * The console's confirmation for an action that cannot be undone (approve, verify, block): the one
 * confirmation dialog of the site (`ConfirmDeleteDialog`) with the console's title and buttons.
 */
export function ConfirmDialog({
  show,
  busy,
  prompt,
  title = T.dialog.confirmTitle,
  confirmLabel = T.dialog.confirm,
  cancelLabel = T.dialog.cancel,
  variant = 'accent',
  children,
  onConfirm,
  onClose,
}: {
  show: boolean;
  busy: boolean;
  prompt: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: string;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDeleteDialog
      show={show}
      deleting={busy}
      prompt={prompt}
      title={title}
      confirmLabel={confirmLabel}
      closeLabel={cancelLabel}
      confirmVariant={variant}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {children}
    </ConfirmDeleteDialog>
  );
}

/**
 * A decision with a reason (Reject): quick-pick templates (optional), a required 'Reason' box
 * (`minLength`-`maxLength` characters, after trimming) and `extra` below it, which may depend on the
 * text (the escalation steps). The reason is kept while the dialog is open; `onSubmit` gets it trimmed.
 */
export function ReasonDialog({
  show,
  busy,
  title,
  intro,
  label,
  help,
  templates,
  templateLabels,
  templatesLabel,
  requiredMessage,
  tooLongMessage,
  minLength = 1,
  maxLength = 500,
  confirmLabel,
  cancelLabel = T.dialog.cancel,
  extra,
  validate,
  onSubmit,
  onClose,
}: {
  show: boolean;
  busy: boolean;
  title: string;
  intro?: ReactNode;
  label: string;
  help?: string;
  templates?: readonly string[];
  /** What each template's button says, when it differs from the text it puts in the box. */
  templateLabels?: readonly string[];
  templatesLabel?: string;
  requiredMessage: string;
  tooLongMessage?: string;
  minLength?: number;
  maxLength?: number;
  confirmLabel: string;
  cancelLabel?: string;
  extra?: (reason: string) => ReactNode;
  /** A shared schema's check of the trimmed reason (the error's text, or null); replaces the length rule. */
  validate?: (reason: string) => string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    const text = reason.trim();
    const invalid = validate?.(text);
    if (invalid) return setError(invalid);
    if (!validate && text.length < minLength) return setError(requiredMessage);
    if (!validate && text.length > maxLength) return setError(tooLongMessage ?? requiredMessage);
    setError(null);
    onSubmit(text);
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId} onExited={() => setReason('')}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Modal.Header closeButton closeLabel={T.dialog.close}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {intro}
          {templates && templates.length > 0 && (
            <div className="mb-3" role="group" aria-label={templatesLabel}>
              {templatesLabel && <div className="form-label">{templatesLabel}</div>}
              <div className="d-flex flex-wrap gap-2">
                {templates.map((template, index) => (
                  <Button
                    key={template}
                    size="sm"
                    variant={reason === template ? 'secondary' : 'outline-secondary'}
                    aria-pressed={reason === template}
                    onClick={() => {
                      setReason(template);
                      setError(null);
                    }}
                  >
                    {templateLabels?.[index] ?? template}
                  </Button>
                ))}
              </div>
            </div>
          )}
          <Form.Group controlId={fieldId} className="mb-3">
            <Form.Label>{label}</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              value={reason}
              maxLength={maxLength + 50}
              isInvalid={error !== null}
              aria-invalid={error !== null}
              aria-describedby={
                [error ? `${fieldId}-error` : null, help ? `${fieldId}-help` : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(event) => setReason(event.target.value)}
            />
            {error && (
              <Form.Control.Feedback type="invalid" id={`${fieldId}-error`}>
                {error}
              </Form.Control.Feedback>
            )}
            {help && (
              <Form.Text id={`${fieldId}-help`} className="d-block">
                {help}
              </Form.Text>
            )}
          </Form.Group>
          {extra?.(reason)}
        </Modal.Body>
        <Modal.Footer>
          <SubmitButton submitting={busy} variant="danger">
            {confirmLabel}
          </SubmitButton>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
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
