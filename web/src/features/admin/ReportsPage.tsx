import { useId, useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ADMIN_REPORT_KINDS, MESSAGES, REPORT_STATUSES, STAFF_NOTE_MAX } from '@app/domain';
import type { ReportStatus, TAdminReportItem, TReportLink } from '@app/domain';
import { adminErrorMessage } from './adminApi.ts';
import { ConfirmDialog } from './dialogs.tsx';
import { ListFilters, useFilteredList } from './filteredList.tsx';
import type { ListFilter } from './filteredList.tsx';
import { AdminPageHeader, AdminTable, StatusBadge } from './parts.tsx';
import { useHideReported, useUpdateReport } from './reportsApi.ts';
import './admin-pages.css';
import { formatDay } from '../../lib/dates.ts';
import { formatPhone } from '../screening/index.ts';
import { ScreeningReviewEntries, ScreeningReviewOutcome } from './ScreeningReviewPanel.tsx';

const M = MESSAGES.adminReports;
const C = M.columns;
const P = MESSAGES.adminPages.reports;

const KIND_OPTIONS = ADMIN_REPORT_KINDS.map((kind) => ({ value: kind, label: M.kinds[kind] }));
const STATE_OPTIONS = REPORT_STATUSES.map((status) => ({ value: status, label: M.states[status] }));

type ReportFilter = 'kind' | 'status';
const FILTERS: readonly ListFilter<ReportFilter>[] = [
  { name: 'kind', label: M.kind, options: KIND_OPTIONS, allLabel: M.all },
  { name: 'status', label: M.status, options: STATE_OPTIONS, allLabel: M.openAndReviewed },
];

/**
 * The reported item: the server's path to it (an ad: its own page, and its owner's page in the console;
 * a place: its public page; a screening comment: its author's page), or the page a reporter pasted,
 * opened apart.
 */
function ReportItemLink({ link }: { link: TReportLink | null }) {
  if (!link || !link.url) return <span className="text-body-secondary">{P.noItem}</span>;
  const label = `${M.links[link.type]}${link.id !== null ? ` #${link.id}` : ''}`;
  if (link.url.startsWith('/') && !link.url.startsWith('//')) {
    return (
      <>
        <Link to={link.url}>{label}</Link>
        {link.ownerUrl && (
          <>
            {' · '}
            <Link to={link.ownerUrl}>{P.owner}</Link>
          </>
        )}
      </>
    );
  }
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer" className="text-break">
      {label}
    </a>
  );
}

/** The reported ad or place a report names (`provider:12`), or null. */
const itemKey = (report: TAdminReportItem): string | null =>
  report.link && report.link.id !== null ? `${report.link.type}:${report.link.id}` : null;

/** Who sent a report, what it is about and who handled it. */
function ReportFacts({ report, itemHidden }: { report: TAdminReportItem; itemHidden: boolean }) {
  return (
    <dl className="row small mb-3">
      <dt className="col-sm-3">{C.from}</dt>
      <dd className="col-sm-9 text-break">
        {report.reporter ? (
          <Link to={`/admin/users/${report.reporter.id}`}>{report.reporter.username}</Link>
        ) : (
          <span>{report.name ?? M.anonymous}</span>
        )}
        {report.email && (
          <>
            {' · '}
            <a href={`mailto:${report.email}`}>{report.email}</a>
          </>
        )}
      </dd>
      {report.review ? (
        <>
          <dt className="col-sm-3">{MESSAGES.screeningReview.phone}</dt>
          <dd className="col-sm-9">{formatPhone(report.review.phone_number)}</dd>
        </>
      ) : (
        <>
          <dt className="col-sm-3">{C.item}</dt>
          <dd className="col-sm-9">
            <ReportItemLink link={report.link} />
            {itemHidden && (
              <Badge bg="warning" text="dark" className="ms-2" data-testid="item-hidden">
                {P.itemHidden}
              </Badge>
            )}
          </dd>
        </>
      )}
      {report.handled_by && (
        <>
          <dt className="col-sm-3">{C.handledBy}</dt>
          <dd className="col-sm-9">
            <Link to={`/admin/users/${report.handled_by.id}`}>{report.handled_by.username}</Link>
          </dd>
        </>
      )}
    </dl>
  );
}

/** A report's change (its state or its note), toasted when saved or refused. */
function useReportChange(report: TAdminReportItem) {
  const update = useUpdateReport();
  const change = async (data: { status?: ReportStatus; staff_note?: string }, done: string) => {
    try {
      await update.mutateAsync({ kind: report.kind, id: report.id, data });
      toast.success(done);
    } catch (error) {
      toast.error(adminErrorMessage(error, M.failed));
    }
  };
  return { change, busy: update.isPending };
}

type ReportChange = ReturnType<typeof useReportChange>;

/** The internal note's box, with its error when too long and its help text. */
function StaffNoteField({
  id,
  note,
  onChange,
}: {
  id: string;
  note: string;
  onChange: (note: string) => void;
}) {
  const noteTooLong = note.length > STAFF_NOTE_MAX;
  return (
    <Form.Group controlId={`${id}-note`} className="mb-2">
      <Form.Label className="small mb-1">{M.staffNote}</Form.Label>
      <Form.Control
        as="textarea"
        rows={2}
        value={note}
        isInvalid={noteTooLong}
        aria-invalid={noteTooLong}
        aria-describedby={`${noteTooLong ? `${id}-note-error ` : ''}${id}-note-help`}
        onChange={(event) => onChange(event.target.value)}
      />
      {noteTooLong && (
        <Form.Control.Feedback type="invalid" id={`${id}-note-error`}>
          {M.staffNoteTooLong}
        </Form.Control.Feedback>
      )}
      <Form.Text id={`${id}-note-help`}>{M.staffNoteHelp}</Form.Text>
    </Form.Group>
  );
}

/** The note's form and the report's actions: Save note, Close, and Hide item where the item can be hidden. */
function ReportNoteForm({
  id,
  report,
  itemHidden,
  onHide,
  update: { change, busy },
}: {
  id: string;
  report: TAdminReportItem;
  itemHidden: boolean;
  onHide: (report: TAdminReportItem) => void;
  update: ReportChange;
}) {
  const [note, setNote] = useState(report.staff_note ?? '');
  const noteTooLong = note.length > STAFF_NOTE_MAX;
  const hideable = report.link?.type === 'provider' || report.link?.type === 'vendor';
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!noteTooLong) void change({ staff_note: note }, M.saved);
      }}
    >
      <StaffNoteField id={id} note={note} onChange={setNote} />
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="outline-primary" disabled={busy || noteTooLong}>
          {M.saveNote}
        </Button>
        {report.status !== 'closed' && report.kind !== 'review' && (
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={busy}
            onClick={() => void change({ status: 'closed' }, P.closed)}
          >
            {P.close}
          </Button>
        )}
        {hideable && !itemHidden && report.kind !== 'contact' && (
          <Button size="sm" variant="outline-danger" onClick={() => onHide(report)}>
            {M.hide}
          </Button>
        )}
      </div>
    </Form>
  );
}

/** One entry of the queue: what was reported, by whom, its state, the internal note and the actions. */
function ReportCard({
  report,
  itemHidden,
  onHide,
}: {
  report: TAdminReportItem;
  /** Whether its ad or place was hidden from this page (the list carries no item state). */
  itemHidden: boolean;
  onHide: (report: TAdminReportItem) => void;
}) {
  const id = useId();
  const update = useReportChange(report);

  return (
    <Card as="article" className="mb-3 shadow-sm" data-testid="report-card" aria-labelledby={`${id}-title`}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <Badge bg="secondary">{M.kinds[report.kind]}</Badge>
        <h2 id={`${id}-title`} className="h6 mb-0 me-auto">
          {report.reason}
        </h2>
        <span className="small text-body-secondary text-nowrap">{formatDay(report.createdAt)}</span>
        <StatusBadge status={report.status} label={M.states[report.status]} />
      </Card.Header>
      <Card.Body>
        <p className="mb-3 admin-report-details">
          {report.details || <span className="text-body-secondary">{P.noDetails}</span>}
        </p>
        <ReportFacts report={report} itemHidden={itemHidden} />
        {report.kind === 'review' && <ScreeningReviewEntries id={report.id} formId={id} />}
        <Form.Group controlId={`${id}-state`} className="mb-3 admin-filter">
          <Form.Label className="small mb-1">{M.status}</Form.Label>
          <Form.Select
            size="sm"
            className="w-auto"
            value={report.status}
            // A screening review request's state is final once its outcome is sent.
            disabled={update.busy || (report.kind === 'review' && report.status === 'closed')}
            onChange={(event) => void update.change({ status: event.target.value as ReportStatus }, M.saved)}
          >
            {STATE_OPTIONS.map((option) => (
              // A screening review request closes only with its outcome (the form below).
              <option
                key={option.value}
                value={option.value}
                disabled={report.kind === 'review' && option.value === 'closed'}
              >
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <ReportNoteForm id={id} report={report} itemHidden={itemHidden} onHide={onHide} update={update} />
        {report.kind === 'review' && <ScreeningReviewOutcome id={report.id} formId={id} />}
      </Card.Body>
    </Card>
  );
}

/** Hide item, asked first: the report being hidden, the hide itself, and the items hidden so far. */
function useHideReportedItem() {
  const hide = useHideReported();
  const [hiding, setHiding] = useState<TAdminReportItem | null>(null);
  // The ads and places hidden from this page (`provider:12`): the server answers the report's state,
  // not the item's, and the list has no field for it, so the badge shows until the page reloads.
  const [hiddenItems, setHiddenItems] = useState<ReadonlySet<string>>(() => new Set());

  const confirmHide = async () => {
    if (!hiding) return;
    try {
      await hide.mutateAsync(hiding.id);
      const item = itemKey(hiding);
      if (item) setHiddenItems((items) => new Set(items).add(item));
      toast.success(M.hidden);
    } catch (error) {
      toast.error(adminErrorMessage(error, M.failed));
    }
    setHiding(null);
  };

  return { hide, hiding, setHiding, hiddenItems, confirmHide };
}

/**
 * /admin/reports: visitors' reports, providers' screening flags, screening review requests (with the number's
 * entries and the outcome's form) and contact messages,
 * New and In progress by default, newest first; each with its state (New, In progress, Closed), an
 * internal note, a link to the reported item, Close, and Hide item (asked first: the ad or place goes
 * back to pending review).
 */
export default function ReportsPage() {
  const { filters, setFilter, paging, query } = useFilteredList<TAdminReportItem, ReportFilter>(
    '/admin/reports',
    {
      kind: '',
      status: '',
    },
  );
  const { hide, hiding, setHiding, hiddenItems, confirmHide } = useHideReportedItem();

  return (
    <section>
      <AdminPageHeader title={MESSAGES.adminConsole.titles.reports} />
      <p className="small text-body-secondary">{M.intro}</p>
      <ListFilters fields={FILTERS} filters={filters} onChange={setFilter} />

      <AdminTable query={query} paging={paging} empty={M.empty} loadFailed={M.loadFailed}>
        {(items) => (
          <div>
            {items.map((report) => (
              <ReportCard
                key={`${report.kind}-${report.id}-${report.staff_note ?? ''}`}
                report={report}
                itemHidden={hiddenItems.has(itemKey(report) ?? '')}
                onHide={setHiding}
              />
            ))}
          </div>
        )}
      </AdminTable>

      <ConfirmDialog
        show={hiding !== null}
        busy={hide.isPending}
        title={M.confirmHideTitle}
        prompt={M.confirmHide}
        confirmLabel={M.hide}
        variant="danger"
        onConfirm={() => void confirmHide()}
        onClose={() => setHiding(null)}
      />
    </section>
  );
}
