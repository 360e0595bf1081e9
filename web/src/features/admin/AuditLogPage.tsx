import { useEffect, useId, useRef, useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { adPath, MESSAGES } from '@app/domain';
import type { TAdminUserItem } from '@app/domain';
import { CardsOnPhone } from '../../ui/ColumnsTable.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { ADMIN_PAGE_SIZE, adminErrorMessage } from './adminApi.ts';
import type { Paging } from '../../ui/PagedListPage.tsx';
import {
  auditActionLabel,
  auditFiltersFromParams,
  auditSubjectLabel,
  EMPTY_AUDIT_FILTERS,
  fetchAuditCsv,
  useAuditActions,
  useAuditLog,
} from './auditLogApi.ts';
import type { AuditEntry, AuditFilters } from './auditLogApi.ts';
import { AdminPageHeader, AdminTable, useAdminList } from './parts.tsx';
import './admin-pages.css';
import { formatMoment } from '../../lib/dates.ts';
import { ScrollingTable } from '../../ui/ScrollingTable.tsx';

const M = MESSAGES.auditLog;
const C = M.columns;
const P = MESSAGES.adminPages.audit;

/** The admin accounts the 'by' filter offers: the first 100, more than a site has. */
const EVERY_ADMIN = { page: 1, pageSize: 100 };

/** A recorded value as one short line: text as it is, anything else as JSON. */
function show(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** One changed field of a before/after pair. */
export interface ChangedField {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields that differ between a record's before and after (both objects, either may be null): a
 * field only before was removed, only after was added. Values that are not objects compare as a
 * whole, under the field name `value`.
 */
export function diffValues(before: unknown, after: unknown): ChangedField[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(before) && !isObject(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: 'value', before, after }];
  }
  const from = isObject(before) ? before : {};
  const to = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: from[field], after: to[field] }));
}

/** The compact diff of one entry: field, before, after. */
function ChangeTable({ entry }: { entry: AuditEntry }) {
  const changes = diffValues(entry.attributes.before_value, entry.attributes.after_value);
  if (changes.length === 0) return <p className="small text-body-secondary mb-0">{P.noChange}</p>;
  return (
    <Table size="sm" bordered className="small mb-0 admin-audit-diff">
      <thead>
        <tr>
          <th scope="col">{P.changes}</th>
          <th scope="col">{C.before}</th>
          <th scope="col">{C.after}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">
              <code>{change.field}</code>
            </th>
            <td className="text-break">
              {change.before === undefined ? <em>{P.added}</em> : <del>{show(change.before)}</del>}
            </td>
            <td className="text-break">
              {change.after === undefined ? <em>{P.removed}</em> : <ins>{show(change.after)}</ins>}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * The filters' form: the admin and action selects apply as soon as one is chosen; the record box
 * applies on Enter or Apply; Clear empties all three.
 */
function AuditFiltersForm({
  applied,
  onApply,
}: {
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const id = useId();
  const [subject, setSubject] = useState(applied.subject);
  // A new applied record (Clear, or the browser's back button) replaces what was typed.
  const [seen, setSeen] = useState(applied.subject);
  if (seen !== applied.subject) {
    setSeen(applied.subject);
    setSubject(applied.subject);
  }
  const actions = useAuditActions();
  const admins = useAdminList<TAdminUserItem>('/admin/users', { type: 'admin' }, EVERY_ADMIN);
  const choose = (key: 'actor' | 'action') => (event: { target: { value: string } }) =>
    onApply({ ...applied, subject, [key]: event.target.value });

  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-3 mb-3"
      aria-label={M.filters}
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...applied, subject });
      }}
    >
      <Form.Group controlId={`${id}-actor`} className="admin-filter">
        <Form.Label className="small mb-1">{C.actor}</Form.Label>
        <Form.Select size="sm" value={applied.actor} onChange={choose('actor')}>
          <option value="">{MESSAGES.adminConsole.filters.all}</option>
          {(admins.data?.data ?? []).map((admin) => (
            <option key={admin.id} value={String(admin.id)}>
              {admin.username} (#{admin.id})
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId={`${id}-action`} className="admin-filter">
        <Form.Label className="small mb-1">{M.filterAction}</Form.Label>
        <Form.Select size="sm" value={applied.action} onChange={choose('action')}>
          <option value="">{M.allActions}</option>
          {(actions.data ?? []).map((action) => (
            <option key={action} value={action}>
              {auditActionLabel(action)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId={`${id}-subject`} className="admin-filter">
        <Form.Label className="small mb-1">{M.filterSubject}</Form.Label>
        <Form.Control
          size="sm"
          value={subject}
          maxLength={200}
          onChange={(event) => setSubject(event.target.value)}
        />
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" variant="accent">
          {M.apply}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => {
            setSubject('');
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        >
          {M.clear}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The page's filters, page and page size, kept in the URL (`?actor=1&action=user.block&subject=provider
 * &page=2&size=50`) so a reload or a shared link shows the same entries.
 */
function useAuditUrlState(): { filters: AuditFilters; paging: Paging; apply: (next: AuditFilters) => void } {
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersFromParams(params);
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const pageSize = Math.max(1, Math.trunc(Number(params.get('size'))) || ADMIN_PAGE_SIZE);
  const update = (changes: Record<string, string | number | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  return {
    filters,
    paging: {
      page,
      pageSize,
      setPage: (value) => update({ page: value > 1 ? value : null }),
      setPageSize: (value) => update({ size: value === ADMIN_PAGE_SIZE ? null : value, page: null }),
    },
    apply: (next) =>
      update({ actor: next.actor, action: next.action, subject: next.subject.trim(), page: null }),
  };
}

/**
 * The CSV export of the filtered entries: fetched with the session's token (never in the URL), then
 * saved from an object URL; the link stays for a second try if the browser did not save it.
 */
function ExportCsv({ filters }: { filters: AuditFilters }) {
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const link = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (url) link.current?.click();
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const blob = await fetchAuditCsv(filters);
      setUrl(URL.createObjectURL(blob));
    } catch (error) {
      toast.error(adminErrorMessage(error, M.exportFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void exportCsv();
        }}
      >
        <SubmitButton submitting={busy} variant="outline-primary" className="btn-sm">
          <i className="bi bi-download me-1" aria-hidden="true" />
          {busy ? P.preparing : M.exportCsv}
        </SubmitButton>
      </form>
      {url && (
        <a ref={link} href={url} download="audit-log.csv" className="small">
          {P.download}
        </a>
      )}
    </div>
  );
}

/** One entry of the log, and below it its before and after when opened. */
function AuditRow({
  entry,
  expanded,
  onToggle,
}: {
  entry: AuditEntry;
  expanded: boolean;
  onToggle: () => void;
}) {
  const a = entry.attributes;
  const actor = a.actor?.data ?? null;
  const rowId = `audit-change-${entry.id}`;
  return (
    <>
      <tr data-testid="audit-row">
        <td data-label={C.when} className="small text-nowrap">
          {formatMoment(a.createdAt)}
        </td>
        <td data-label={C.actor}>
          {actor ? (
            <>
              <Link to={`/admin/users/${actor.id}`}>{actor.attributes.username}</Link>
              {actor.attributes.email && (
                <div className="small text-body-secondary text-break">{actor.attributes.email}</div>
              )}
            </>
          ) : (
            <span className="text-body-secondary">{M.system}</span>
          )}
        </td>
        <td data-label={C.action} title={a.action}>
          {auditActionLabel(a.action)}
        </td>
        <td data-label={C.subject} className="text-break">
          <AuditSubject subject={a.subject} />
        </td>
        <td data-label={C.ip} className="small text-nowrap">
          {a.ip ?? '—'}
        </td>
        <td data-label={C.details} className="small text-break">
          {a.details == null ? '—' : show(a.details)}
        </td>
        <td data-label={P.changes}>
          <Button
            size="sm"
            variant="link"
            className="p-0 text-nowrap text-start"
            aria-expanded={expanded}
            aria-controls={expanded ? rowId : undefined}
            onClick={onToggle}
          >
            {expanded ? M.hideChange : M.showChange}
          </Button>
        </td>
      </tr>
      {expanded && (
        <tr id={rowId}>
          <td colSpan={7} className="bg-body-tertiary">
            <ChangeTable entry={entry} />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * /admin/audit-log: every admin action, newest first, paged; filtered by admin,
 * action and record; each entry with when, who, what, which record, from which address, and its before
 * and after as a compact diff (opened per entry); Export CSV with the same filters.
 */
export default function AuditLogPage() {
  const { filters, paging, apply } = useAuditUrlState();
  const log = useAuditLog(filters, paging.page, paging.pageSize);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const toggle = (entryId: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(entryId)) next.add(entryId);
      return next;
    });

  return (
    <section>
      <AdminPageHeader title={MESSAGES.adminConsole.titles.auditLog}>
        <ExportCsv filters={filters} />
      </AdminPageHeader>
      <p className="small text-body-secondary">
        {M.intro} {M.exportLimit}
      </p>
      <AuditFiltersForm applied={filters} onApply={apply} />
      <CardsOnPhone>
        <AdminTable query={log} paging={paging} empty={M.empty} loadFailed={M.loadFailed}>
          {(entries) => (
            <ScrollingTable label={M.title} size="sm" className="align-middle admin-audit">
              <caption className="visually-hidden">{M.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{C.when}</th>
                  <th scope="col">{C.actor}</th>
                  <th scope="col">{C.action}</th>
                  <th scope="col">{C.subject}</th>
                  <th scope="col">{C.ip}</th>
                  <th scope="col">{C.details}</th>
                  <th scope="col">{P.changes}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <AuditRow
                    key={entry.id}
                    entry={entry}
                    expanded={open.has(entry.id)}
                    onToggle={() => toggle(entry.id)}
                  />
                ))}
              </tbody>
            </ScrollingTable>
          )}
        </AdminTable>
      </CardsOnPhone>
    </section>
  );
}

/** A recorded record: an ad (`provider:12`) links to its own page; anything else is its label. */
function AuditSubject({ subject }: { subject: string }) {
  const ad = /^provider:(\d+)$/.exec(subject);
  const label = auditSubjectLabel(subject);
  return ad ? (
    <Link to={adPath(Number(ad[1]))} title={subject}>
      {label}
    </Link>
  ) : (
    <span title={subject}>{label}</span>
  );
}
