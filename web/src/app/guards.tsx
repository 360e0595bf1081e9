import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { UserType } from '@app/domain';
import { toUserType } from '@app/domain';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useSession } from './session.tsx';

/** What RequireAuth leaves in the location state of /login. */
export interface RedirectState {
  from: string;
}

/**
 * "Need to login" (spec 000 §4, §8): the toast, then /login with `from` in its state (by default the
 * page the user is on), so that logging in comes back there. `replace` for a page that cannot be
 * shown signed out (checkout), so that Back does not open it again.
 */
export function useNeedLogin() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(
    (from?: string, { replace = false }: { replace?: boolean } = {}) => {
      toast.info(MESSAGES.toast.needLogin, { toastId: 'need-login' });
      const state: RedirectState = { from: from ?? `${pathname}${search}${hash}` };
      void navigate('/login', { replace, state });
    },
    [navigate, pathname, search, hash],
  );
}

/**
 * The in-app path to return to after logging in, read from location state `from`; '/' when there is
 * none. Only same-site paths are accepted, so a crafted state cannot send the user elsewhere.
 */
export function getRedirectTarget(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '/';
  const from = (state as { from?: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  return from;
}

/** A provider's home: Provider Details (spec 001 §2 "Provider area"). */
export const PROVIDER_HOME = '/provider';

/**
 * Where a signed-in user on a guest page goes (right after logging in, or opening /login signed in):
 * the page they were sent to log in from (see RequireAuth), else a provider's home, else the listing.
 */
export function getLoginTarget(state: unknown, userType: unknown): string {
  const remembered = getRedirectTarget(state);
  if (remembered !== '/' || toUserType(userType) !== 'Provider') return remembered;
  return PROVIDER_HOME;
}

/**
 * Login-required routes (spec 000 §2): a visitor who is not logged in goes to /login, and the wanted
 * path is kept in location state `from` so the login screen can return there.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isLoggedIn, restoring } = useSession();
  const location = useLocation();
  // A new tab asking the others for a session not remembered: a moment, not the login page yet.
  if (!isLoggedIn && restoring) return null;
  if (!isLoggedIn) {
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/**
 * Guests-only routes (/login, /register, /forgotPassword): a logged-in user goes on to the remembered
 * path, else their own start (`getLoginTarget`); a session a registration started goes to its `startPath`. This is also how a successful login on this screen
 * leaves it: the login stores the session, and the next render sends the user on.
 */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { isLoggedIn, user, startPath } = useSession();
  const location = useLocation();
  if (isLoggedIn) {
    return <Navigate to={startPath ?? getLoginTarget(location.state, user?.user_type)} replace />;
  }
  return children ?? <Outlet />;
}

/**
 * Pages for one account type (spec 001 §6: a provider's ads, wallet and subscription; spec 000 §6: a
 * vendor's products and sales): another account type signed in reads `note` instead of a
 * screen whose calls the server would refuse.
 */
export function RequireAccountType({
  type,
  note,
  children,
}: {
  type: UserType;
  note: string;
  children?: ReactNode;
}) {
  const { userType } = useSession();
  if (userType !== type) {
    return (
      <Alert variant="info" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        {note}
        <Link to="/profile" className="btn btn-sm btn-outline-secondary">
          {MESSAGES.providerHome.backToProfile}
        </Link>
      </Alert>
    );
  }
  return children ?? <Outlet />;
}
