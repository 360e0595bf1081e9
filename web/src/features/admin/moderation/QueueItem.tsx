import { useState } from 'react';
import { Badge, Button, Card, Col, Collapse, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { adPath, MESSAGES, fillTemplate } from '@app/domain';
import type {
  AdPathParts,
  ProviderAttributes,
  TModerationItem,
  TModerationType,
  TVenueKind,
} from '@app/domain';
import { ProviderCard } from '../../directory/index.ts';
import { VenueCard } from '../../places/index.ts';
import type { Place } from '../../places/index.ts';
import { StatusBadge } from '../parts.tsx';
import { RiskSignalList } from '../../moderation/index.ts';
import { EscalationSteps } from './escalation.tsx';
import { RevisionDiff } from './RevisionDiff.tsx';
import { formatMoment } from '../../../lib/dates.ts';

/* One item of the moderation queue: the record as the public sees it, its photos, owner and signals. */

const M = MESSAGES.moderation;
const P = MESSAGES.adminConsole.moderationPage;
const S = MESSAGES.adminConsole.statuses;
const V = MESSAGES.revisions;

/** Kinds of signal that point at a minor: such an item offers the escalation steps up front. */
const MINOR_SIGNALS = new Set(['youth_wording', 'age_near_18_with_youth_wording']);

const VENUE_KINDS: readonly TVenueKind[] = ['eroticbody', 'sextoy', 'stripclub'];

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

/** What an ad's owner must be before it can be approved (the server answers 409 otherwise). */
export function approvalBlocked(item: TModerationItem): boolean {
  if (item.type !== 'ad' || !item.owner) return false;
  // An admin's own ads carry no verification state and are exempt.
  return item.owner.verification !== null && item.owner.verification !== 'verified';
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
    <section role="group" className="mb-3" aria-label={M.owner}>
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
          <dd className="col-7">{formatMoment(owner.createdAt)}</dd>
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
              ) : item.type === 'ad' ? (
                <Link to={adPath(other.id)} className="text-break">
                  #{other.id} {other.name}
                </Link>
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

/**
 * Every photo of the record full size, each opening in a new tab. The parts of a queue item are named
 * groups rather than regions: each item of the page has the same ones, and landmarks are told apart by name.
 */
function PhotosSection({ photos, name }: { photos: string[]; name: string }) {
  return (
    <section role="group" className="mt-4" aria-label={M.photos}>
      <h3 className="h6">{M.photos}</h3>
      {photos.length === 0 ? (
        <p className="small text-body-secondary">{P.noPhotos}</p>
      ) : (
        <div className="admin-queue-item__photos">
          {photos.map((url, index) => (
            <a key={url} href={url} target="_blank" rel="noreferrer noopener">
              <img src={url} alt={fillTemplate(P.photoAlt, { n: index + 1, name })} loading="lazy" />
            </a>
          ))}
        </div>
      )}
    </section>
  );
}

/** The escalation steps behind a button, on an item whose signals point at a minor. */
function EscalationToggle({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3">
      <Button
        variant="outline-danger"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((current) => !current)}
      >
        {P.escalationShow}
      </Button>
      <Collapse in={open}>
        <div id={id}>
          <EscalationSteps className="mt-2 mb-0" />
        </div>
      </Collapse>
    </div>
  );
}

/** The item's heading (id and name), its risk score and when it was submitted and last changed. */
function QueueItemHeader({
  item,
  headingId,
  name,
}: {
  item: TModerationItem;
  headingId: string;
  name: string;
}) {
  return (
    <Card.Header className="d-flex flex-wrap align-items-center gap-2">
      <h2 id={headingId} className="h6 mb-0 me-auto text-break">
        {item.type === 'ad' ? (
          // The ad's own page: the admin sees it there whatever its state.
          <Link to={adPath(item.id, (item.record?.attributes ?? {}) as AdPathParts)}>
            #{item.id} {name}
          </Link>
        ) : (
          <>
            #{item.id} {name}
          </>
        )}
      </h2>
      <Badge bg={item.risk_score > 0 ? 'danger' : 'secondary'}>
        {P.riskScore}: {item.risk_score}
      </Badge>
      <span className="small text-body-secondary">
        {M.submitted} {formatMoment(item.createdAt)}
        {item.updatedAt &&
          item.updatedAt !== item.createdAt &&
          ` · ${M.updated} ${formatMoment(item.updatedAt)}`}
      </span>
    </Card.Header>
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
      <QueueItemHeader item={item} headingId={headingId} name={name} />
      <Card.Body>
        <Row className="g-4">
          <Col lg={6} xxl={5}>
            <div className="admin-queue-item__card">
              <PublicCard item={item} />
            </div>
          </Col>
          <Col lg={6} xxl={7}>
            {item.revision && <RevisionDiff revision={item.revision} />}
            <section
              role="group"
              className="mb-3"
              aria-label={item.revision ? V.signalsOnNew : M.riskSignals}
            >
              <h3 className="h6">{item.revision ? V.signalsOnNew : M.riskSignals}</h3>
              <RiskSignalList signals={item.signals} />
            </section>
            <OwnerPanel item={item} onPage={onPage} />
          </Col>
        </Row>

        <PhotosSection photos={photos} name={name} />

        {minorSignals && <EscalationToggle id={`${headingId}-escalation`} />}
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
