import { useState } from 'react';
import { Alert, Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Navigate, useNavigate } from 'react-router';
import { MESSAGES } from '@app/domain';
import { isAdminRole } from '../../app/accountMenu.ts';
import NotFoundPage from '../../app/NotFoundPage.tsx';
import { useSession } from '../../app/session.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { TwoFactorSetup } from '../auth/index.ts';
import { useKeepEnrolledSession, useTwoFactorStatus } from '../auth/index.ts';

const T = MESSAGES.twoFactor;

/**
 * /admin/two-factor: the admin's enrolment on the first visit to the console. The
 * same setup as My Profile's (QR code, the secret as text, the Code field, then the ten recovery codes
 * shown once). The session keeps the token enrolment gave (given a code, so it has the admin's
 * powers) and, once the codes were seen, the console opens; an `onDone` prop is handed the token
 * instead. An admin who has it on already goes to the console (whose gate asks to sign in again when
 * this session had no code); any other account reads Not Found, as for the console.
 */
export default function TwoFactorEnrolPage({ onDone }: { onDone?: (jwt: string) => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const keepSession = useKeepEnrolledSession();
  const isAdmin = isAdminRole(user?.role);
  const status = useTwoFactorStatus(isAdmin);
  // Decided on the first answer: once the setup is on screen it stays there, even when the state is
  // read again (and says "on") before the recovery codes were seen.
  const [enrolledAtFirst, setEnrolledAtFirst] = useState<boolean | null>(null);
  if (status.data && enrolledAtFirst === null) setEnrolledAtFirst(status.data.enabled);

  if (!isAdmin) return <NotFoundPage />;
  if (enrolledAtFirst === true) return <Navigate to="/admin" replace />;
  if (enrolledAtFirst === null) {
    if (!status.isError) return <PageSpinner />;
    return (
      <Container className="py-4">
        <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          {T.loadFailed}
          <Button variant="outline-secondary" size="sm" onClick={() => void status.refetch()}>
            {MESSAGES.directory.retry}
          </Button>
        </Alert>
      </Container>
    );
  }

  // The session takes the new token at once (closing the tab on the codes still leaves it given a
  // code); the console opens once the codes were seen.
  const finish = (jwt: string) => {
    if (onDone) onDone(jwt);
    else void navigate('/admin', { replace: true });
  };

  return (
    <Container className="py-4 py-md-5">
      <Row className="justify-content-center">
        <Col lg={9} xl={7}>
          <Card className="shadow-sm">
            <Card.Body className="p-3 p-sm-4">
              <h1 className="h4 mb-3">
                <i className="bi bi-shield-lock me-2" aria-hidden="true" />
                {T.consoleTitle}
              </h1>
              <TwoFactorSetup
                intro={T.adminEnrolIntro}
                autoStart
                onEnabled={onDone ? undefined : keepSession}
                onDone={finish}
              />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
