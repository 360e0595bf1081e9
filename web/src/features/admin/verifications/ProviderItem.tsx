import { Button, Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { ageOrNull, MESSAGES, fillTemplate } from '@app/domain';
import type { TVerificationDocument, TVerificationItem } from '@app/domain';
import { StatusBadge } from '../parts.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { ScrollingTable } from '../../../ui/ScrollingTable.tsx';

/* One provider of the verification queue: who they are, their ID documents, past decisions, the actions. */

const U = MESSAGES.adminUsers;
const V = MESSAGES.adminConsole.verificationsPage;

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The age to judge by: the server's, else computed from the date of birth; null when unknown. */
export function ageOf(item: Pick<TVerificationItem, 'age' | 'dob'>): number | null {
  return item.age ?? ageOrNull(item.dob);
}

/** Red when the date of birth is missing or makes them younger than 18. */
export function AgeCell({ item }: { item: Pick<TVerificationItem, 'age' | 'dob'> }) {
  const age = ageOf(item);
  if (age === null) return <span className="text-danger fw-semibold">{U.noDob}</span>;
  const under = age < 18;
  return (
    <span className={under ? 'text-danger fw-semibold' : undefined}>
      {item.dob} ({fillTemplate(V.yearsOld, { age })}){under && <> · {U.underAge}</>}
    </span>
  );
}

export function fullName(item: TVerificationItem): string {
  return [item.first_name, item.last_name].filter(Boolean).join(' ') || item.username;
}

/** Who the provider is: account, e-mail, age, phone, city, when submitted, and the last decision's reason. */
function ProviderFacts({ item }: { item: TVerificationItem }) {
  return (
    <dl className="row small mb-0">
      <dt className="col-5">{U.username}</dt>
      <dd className="col-7 text-break">
        <Link to={`/admin/users/${item.id}`}>{item.username}</Link>
      </dd>
      <dt className="col-5">{U.email}</dt>
      <dd className="col-7 text-break">{item.email}</dd>
      <dt className="col-5">{U.dob}</dt>
      <dd className="col-7">
        <AgeCell item={item} />
      </dd>
      <dt className="col-5">{U.phone}</dt>
      <dd className="col-7">{item.phone_number || V.none}</dd>
      <dt className="col-5">{U.city}</dt>
      <dd className="col-7">{item.city || V.none}</dd>
      <dt className="col-5">{V.submitted}</dt>
      <dd className="col-7">{formatDay(item.createdAt)}</dd>
      {item.verification_reason && (
        <>
          <dt className="col-5">{U.reasonLabel}</dt>
          <dd className="col-7 text-break">{item.verification_reason}</dd>
        </>
      )}
      {item.verified_at && (
        <>
          <dt className="col-5">{MESSAGES.verification.verifiedAt}</dt>
          <dd className="col-7">{formatDay(item.verified_at)}</dd>
        </>
      )}
    </dl>
  );
}

/** The ID documents, each opened privately; or when they were deleted, or that there are none. */
function ProviderDocuments({
  item,
  onView,
}: {
  item: TVerificationItem;
  onView: (document: TVerificationDocument) => void;
}) {
  return (
    <section role="group" aria-label={U.documents}>
      <h3 className="h6">{U.documents}</h3>
      {item.documents_hold_until && (
        <p className="small fw-semibold mb-2">
          <i className="bi bi-lock me-1" aria-hidden="true" />
          {fillTemplate(U.onHoldUntil, { date: formatDay(item.documents_hold_until) })}
        </p>
      )}
      {item.documents_deleted_at ? (
        <p className="small text-body-secondary mb-0">
          {fillTemplate(V.documentsDeletedOn, { date: formatDay(item.documents_deleted_at) })}
        </p>
      ) : item.documents.length === 0 ? (
        <p className="small text-body-secondary mb-0">{U.noDocuments}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {item.documents.map((document) => (
            <li key={document.id} className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <Button
                size="sm"
                variant="outline-primary"
                aria-label={`${U.viewDocument}: ${document.name}`}
                onClick={() => onView(document)}
              >
                <i className="bi bi-file-earmark-person me-1" aria-hidden="true" />
                {U.viewDocument}
              </Button>
              <span className="small text-break">
                {document.name} · {document.mime} · {formatSize(document.size)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The past decisions: when, which, why, on which documents, by whom, and whether the documents were deleted. */
function VerificationDecisions({ decisions }: { decisions: TVerificationItem['decisions'] }) {
  return (
    <section role="group" className="mt-3" aria-label={U.decisions}>
      <h3 className="h6">{U.decisions}</h3>
      <ScrollingTable label={U.decisions} size="sm" className="small mb-0">
        <thead>
          <tr>
            <th scope="col">{U.decidedAt}</th>
            <th scope="col">{U.verificationState}</th>
            <th scope="col">{U.reasonLabel}</th>
            <th scope="col">{U.documentKinds}</th>
            <th scope="col">{U.decidedBy}</th>
            <th scope="col">{U.documentsDeleted}</th>
          </tr>
        </thead>
        <tbody>
          {decisions.map((decision, index) => (
            <tr key={`${decision.decided_at}-${index}`}>
              <td>{formatDay(decision.decided_at)}</td>
              <td>
                <StatusBadge status={decision.decision} />
              </td>
              <td className="text-break">{decision.reason || V.none}</td>
              <td>{decision.document_kinds || V.none}</td>
              <td>{decision.decided_by?.username ?? V.none}</td>
              <td>
                {decision.documents_deleted_at ? formatDay(decision.documents_deleted_at) : V.documentsKept}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}

/**
 * One provider of the queue, with Mark verified and Reject where they still apply, and Ask for the ID again
 * once decided.
 */
export function ProviderItem({
  item,
  onView,
  onVerify,
  onReject,
  onAskAgain,
}: {
  item: TVerificationItem;
  onView: (document: TVerificationDocument) => void;
  onVerify: (item: TVerificationItem) => void;
  onReject: (item: TVerificationItem) => void;
  onAskAgain: (item: TVerificationItem) => void;
}) {
  const headingId = `verification-${item.id}`;
  return (
    <Card as="article" className="mb-3 shadow-sm" aria-labelledby={headingId}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 id={headingId} className="h6 mb-0 me-auto text-break">
          {fullName(item)}
        </h2>
        <StatusBadge status={item.verification} />
      </Card.Header>
      <Card.Body>
        <Row className="g-3">
          <Col md={6}>
            <ProviderFacts item={item} />
          </Col>
          <Col md={6}>
            <ProviderDocuments item={item} onView={onView} />
          </Col>
        </Row>
        {item.decisions.length > 0 && <VerificationDecisions decisions={item.decisions} />}
      </Card.Body>
      <Card.Footer className="d-flex flex-wrap gap-2">
        {item.verification !== 'verified' && (
          <Button variant="success" onClick={() => onVerify(item)}>
            {U.markVerified}
          </Button>
        )}
        {item.verification !== 'rejected' && (
          <Button variant="outline-danger" onClick={() => onReject(item)}>
            {U.reject}
          </Button>
        )}
        {item.verification !== 'pending' && (
          <Button variant="outline-secondary" onClick={() => onAskAgain(item)}>
            <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
            {U.askAgain}
          </Button>
        )}
      </Card.Footer>
    </Card>
  );
}
