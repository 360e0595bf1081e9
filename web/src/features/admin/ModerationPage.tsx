import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, Collapse, Nav, Row } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import type {
  ProviderAttributes,
  TModerationItem,
  TModerationQueue,
  TModerationType,
  TRevisionDiff,
  TRevisionFile,
  TVenueKind,
} from '@app/domain';
import { ProviderCard } from '../directory/index.ts';
import type { Place } from '../places/index.ts';
import { VenueCard } from '../places/index.ts';
import { ADMIN_QUERY_KEY, adminErrorMessage, adminPut } from './adminApi.ts';
import { ConfirmDialog, ReasonDialog } from './dialogs.tsx';
import {
  AdminPageHeader,
  AdminTable,
  fillText,
  StatusBadge,
  useAdminList,
  useAdminPaging,
} from './parts.tsx';
import { RiskSignalList } from '../moderation/index.ts';

const M = MESSAGES.moderation;
const P = MESSAGES.adminConsole.moderationPage;
const S = MESSAGES.adminConsole.statuses;
const V = MESSAGES.revisions;

/** The reason template that means "trafficking or a minor": choosing it shows the escalation steps. */
export const ESCALATION_TEMPLATE: string = M.reasonTemplates[M.escalationTemplateIndex] ?? '';

/** Whether a rejection reason is (or starts with) the trafficking / minor template. */
export function isEscalationReason(reason: string): boolean {
  return ESCALATION_TEMPLATE !== '' && reason.trim().startsWith(ESCALATION_TEMPLATE.trim());
}

/** Kinds of signal that point at a minor: such an item offers the escalation steps up front. */
const MINOR_SIGNALS = new Set(['youth_wording', 'age_near_18_with_youth_wording']);

const VENUE_KINDS: readonly TVenueKind[] = ['eroticbody', 'sextoy', 'stripclub'];
/** The Ads / Places tabs and the queue they show. */
const TAB_ID = 'moderation-tab';
const PANEL_ID = 'moderation-queue';

function parseType(value: string | null): TModerationType {
  return value === 'place' ? 'place' : 'ad';
}

/** The queue shown: new or re-submitted records, or changes to approved ones (pending revisions). */
function parseQueue(value: string | null): TModerationQueue {
  return value === 'changes' ? 'changes' : 'new';
}

/** A field's value in the diff: lists and details joined, nothing as "(empty)". */
function diffValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return V.empty;
  if (Array.isArray(value)) return value.length ? value.join(', ') : V.empty;
  // A related record's details (a place's address): its values in order.
  if (typeof value === 'object') {
    const parts = Object.values(value as Record<string, unknown>).filter((v) => v !== null && v !== '');
    return parts.length ? parts.join(', ') : V.empty;
  }
  return String(value);
}

/** A media field's value in the diff: each file named as a thumbnail (a video as a link) to open it. */
function DiffFiles({ value, files }: { value: unknown; files: TRevisionFile[] }) {
  const ids = (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');
  if (!ids.length) return <>{V.empty}</>;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {ids.map((id) => {
        const file = files.find((f) => f.id === id);
        const label = `${V.file} ${id}`;
        if (!file?.url) return <span key={id}>{label}</span>;
        const image = file.mime?.startsWith('image/');
        return (
          <a key={id} href={file.url} target="_blank" rel="noreferrer">
            {image ? <img src={file.thumbnail ?? file.url} alt={label} height={64} /> : label}
          </a>
        );
      })}
    </span>
  );
}

/** A pending revision field by field: the value the public sees now and the proposed one. */
export function RevisionDiff({ revision }: { revision: TRevisionDiff }) {
  return (
    <section className="mb-3" aria-label={V.diffTitle}>
      <h3 className="h6">{V.diffTitle}</h3>
      <div className="table-responsive">
        <table className="table table-sm align-top small mb-0 admin-revision-diff">
          <thead>
            <tr>
              <th scope="col">{V.field}</th>
              <th scope="col">{V.before}</th>
              <th scope="col">{V.after}</th>
            </tr>
          </thead>
          <tbody>
            {revision.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row" className="fw-semibold">
                  {change.field}
                </th>
                <td className="text-break">
                  <del className="text-body-secondary">
                    {change.files ? (
                      <DiffFiles value={change.before} files={change.files} />
                    ) : (
                      diffValue(change.before)
                    )}
                  </del>
                </td>
                <td className="text-break">
                  <ins className="text-decoration-none fw-semibold">
                    {change.files ? (
                      <DiffFiles value={change.after} files={change.files} />
                    ) : (
                      diffValue(change.after)
                    )}
                  </ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The record's full-size photos: every image of an ad, the image of a place. */
export function fullSizePhotos(item: Pick<TModerationItem, 'type' | 'record'>): string[] {
  const attributes = item.record?.attributes ?? {};
  type Media = { data?: { attributes?: { url?: unknown } } | { attributes?: { url?: unknown } }[] | null };
  const relation = (item.type === 'ad' ? attributes.images : attributes.image) as Media | undefined;
  const data = relation?.data;
  const list = Array.isArray(data) ? data : data ? [data] : [];
  return list
    .map((media) => media.attributes?.url)
    .filter((url): url is string => typeof url === 'string' && url !== '');
}

function recordName(item: TModerationItem): string {
  const attributes = item.record?.attributes ?? {};
  const name = attributes.name ?? attributes.title;
  return typeof name === 'string' && name !== '' ? name : `#${item.id}`;
}

function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** What an ad's owner must be before it can be approved (the server answers 409 otherwise). */
export function approvalBlocked(item: TModerationItem): boolean {
  if (item.type !== 'ad' || !item.owner) return false;
  // An admin's own ads carry no verification state and are exempt.
  return item.owner.verification !== null && item.owner.verification !== 'verified';
}

/** The escalation steps (hotline, CyberTipline, 911), as the reject dialog and the page show them. */
export function EscalationSteps({ className = '' }: { className?: string }) {
  return (
    <Alert variant="danger" className={className}>
      <Alert.Heading as="h3" className="h6">
        {M.escalationTitle}
      </Alert.Heading>
      <p className="small">{M.escalationIntro}</p>
      <ul className="small mb-2">
        <li>
          <a href={M.escalationHotlineUrl} target="_blank" rel="noreferrer noopener">
            {M.escalationHotline}
          </a>
        </li>
        <li>
          <a href={M.escalationCyberTiplineUrl} target="_blank" rel="noreferrer noopener">
            {M.escalationCyberTipline}
          </a>
        </li>
        <li>{M.escalationEmergency}</li>
      </ul>
      <p className="small mb-0">{M.escalationKeep}</p>
    </Alert>
  );
}

/** The record as the public sees it: the listing's card for an ad, the venue directory's for a place. */
function PublicCard({ item }: { item: TModerationItem }) {
  if (!item.record) return null;
  if (item.type === 'ad') {
    const provider = {
      id: item.record.id,
      attributes: item.record.attributes as unknown as ProviderAttributes,
    };
    return <ProviderCard provider={provider} preview />;
  }
  const place = item.record as unknown as Place;
  const raw = place.attributes.vendor_type?.data?.attributes.type;
  const kind = VENUE_KINDS.includes(raw as TVenueKind) ? (raw as TVenueKind) : 'eroticbody';
  return <VenueCard place={place} kind={kind} locationSearch="" />;
}

/** A queue item's anchor on the page: `#ad-12`, `#place-3`. */
export function queueAnchor(type: TModerationType, id: number): string {
  return `${type}-${id}`;
}

/**
 * The owner, and the owner's other ads or places: a pending one shown on this page links to its own
 * queue item; the others show their state.
 */
function OwnerPanel({ item, onPage }: { item: TModerationItem; onPage: ReadonlySet<number> }) {
  const owner = item.owner;
  const others = item.other_ads;
  return (
    <section className="mb-3" aria-label={M.owner}>
      <h3 className="h6">{M.owner}</h3>
      {owner ? (
        <dl className="row small mb-2">
          <dt className="col-5">{P.usernameLabel}</dt>
          <dd className="col-7 text-break">{owner.username}</dd>
          <dt className="col-5">{P.emailLabel}</dt>
          <dd className="col-7 text-break">{owner.email}</dd>
          <dt className="col-5">{P.verificationLabel}</dt>
          <dd className="col-7">
            <StatusBadge status={owner.verification} />
          </dd>
          <dt className="col-5">{P.statusLabel}</dt>
          <dd className="col-7">
            {owner.is_active ? (
              <StatusBadge status="active" />
            ) : (
              <StatusBadge status="blocked" label={M.ownerBlocked} />
            )}
          </dd>
          <dt className="col-5">{M.ownerSince}</dt>
          <dd className="col-7">{formatDate(owner.createdAt)}</dd>
        </dl>
      ) : (
        <p className="small text-body-secondary">{S.none}</p>
      )}
      {owner && (
        <Link to={`/admin/users/${owner.id}`} className="btn btn-sm btn-outline-secondary mb-3">
          {P.openAccount}
        </Link>
      )}
      <h4 className="h6">{item.type === 'ad' ? M.otherAds : M.otherPlaces}</h4>
      {others.length === 0 ? (
        <p className="small text-body-secondary mb-0">{M.noOtherAds}</p>
      ) : (
        <ul className="list-unstyled small mb-0">
          {others.map((other) => (
            <li key={other.id} className="d-flex align-items-center gap-2 mb-1">
              <StatusBadge status={other.review} />
              {other.review === 'pending' && onPage.has(other.id) ? (
                <a href={`#${queueAnchor(item.type, other.id)}`} className="text-break">
                  #{other.id} {other.name}
                </a>
              ) : (
                <span className="text-break">
                  #{other.id} {other.name}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One record waiting for review: the public card, the photos full size, the owner, the signals, the decision. */
export function QueueItem({
  item,
  onPage = new Set<number>(),
  onApprove,
  onReject,
}: {
  item: TModerationItem;
  /** The ids of the same type's items shown on this page, for the links of the owner's other records. */
  onPage?: ReadonlySet<number>;
  onApprove: (item: TModerationItem) => void;
  onReject: (item: TModerationItem) => void;
}) {
  const [escalationOpen, setEscalationOpen] = useState(false);
  const name = recordName(item);
  const photos = fullSizePhotos(item);
  // A change to an approved ad is decided on its own; the owner's verification gates the first approval.
  const blocked = !item.revision && approvalBlocked(item);
  const minorSignals = item.signals.some((signal) => MINOR_SIGNALS.has(signal.kind));
  const headingId = `moderation-${item.type}-${item.id}`;
  const blockedId = `${headingId}-blocked`;

  return (
    <Card
      as="article"
      id={queueAnchor(item.type, item.id)}
      className="mb-4 shadow-sm admin-queue-item"
      aria-labelledby={headingId}
    >
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 id={headingId} className="h6 mb-0 me-auto text-break">
          #{item.id} {name}
        </h2>
        <Badge bg={item.risk_score > 0 ? 'danger' : 'secondary'}>
          {P.riskScore}: {item.risk_score}
        </Badge>
        <span className="small text-body-secondary">
          {M.submitted} {formatDate(item.createdAt)}
          {item.updatedAt &&
            item.updatedAt !== item.createdAt &&
            ` · ${M.updated} ${formatDate(item.updatedAt)}`}
        </span>
      </Card.Header>
      <Card.Body>
        <Row className="g-4">
          <Col lg={6} xxl={5}>
            <div className="admin-queue-item__card">
              <PublicCard item={item} />
            </div>
          </Col>
          <Col lg={6} xxl={7}>
            {item.revision && <RevisionDiff revision={item.revision} />}
            <section className="mb-3" aria-label={item.revision ? V.signalsOnNew : M.riskSignals}>
              <h3 className="h6">{item.revision ? V.signalsOnNew : M.riskSignals}</h3>
              <RiskSignalList signals={item.signals} />
            </section>
            <OwnerPanel item={item} onPage={onPage} />
          </Col>
        </Row>

        <section className="mt-4" aria-label={M.photos}>
          <h3 className="h6">{M.photos}</h3>
          {photos.length === 0 ? (
            <p className="small text-body-secondary">{P.noPhotos}</p>
          ) : (
            <div className="admin-queue-item__photos">
              {photos.map((url, index) => (
                <a key={url} href={url} target="_blank" rel="noreferrer noopener">
                  <img src={url} alt={fillText(P.photoAlt, { n: index + 1, name })} loading="lazy" />
                </a>
              ))}
            </div>
          )}
        </section>

        {minorSignals && (
          <div className="mt-3">
            <Button
              variant="outline-danger"
              size="sm"
              aria-expanded={escalationOpen}
              aria-controls={`${headingId}-escalation`}
              onClick={() => setEscalationOpen((open) => !open)}
            >
              {P.escalationShow}
            </Button>
            <Collapse in={escalationOpen}>
              <div id={`${headingId}-escalation`}>
                <EscalationSteps className="mt-2 mb-0" />
              </div>
            </Collapse>
          </div>
        )}
      </Card.Body>
      <Card.Footer className="d-flex flex-wrap align-items-center gap-2">
        <Button
          variant="success"
          disabled={blocked}
          aria-describedby={blocked ? blockedId : undefined}
          onClick={() => onApprove(item)}
        >
          {M.approve}
        </Button>
        <Button variant="outline-danger" onClick={() => onReject(item)}>
          {M.reject}
        </Button>
        {blocked && (
          <span id={blockedId} className="small text-danger">
            {M.needsVerifiedOwner}
          </span>
        )}
      </Card.Footer>
    </Card>
  );
}

type Decision = { review: 'approved' } | { review: 'rejected'; review_reason: string };

/** A decided item's key: the record, or the revision of it. */
const decisionKey = (item: TModerationItem) =>
  item.revision ? `revision:${item.revision.id}` : `${item.type}:${item.id}`;

/**
 * `PUT /api/providers/:id` or `/api/vendors/:id` with the decision, or for a change to an approved record
 * `PUT /api/admin/revisions/:id` with the revision's time as read (the server audits and mails it).
 */
function decide(item: TModerationItem, decision: Decision) {
  if (item.revision) {
    return adminPut(`/admin/revisions/${item.revision.id}`, {
      data: { ...decision, updatedAt: item.revision.updatedAt },
    });
  }
  const path = item.type === 'ad' ? `/providers/${item.id}` : `/vendors/${item.id}`;
  return adminPut(path, { data: decision });
}

/**
 * Moderation (`GET /api/admin/moderation`): the pending ads and places, highest risk
 * first, each shown as the public would see it, with every photo full size, the owner, their other
 * records and the risk signals; Approve (only once an ad's owner is verified) or Reject with a reason.
 * A decided item leaves the list at once. Moderators never edit a record.
 */
export default function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const type = parseType(params.get('type'));
  const queue = parseQueue(params.get('queue'));
  const paging = useAdminPaging();
  const queryClient = useQueryClient();
  const query = useAdminList<TModerationItem>(
    '/admin/moderation',
    {
      type,
      ...(queue === 'changes' ? { queue } : {}),
    },
    paging,
  );
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const [approving, setApproving] = useState<TModerationItem | null>(null);
  const [rejecting, setRejecting] = useState<TModerationItem | null>(null);
  const [escalated, setEscalated] = useState<TModerationItem | null>(null);

  const mutation = useMutation({
    mutationFn: ({ item, decision }: { item: TModerationItem; decision: Decision }) => decide(item, decision),
    onSuccess: (_answer, { item, decision }) => {
      setDecided((current) => new Set(current).add(decisionKey(item)));
      setApproving(null);
      setRejecting(null);
      if (decision.review === 'approved') {
        toast.success(item.revision ? V.approvedToast : M.approved);
      } else {
        toast.success(item.revision ? V.rejectedToast : M.rejected);
        if (isEscalationReason(decision.review_reason)) setEscalated(item);
      }
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => {
      toast.error(adminErrorMessage(error, P.decisionFailed));
      setApproving(null);
    },
  });

  const show = (nextType: TModerationType, nextQueue: TModerationQueue) => {
    paging.setPage(1);
    setParams(
      {
        ...(nextType === 'ad' ? {} : { type: nextType }),
        ...(nextQueue === 'new' ? {} : { queue: nextQueue }),
      },
      { replace: true },
    );
  };
  const selectType = (next: string | null) => {
    if (next === 'ad' || next === 'place') show(next, queue);
  };

  return (
    <section aria-labelledby="admin-moderation-title">
      <AdminPageHeader title={MESSAGES.adminConsole.titles.moderation} id="admin-moderation-title" />
      <Nav
        variant="tabs"
        role="tablist"
        activeKey={type}
        onSelect={selectType}
        className="mb-3"
        aria-label={P.tabsLabel}
      >
        {(['ad', 'place'] as const).map((tab) => (
          <Nav.Item key={tab} role="presentation">
            <Nav.Link
              eventKey={tab}
              as="button"
              type="button"
              role="tab"
              id={`${TAB_ID}-${tab}`}
              aria-selected={type === tab}
              aria-controls={type === tab ? PANEL_ID : undefined}
            >
              {tab === 'ad' ? M.ads : M.places}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <Nav
        variant="pills"
        activeKey={queue}
        onSelect={(next) => (next === 'new' || next === 'changes') && show(type, next)}
        className="mb-3 small"
        aria-label={V.queueTitle}
      >
        {(['new', 'changes'] as const).map((tab) => (
          <Nav.Item key={tab}>
            <Nav.Link eventKey={tab} as="button" type="button" aria-pressed={queue === tab}>
              {tab === 'new' ? M.pending : V.tab}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>

      {escalated && (
        <div className="mb-4">
          <h2 className="h6">{fillText(P.escalatedTitle, { id: escalated.id })}</h2>
          <EscalationSteps className="mb-2" />
          <Button size="sm" variant="outline-secondary" onClick={() => setEscalated(null)}>
            {P.dismiss}
          </Button>
        </div>
      )}

      <div role="tabpanel" id={PANEL_ID} aria-labelledby={`${TAB_ID}-${type}`}>
        <AdminTable query={query} paging={paging} empty={queue === 'changes' ? V.emptyQueue : M.emptyQueue}>
          {(items) => {
            const shown = items.filter((item) => !decided.has(decisionKey(item)));
            if (shown.length === 0)
              return (
                <p className="text-body-secondary">{queue === 'changes' ? V.emptyQueue : M.emptyQueue}</p>
              );
            const onPage = new Set(shown.map((item) => item.id));
            return shown.map((item) => (
              <QueueItem
                key={decisionKey(item)}
                item={item}
                onPage={onPage}
                onApprove={setApproving}
                onReject={setRejecting}
              />
            ));
          }}
        </AdminTable>
      </div>

      <ConfirmDialog
        show={approving !== null}
        busy={mutation.isPending}
        title={P.approveTitle}
        prompt={approving?.revision ? V.approveConfirm : M.approveConfirm}
        confirmLabel={M.approve}
        variant="success"
        onConfirm={() => approving && mutation.mutate({ item: approving, decision: { review: 'approved' } })}
        onClose={() => setApproving(null)}
      />

      <ReasonDialog
        key={rejecting ? `${rejecting.type}:${rejecting.id}` : 'none'}
        show={rejecting !== null}
        busy={mutation.isPending}
        title={M.rejectTitle}
        label={M.reasonLabel}
        help={M.reasonHelp}
        templates={M.reasonTemplates}
        templateLabels={M.reasonTemplateLabels}
        templatesLabel={M.templatesLabel}
        requiredMessage={M.reasonRequired}
        maxLength={500}
        confirmLabel={M.confirmReject}
        cancelLabel={M.cancel}
        extra={(reason) => (isEscalationReason(reason) ? <EscalationSteps className="mb-0" /> : null)}
        onSubmit={(reason) =>
          rejecting &&
          mutation.mutate({ item: rejecting, decision: { review: 'rejected', review_reason: reason } })
        }
        onClose={() => setRejecting(null)}
      />
    </section>
  );
}
