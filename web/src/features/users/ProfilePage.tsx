import { Button, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES, userTypeLabel } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useSignOutEverywhere } from '../auth/index.ts';
import { Avatar, getAvatarUrl } from './Avatar.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { formatDateOfBirth, formatFullName } from './format.ts';
import { DeleteAccountSection, TwoFactorSection } from '../auth/index.ts';
import { VerificationStatus } from './VerificationStatus.tsx';
import { MessageMailSetting } from './MessageMailSetting.tsx';
import { DataExportSection } from '../privacy/index.ts';

const M = MESSAGES.profile;

/**
 * /profile and /profile/view (spec 000 §2 "My Profile"). Shows the session's user, which the session
 * refreshes from `GET /api/users/me?populate=*` on start and after every change. Below it: a
 * provider's ID verification and the two-factor sign-in settings.
 */
export default function ProfilePage() {
  const { user } = useSession();
  const signOutEverywhere = useSignOutEverywhere();
  if (!user) return <PageSpinner />;

  const handleSignOutEverywhere = () =>
    signOutEverywhere.mutate(undefined, { onError: (e) => toastApiFailure(e) });

  const rows: [label: string, value: string | null | undefined][] = [
    [M.name, formatFullName(user.first_name, user.last_name)],
    [M.address, user.city],
    [M.dob, formatDateOfBirth(user.dob)],
    [M.phoneNumber, user.phone_number],
    [M.email, user.email],
    [M.username, user.username],
    [M.role, userTypeLabel(user.user_type)],
  ];

  return (
    <>
      <Card className="shadow-sm">
        <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2 bg-transparent">
          <h1 className="h4 mb-0">{M.title}</h1>
          <Link to="/profile/edit" className="btn btn-accent btn-sm">
            <i className="bi bi-pencil-square me-1" aria-hidden="true" />
            {M.editLink}
          </Link>
        </Card.Header>
        <Card.Body className="d-flex flex-column flex-sm-row gap-4 align-items-center align-items-sm-start">
          <Avatar src={getAvatarUrl(user.avatar)} alt={M.avatarAlt} className="flex-shrink-0" />
          <dl className="profile-details row mb-0 w-100">
            {rows.map(([label, value]) => (
              <div key={label} className="col-12 d-sm-flex py-2 border-bottom">
                <dt className="col-sm-4">{label}</dt>
                <dd className="col-sm-8 mb-0" data-field={label}>
                  {value ? value : <span className="text-body-secondary">{M.notSet}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </Card.Body>
        <Card.Footer className="d-flex flex-wrap justify-content-between align-items-center gap-2 bg-transparent">
          <small className="text-body-secondary">{M.signOutEverywhereHelp}</small>
          <Button
            variant="outline-danger"
            size="sm"
            onClick={handleSignOutEverywhere}
            disabled={signOutEverywhere.isPending}
          >
            {signOutEverywhere.isPending ? (
              <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />
            ) : (
              <i className="bi bi-box-arrow-right me-1" aria-hidden="true" />
            )}
            {M.signOutEverywhere}
          </Button>
        </Card.Footer>
      </Card>
      <VerificationStatus user={user} />
      {(user.user_type === 'Hobbyist' || user.user_type === 'Provider') && (
        <MessageMailSetting on={user.message_mail !== false} />
      )}
      <TwoFactorSection />
      <DataExportSection />
      {user.role !== 'admin' && <DeleteAccountSection />}
    </>
  );
}
