import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  ageOrNull,
  MESSAGES,
  VERIFICATION_REASON,
  VERIFICATION_STATES,
  ZVerificationDecision,
} from '@app/domain';
import type {
  TVerificationDecision,
  TVerificationDocument,
  TVerificationItem,
  TVerificationState,
} from '@app/domain';
import { ADMIN_QUERY_KEY, adminErrorMessage, adminPut } from './adminApi.ts';
import { formatDay } from '../screening/index.ts';
import { DocumentViewer } from './DocumentViewer.tsx';
import { ConfirmDialog, ReasonDialog } from './dialogs.tsx';
import {
  AdminPageHeader,
  AdminTable,
  FilterSelect,
  fillText,
  SearchBox,
  StatusBadge,
  useAdminList,
  useAdminPaging,
} from './parts.tsx';

const U = MESSAGES.adminUsers;
const V = MESSAGES.adminConsole.verificationsPage;
const STATES = MESSAGES.verification.states;

const STATE_OPTIONS = VERIFICATION_STATES.map((state) => ({ value: state, label: STATES[state] }));

function formatDate(iso: string | null | undefined): string {
  if (!iso) return V.none;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { dateStyle: 'medium' });
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The age to judge by: the server's, else computed from the date of birth; null when unknown. */
export function ageOf(item: Pick<TVerificationItem, 'age' | 'dob'>): number | null {
  return item.age ?? ageOrNull(item.dob);
}

/** Red when the date of birth is missing or makes them younger than 18. */
function AgeCell({ item }: { item: Pick<TVerificationItem, 'age' | 'dob'> }) {
  const age = ageOf(item);
  if (age === null) return <span className="text-danger fw-semibold">{U.noDob}</span>;
  const under = age < 18;
  return (
    <span className={under ? 'text-danger fw-semibold' : undefined}>
      {item.dob} ({fillText(V.yearsOld, { age })}){under && <> · {U.underAge}</>}
    </span>
  );
}

function fullName(item: TVerificationItem): string {
  return [item.first_name, item.last_name].filter(Boolean).join(' ') || item.username;
}

/** A rejection's reason as the server checks it (`ZVerificationDecision`): the error's text, or null. */
function rejectionError(reason: string): string | null {
  const parsed = ZVerificationDecision.safeParse({ verification: 'rejected', verification_reason: reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.verification.reasonRequired);
}

function ProviderItem({
  item,
  onView,
  onVerify,
  onReject,
}: {
  item: TVerificationItem;
  onView: (document: TVerificationDocument) => void;
  onVerify: (item: TVerificationItem) => void;
  onReject: (item: TVerificationItem) => void;
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
              <dd className="col-7">{formatDate(item.createdAt)}</dd>
              {item.verification_reason && (
                <>
                  <dt className="col-5">{U.reasonLabel}</dt>
                  <dd className="col-7 text-break">{item.verification_reason}</dd>
                </>
              )}
              {item.verified_at && (
                <>
                  <dt className="col-5">{MESSAGES.verification.verifiedAt}</dt>
                  <dd className="col-7">{formatDate(item.verified_at)}</dd>
                </>
              )}
            </dl>
          </Col>
          <Col md={6}>
            <section aria-label={U.documents}>
              <h3 className="h6">{U.documents}</h3>
              {item.documents_hold_until && (
                <p className="small fw-semibold mb-2">
                  <i className="bi bi-lock me-1" aria-hidden="true" />
                  {fillText(U.onHoldUntil, { date: formatDay(item.documents_hold_until) })}
                </p>
              )}
              {item.documents_deleted_at ? (
                <p className="small text-body-secondary mb-0">
                  {fillText(V.documentsDeletedOn, { date: formatDate(item.documents_deleted_at) })}
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
          </Col>
        </Row>

        {item.decisions.length > 0 && (
          <section className="mt-3" aria-label={U.decisions}>
            <h3 className="h6">{U.decisions}</h3>
            <Table responsive size="sm" className="small mb-0">
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
                {item.decisions.map((decision, index) => (
                  <tr key={`${decision.decided_at}-${index}`}>
                    <td>{formatDate(decision.decided_at)}</td>
                    <td>
                      <StatusBadge status={decision.decision} />
                    </td>
                    <td className="text-break">{decision.reason || V.none}</td>
                    <td>{decision.document_kinds || V.none}</td>
                    <td>{decision.decided_by?.username ?? V.none}</td>
                    <td>
                      {decision.documents_deleted_at
                        ? formatDate(decision.documents_deleted_at)
                        : V.documentsKept}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
        )}
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
      </Card.Footer>
    </Card>
  );
}

/**
 * Verifications (`GET /api/admin/verifications`): providers by state (pending first,
 * oldest first), searchable; each with name, e-mail, date of birth and age (red under 18 or missing), the
 * ID documents opened privately through the API, past decisions and whether the documents were deleted;
 * Mark verified (confirmed) or Reject with a required reason (`PUT /api/users/:id`, flat).
 */
export default function VerificationsPage() {
  const [state, setState] = useState<TVerificationState>('pending');
  const [q, setQ] = useState('');
  const paging = useAdminPaging();
  const queryClient = useQueryClient();
  const query = useAdminList<TVerificationItem>(
    '/admin/verifications',
    {
      state,
      q,
    },
    paging,
  );
  const [viewing, setViewing] = useState<TVerificationDocument | null>(null);
  const [verifying, setVerifying] = useState<TVerificationItem | null>(null);
  const [rejecting, setRejecting] = useState<TVerificationItem | null>(null);

  const mutation = useMutation({
    mutationFn: ({ item, decision }: { item: TVerificationItem; decision: TVerificationDecision }) =>
      adminPut(`/users/${item.id}`, decision),
    onSuccess: (_answer, { decision }) => {
      setVerifying(null);
      setRejecting(null);
      toast.success(decision.verification === 'verified' ? U.verifiedToast : U.rejectedToast);
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => {
      setVerifying(null);
      toast.error(adminErrorMessage(error, U.actionFailed));
    },
  });

  return (
    <section aria-labelledby="admin-verifications-title">
      <AdminPageHeader title={MESSAGES.adminConsole.titles.verifications} id="admin-verifications-title" />
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <FilterSelect
          label={U.verificationState}
          value={state}
          options={STATE_OPTIONS}
          includeAll={false}
          onChange={(value) => {
            setState(value as TVerificationState);
            paging.setPage(1);
          }}
        />
        <SearchBox
          label={U.search}
          placeholder={U.searchPlaceholder}
          onSearch={(text) => {
            setQ(text);
            paging.setPage(1);
          }}
        />
      </div>

      <AdminTable query={query} paging={paging} empty={U.noVerifications} pagesLabel={U.verificationPages}>
        {(items) =>
          items.map((item) => (
            <ProviderItem
              key={item.id}
              item={item}
              onView={setViewing}
              onVerify={setVerifying}
              onReject={setRejecting}
            />
          ))
        }
      </AdminTable>

      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />

      <ConfirmDialog
        show={verifying !== null}
        busy={mutation.isPending}
        title={U.markVerified}
        prompt={U.confirmVerify}
        confirmLabel={U.markVerified}
        cancelLabel={U.cancel}
        variant="success"
        onConfirm={() =>
          verifying && mutation.mutate({ item: verifying, decision: { verification: 'verified' } })
        }
        onClose={() => setVerifying(null)}
      >
        {verifying && (
          <p className="mt-2 mb-0">
            {fullName(verifying)}: <AgeCell item={verifying} />
          </p>
        )}
      </ConfirmDialog>

      <ReasonDialog
        key={rejecting ? rejecting.id : 'none'}
        show={rejecting !== null}
        busy={mutation.isPending}
        title={U.reject}
        intro={<p>{U.confirmReject}</p>}
        label={U.reasonLabel}
        help={U.reasonHelp}
        requiredMessage={MESSAGES.verification.reasonRequired}
        validate={rejectionError}
        maxLength={VERIFICATION_REASON.max}
        confirmLabel={U.reject}
        cancelLabel={U.cancel}
        onSubmit={(reason) =>
          rejecting &&
          mutation.mutate({
            item: rejecting,
            decision: { verification: 'rejected', verification_reason: reason },
          })
        }
        onClose={() => setRejecting(null)}
      />
    </section>
  );
}
