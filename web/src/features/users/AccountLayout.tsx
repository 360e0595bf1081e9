import { Suspense } from 'react';
import { Col, Container, Nav, Row } from 'react-bootstrap';
import { Link, Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@app/domain';
import type { AccountMenuItem } from '../../app/accountMenu.ts';
import { getDisplayName } from '../../app/Header.tsx';
import { useSession } from '../../app/session.tsx';
import { useAccountMenuItems } from '../../app/useAccountMenuItems.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { Avatar, getAvatarUrl } from './Avatar.tsx';
import './users.css';

/** /profile, /profile/view and /profile/edit all belong to My Profile. */
const PROFILE_PATHS = ['/profile', '/profile/view', '/profile/edit'];

function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

export function isMenuItemActive(item: AccountMenuItem, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (item.key === 'profile') return PROFILE_PATHS.includes(path);
  // A page above others (Provider Details at /provider) is current only on itself.
  if (item.exact) return path === normalizePath(item.to);
  const target = normalizePath(item.to);
  return path === target || path.startsWith(`${target}/`);
}

/**
 * The signed-in account area (spec 000 §2 "Account sidebar"): the role's links on the left from md
 * up (a row of pills above the page on small screens), the page on the right.
 */
export default function AccountLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const items = useAccountMenuItems();

  return (
    <Container className="py-4">
      <Row className="g-4">
        <Col md={4} lg={3} as="aside" className="account-sidebar">
          <div className="account-sidebar__head d-flex align-items-center gap-2 mb-3">
            <Avatar src={getAvatarUrl(user?.avatar)} alt="" size="small" />
            <div className="text-truncate">
              <div className="small text-body-secondary">{MESSAGES.nav.account}</div>
              <div className="fw-semibold text-truncate">{getDisplayName(user)}</div>
            </div>
          </div>
          <Nav
            as="nav"
            variant="pills"
            aria-label={MESSAGES.nav.account}
            className="account-sidebar__nav flex-md-column gap-1"
          >
            {items.map((item) => {
              const active = isMenuItemActive(item, pathname);
              return (
                <Nav.Link
                  key={item.key}
                  as={Link}
                  to={item.to}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                >
                  <i className={`bi ${item.icon} me-2`} aria-hidden="true" />
                  {item.label}
                </Nav.Link>
              );
            })}
          </Nav>
        </Col>
        <Col md={8} lg={9}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Col>
      </Row>
    </Container>
  );
}
