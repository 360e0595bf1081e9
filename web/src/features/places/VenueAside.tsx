import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import type { TVenueKind } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { withSearch } from '../../lib/venue.ts';

const V = MESSAGES.venues;
const N = MESSAGES.nav;

/**
 * The side list of a venue page (spec 000 §2 "Vendor venues"): Forums for sex toy shops, Services for
 * body rubs, none for strip clubs. Each entry is a real page of the site: the forums are the FAQ, the
 * feedback form and the store; the services are the provider listing and the other venue types, in
 * the location chosen in the header.
 */
export function VenueAside({ kind, locationSearch }: { kind: TVenueKind; locationSearch: string }) {
  if (kind === 'stripclub') return null;
  const forums = kind === 'sextoy';
  const links = forums
    ? [
        { to: '/faq', label: N.faq, icon: 'bi-question-circle' },
        { to: '/contactus', label: N.feedback, icon: 'bi-chat-dots' },
        { to: '/products', label: N.onlineStore, icon: 'bi-bag' },
      ]
    : [
        { to: withSearch('/', locationSearch), label: V.providers, icon: 'bi-people' },
        { to: withSearch('/sextoy', locationSearch), label: N.sexToy, icon: 'bi-shop' },
        { to: withSearch('/stripclub', locationSearch), label: N.stripClub, icon: 'bi-music-note-beamed' },
        { to: '/products', label: N.onlineStore, icon: 'bi-bag' },
      ];
  const title = forums ? V.forums : V.services;
  return (
    <Card as="nav" aria-label={title} className="venue-aside shadow-sm">
      <Card.Header as="h2" className="h6 mb-0 bg-transparent">
        {title}
      </Card.Header>
      <ul className="list-group list-group-flush">
        {links.map((link) => (
          <li key={link.label} className="list-group-item">
            <Link to={link.to} className="venue-aside__link">
              <i className={`bi ${link.icon} me-2`} aria-hidden="true" />
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * The frame of every venue page, a listing or a detail: the page's own column and, beside it on wide
 * screens (below it on phones), the kind's side list; strip clubs have none and take the full width.
 */
export function VenueLayout({
  kind,
  locationSearch,
  children,
}: {
  kind: TVenueKind;
  locationSearch: string;
  children: ReactNode;
}) {
  const aside = kind !== 'stripclub';
  return (
    <div className="venues py-3 py-lg-4 container-xl">
      <div className="row g-4">
        <div className={aside ? 'col-lg-9' : 'col-12'}>{children}</div>
        {aside && (
          <aside className="col-lg-3">
            <VenueAside kind={kind} locationSearch={locationSearch} />
          </aside>
        )}
      </div>
    </div>
  );
}

/**
 * 'Add Place' (spec 000 §2): providers go to /place/add, visitors to /login (and on to /place/add once
 * logged in); other signed-in accounts do not see it.
 */
export function AddPlaceButton({ className = '' }: { className?: string }) {
  const { isLoggedIn, userType } = useSession();
  if (isLoggedIn && userType !== 'Provider') return null;
  return (
    <Link
      to={isLoggedIn ? '/place/add' : '/login'}
      state={isLoggedIn ? undefined : { from: '/place/add' }}
      className={`btn btn-accent ${className}`}
    >
      <i className="bi bi-plus-lg me-1" aria-hidden="true" />
      {V.addPlace}
    </Link>
  );
}
