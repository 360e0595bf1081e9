import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Container, Nav, Offcanvas } from 'react-bootstrap';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { MESSAGES } from '@app/domain';
import { isAdminRole } from '../../app/accountMenu.ts';
import type { RedirectState } from '../../app/guards.tsx';
import NotFoundPage from '../../app/NotFoundPage.tsx';
import { useSession } from '../../app/session.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { fetchTwoFactorStatus, TWO_FACTOR_STATUS_QUERY_KEY } from './adminApi.ts';
import { QueryState } from './parts.tsx';
import { ADMIN_SECTIONS } from './sections.ts';
import './admin.css';

const T = MESSAGES.adminConsole;

/** Where signing in again comes back to: the console. */
const BACK_TO_CONSOLE: RedirectState = { from: '/admin' };

/**
 * The session's token was not given a code (an admin signed in before enrolling, or the token is
 * old): codes are asked for at sign-in only, so the way on is to sign out and sign in again, where
 * the login asks for the code and then comes back here.
 */
function ReSignIn() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Container className="py-5">
      <Alert variant="warning" className="mx-auto admin-gate">
        <Alert.Heading as="h1" className="h5">
          {T.gate.reSignInTitle}
        </Alert.Heading>
        <p>{T.gate.reSignIn}</p>
        <Button
          variant="accent"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void signOut().then(() => navigate('/login', { state: BACK_TO_CONSOLE }));
          }}
        >
          {T.gate.reSignInButton}
        </Button>
      </Alert>
    </Container>
  );
}

/** The console's frame: the sidebar (a menu button and an offcanvas below lg) and the page. */
function ConsoleFrame() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <Container fluid className="admin-console py-3 py-lg-4">
      <div className="d-lg-none mb-3">
        <Button
          variant="outline-secondary"
          size="sm"
          aria-controls="admin-sidebar"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <i className="bi bi-list me-1" aria-hidden="true" />
          {T.nav.openMenu}
        </Button>
      </div>
      <div className="d-lg-flex gap-4">
        <Offcanvas
          id="admin-sidebar"
          responsive="lg"
          show={menuOpen}
          onHide={close}
          placement="start"
          className="admin-sidebar"
          aria-labelledby="admin-sidebar-title"
        >
          <Offcanvas.Header closeButton closeLabel={T.nav.closeMenu}>
            <Offcanvas.Title id="admin-sidebar-title" as="h2" className="h5">
              {T.title}
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body className="flex-column">
            <div className="d-none d-lg-block small text-body-secondary text-uppercase fw-semibold mb-2">
              {T.title}
            </div>
            <Nav as="nav" variant="pills" aria-label={T.nav.label} className="flex-column gap-1 w-100">
              {ADMIN_SECTIONS.map((section) => (
                <Nav.Link
                  key={section.key}
                  as={NavLink}
                  to={section.to}
                  end={'end' in section ? section.end : undefined}
                  onClick={close}
                >
                  <i className={`bi ${section.icon} me-2`} aria-hidden="true" />
                  {section.label}
                </Nav.Link>
              ))}
            </Nav>
          </Offcanvas.Body>
        </Offcanvas>
        <div className="admin-content flex-grow-1 min-w-0">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </Container>
  );
}

/** The two-factor gate: enrolment first, then a token that was given a code. */
function TwoFactorGate() {
  const { token } = useSession();
  // Per token: a new sign-in (with its code) is asked afresh, never answered from the old session's state.
  const status = useQuery({
    queryKey: [...TWO_FACTOR_STATUS_QUERY_KEY, token],
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
    staleTime: 60_000,
  });
  if (status.isPending || status.isError) {
    return (
      <Container className="py-4">
        <QueryState query={status} loadFailed={T.gate.loadFailed} />
      </Container>
    );
  }
  if (!status.data.enabled) return <Navigate to="/admin/two-factor" replace />;
  if (!status.data.verified) return <ReSignIn />;
  return <ConsoleFrame />;
}

/**
 * The admin console (contract "Web"): a signed-in admin only (RequireAuth sends visitors to
 * the login first; any other account reads Not Found, as if there were no console), with two-factor
 * sign-in set up and given at this sign-in. The server refuses every admin route to anyone else anyway:
 * this only spares them a screen of refusals.
 */
export default function AdminLayout() {
  const { user } = useSession();
  if (!isAdminRole(user?.role)) return <NotFoundPage />;
  return <TwoFactorGate />;
}
