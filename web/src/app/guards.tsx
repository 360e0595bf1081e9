import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './session.tsx';

/** What RequireAuth leaves in the location state of /login. */
export interface RedirectState {
  from: string;
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

/**
 * Login-required routes (spec 000 §2): a visitor who is not logged in goes to /login, and the wanted
 * path is kept in location state `from` so the login screen can return there.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) {
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/**
 * Guests-only routes (/login, /register, /forgotPassword): a logged-in user is redirected to '/'.
 * If RequireAuth sent them here, they go to the remembered path instead, which also covers the
 * moment right after a successful login on this screen.
 */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (isLoggedIn) return <Navigate to={getRedirectTarget(location.state)} replace />;
  return children ?? <Outlet />;
}

/**
 * Provider-only pages (spec 001 §6: ads, wallet, subscription): another account type signed in reads
 * a short note instead of a screen whose calls the server would refuse.
 */
export function RequireProvider({ children }: { children?: ReactNode }) {
  const { userType } = useSession();
  if (userType !== 'Provider') {
    return (
      <Alert variant="info" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        {MESSAGES.providerHome.pageForProviders}
        <Link to="/profile" className="btn btn-sm btn-outline-secondary">
          {MESSAGES.providerHome.backToProfile}
        </Link>
      </Alert>
    );
  }
  return children ?? <Outlet />;
}

/** Vendor-only pages (spec 000 §6: My Products; issue 13: My Sales); others read a short note. */
export function RequireVendor({ children }: { children?: ReactNode }) {
  const { userType } = useSession();
  if (userType !== 'Vender') {
    return (
      <Alert variant="info" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        {MESSAGES.myProducts.vendorsOnly}
        <Link to="/profile" className="btn btn-sm btn-outline-secondary">
          {MESSAGES.providerHome.backToProfile}
        </Link>
      </Alert>
    );
  }
  return children ?? <Outlet />;
}
