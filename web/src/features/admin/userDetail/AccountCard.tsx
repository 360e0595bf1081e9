import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { ageOrNull, MESSAGES, ZDocumentsHold } from '@app/domain';
import type { TAdminUserDetail } from '@app/domain';
import { adminErrorMessage } from '../adminApi.ts';
import { ConfirmDialog } from '../dialogs.tsx';
import { useDeleteAccount, useLogoutEverywhere, useSetDocumentsHold, useSetUserActive } from '../usersApi.ts';
import { AccountStatusBadge, accountTypeLabel, VerificationBadge } from '../UsersPage.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { AdminExports } from '../../privacy/index.ts';

const U = MESSAGES.adminUsers;
const V = MESSAGES.verification;
const P = MESSAGES.adminPages.users;

/** ` (Age 34)`: the age in whole years after a date of birth, or nothing. */
function ageText(dob: string): string {
  const age = ageOrNull(dob.slice(0, 10));
  return age === null ? '' : ` (${U.age} ${age})`;
}

/**
 * A legal hold on a provider's ID documents: the retention job keeps them until the day (today up to five
 * years ahead, as `ZDocumentsHold` checks on both sides); Save sets it, Clear lifts it.
 */
function DocumentsHoldForm({ user }: { user: TAdminUserDetail['user'] }) {
  const id = useId();
  const save = useSetDocumentsHold();
  const [value, setValue] = useState(user.documents_hold_until ?? '');
  const [error, setError] = useState<string | null>(null);

  const send = async (until: string | null) => {
    if (until !== null) {
      const parsed = ZDocumentsHold.safeParse(until);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? V.holdInvalid);
    }
    setError(null);
    try {
      await save.mutateAsync({ id: user.id, until });
      if (until === null) setValue('');
      toast.success(until === null ? U.holdCleared : U.holdSaved);
    } catch (failure) {
      toast.error(adminErrorMessage(failure, U.actionFailed));
    }
  };

  return (
    <Form
      noValidate
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send(value.trim());
      }}
    >
      <Form.Group controlId={`${id}-hold`} className="mb-2">
        <Form.Label className="small mb-1">{U.documentsHold}</Form.Label>
        <Form.Control
          size="sm"
          type="date"
          value={value}
          className="w-auto"
          isInvalid={error !== null}
          aria-invalid={error !== null}
          aria-describedby={[error ? `${id}-hold-error` : null, `${id}-hold-help`].filter(Boolean).join(' ')}
          onChange={(event) => setValue(event.target.value)}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id={`${id}-hold-error`}>
            {error}
          </Form.Control.Feedback>
        )}
        <Form.Text id={`${id}-hold-help`} className="d-block">
          {U.documentsHoldHelp}
        </Form.Text>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="outline-primary" disabled={save.isPending}>
          {U.saveHold}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={save.isPending || !user.documents_hold_until}
          onClick={() => void send(null)}
        >
          {U.clearHold}
        </Button>
      </div>
    </Form>
  );
}

/** The account's own facts: names, contact, type, birth date, city, joined, state, verification, two-factor. */
function AccountFacts({ user }: { user: TAdminUserDetail['user'] }) {
  const age = user.dob ? ageText(user.dob) : '';
  const fact = (label: string, value: ReactNode) => (
    <>
      <dt className="col-sm-4 col-lg-3">{label}</dt>
      <dd className="col-sm-8 col-lg-9 text-break">{value ?? '—'}</dd>
    </>
  );

  return (
    <dl className="row small mb-0">
      {fact(U.username, user.username)}
      {fact(U.name, [user.first_name, user.last_name].filter(Boolean).join(' ') || '—')}
      {fact(U.email, <a href={`mailto:${user.email}`}>{user.email}</a>)}
      {fact(U.phone, user.phone_number || '—')}
      {fact(U.type, accountTypeLabel(user))}
      {fact(U.dob, user.dob ? `${formatDay(user.dob.slice(0, 10))}${age}` : '—')}
      {fact(U.city, user.city || '—')}
      {fact(U.joined, formatDay(user.createdAt))}
      {fact(U.status, <AccountStatusBadge active={user.is_active} />)}
      {fact(
        U.verification,
        <>
          <VerificationBadge state={user.verification} />
          {user.verification_reason && <span className="ms-2">{user.verification_reason}</span>}
          {user.verified_at && (
            <span className="ms-2 text-body-secondary">
              {V.verifiedAt} {formatDay(user.verified_at)}
            </span>
          )}
        </>,
      )}
      {fact(U.twoFactor, user.two_factor_enabled ? U.twoFactorOn : U.twoFactorOff)}
    </dl>
  );
}

type Asking = 'block' | 'unblock' | 'logoutAll' | 'delete';
const D = MESSAGES.accountDeletion;

/** The account's own facts, its state and the actions on it. */
export function AccountCard({ detail }: { detail: TAdminUserDetail }) {
  const { user } = detail;
  const setActive = useSetUserActive();
  const logout = useLogoutEverywhere();
  const remove = useDeleteAccount();
  const [asking, setAsking] = useState<Asking | null>(null);

  const confirm = async () => {
    if (!asking) return;
    try {
      if (asking === 'logoutAll') {
        await logout.mutateAsync(user.id);
        toast.success(U.loggedOutToast);
      } else if (asking === 'delete') {
        await remove.mutateAsync(user.id);
        toast.success(D.adminDeleted);
      } else {
        await setActive.mutateAsync({ id: user.id, active: asking === 'unblock' });
        toast.success(asking === 'block' ? U.blockedToast : U.unblockedToast);
      }
    } catch (error) {
      toast.error(adminErrorMessage(error, U.actionFailed));
    }
    setAsking(null);
  };

  const prompts: Record<Asking, { prompt: string; label: string; variant: string }> = {
    block: { prompt: U.confirmBlock, label: U.block, variant: 'danger' },
    unblock: { prompt: U.confirmUnblock, label: U.unblock, variant: 'accent' },
    logoutAll: { prompt: U.confirmLogoutAll, label: U.logoutAll, variant: 'danger' },
    delete: { prompt: D.adminConfirm, label: D.adminAction, variant: 'danger' },
  };
  // A deleted account has nothing left to act on; the staff's accounts are not deleted here.
  const actionable = user.deleted_at === null;
  return (
    <Card className="mb-4 shadow-sm">
      <Card.Body>
        <Row className="g-3">
          <Col lg={8}>
            <h2 className="h5">{P.details}</h2>
            <AccountFacts user={user} />
            {user.user_type === 'Provider' && <DocumentsHoldForm user={user} />}
          </Col>
          <Col lg={4}>
            <h2 className="h5">{MESSAGES.adminConsole.table.actions}</h2>
            {!actionable ? (
              <p className="small text-body-secondary mb-0">{D.deletedAccount}</p>
            ) : (
              <div className="d-flex flex-wrap gap-2">
                {user.is_active ? (
                  <Button variant="outline-danger" onClick={() => setAsking('block')}>
                    {U.block}
                  </Button>
                ) : (
                  <Button variant="outline-success" onClick={() => setAsking('unblock')}>
                    {U.unblock}
                  </Button>
                )}
                <Button variant="outline-secondary" onClick={() => setAsking('logoutAll')}>
                  {U.logoutAll}
                </Button>
                {user.role !== 'admin' && (
                  <Button variant="danger" onClick={() => setAsking('delete')}>
                    <i className="bi bi-trash3 me-1" aria-hidden="true" />
                    {D.adminAction}
                  </Button>
                )}
              </div>
            )}
            {actionable && <AdminExports userId={user.id} />}
          </Col>
        </Row>
      </Card.Body>
      <ConfirmDialog
        show={asking !== null}
        busy={setActive.isPending || logout.isPending || remove.isPending}
        title={asking ? prompts[asking].label : undefined}
        prompt={asking ? prompts[asking].prompt : ''}
        confirmLabel={asking ? prompts[asking].label : undefined}
        cancelLabel={U.cancel}
        variant={asking ? prompts[asking].variant : undefined}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}
