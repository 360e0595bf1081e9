import { useEffect, useRef } from 'react';
import type { MouseEvent } from 'react';
import { Alert, Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ApiItem } from '@app/domain';
import { formatMoney, MESSAGES, packagePrice } from '@app/domain';
import type { RedirectState } from '../../app/guards.tsx';
import { useSession } from '../../app/session.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import type { PackageAttributes, ProcessingCostAttributes } from './api.ts';
import { usePackages, useProcessingCosts } from './api.ts';
import { PurchasePanel } from './PurchasePanel.tsx';
import './billing.css';
import { sectionHead, usePageHead } from '../../app/head.tsx';

const T = MESSAGES.packages;

/** The query parameter naming the chosen package, so a visitor sent to log in comes back to it. */
export const PACKAGE_PARAM = 'package';

function readPackageId(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /package, /ads/packages and /ads/packages/ (spec 000 §2, §4): the package cards and, for the chosen
 * one, the selected-package panel. A provider buys there (wallet, QR payment and transaction id); a
 * visitor who picks a package is sent to log in and comes back to it; Skip (visitors only) marks
 * them not subscribed and goes to the listing.
 */
export default function PackagesPage() {
  usePageHead(sectionHead(MESSAGES.packages.title, MESSAGES.pageHead.packagesDescription, '/package'));
  const packages = usePackages();
  const costs = useProcessingCosts();
  const { isLoggedIn, setSubscribed } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const selectedId = readPackageId(searchParams.get(PACKAGE_PARAM));
  const panelRef = useRef<HTMLDivElement>(null);

  const selected = packages.data?.data.find((p) => p.id === selectedId);
  // Bring the panel into view when a package is chosen (on a phone it is below all the cards).
  const selectedKey = selected?.id;
  useEffect(() => {
    if (selectedKey !== undefined)
      panelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [selectedKey]);

  if (packages.isPending || costs.isPending) return <PageSpinner />;
  if (packages.isError || costs.isError) {
    return (
      <Container className="py-5">
        <Alert variant="warning">{MESSAGES.toast.genericWarning}</Alert>
      </Container>
    );
  }

  const loginState = (id: number): RedirectState => ({
    from: `${location.pathname}?${PACKAGE_PARAM}=${id}`,
  });

  // A visitor is sent to log in first; anyone else follows the card's link to the page with it chosen.
  const handleSelect = (id: number, event: MouseEvent) => {
    if (isLoggedIn) return;
    event.preventDefault();
    void navigate('/login', { state: loginState(id) });
  };

  const handleSkip = () => {
    setSubscribed(false);
    void navigate('/');
  };

  return (
    <Container className="py-4">
      <h1 className="h3 mb-2">{T.title}</h1>
      <p className="text-body-secondary">{T.intro}</p>
      {packages.data.data.length === 0 && <Alert variant="info">{T.empty}</Alert>}
      <Row xs={1} md={2} lg={3} className="g-3 mb-4">
        {packages.data.data.map((p) => (
          <Col key={p.id}>
            <PackageCard
              pkg={p}
              costs={costs.data}
              selected={p.id === selectedId}
              onSelect={(event) => handleSelect(p.id, event)}
            />
          </Col>
        ))}
      </Row>
      <div ref={panelRef} className="packages-panel-anchor">
        {selected && (
          <SelectedPackage pkg={selected} costs={costs.data} loginState={loginState(selected.id)} />
        )}
      </div>
      {!isLoggedIn && (
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={handleSkip}>
            {T.skip}
          </Button>
        </div>
      )}
    </Container>
  );
}

/**
 * The chosen package's panel: a provider buys there (`PurchasePanel`); anyone else sees the price and
 * either that only providers buy or, logged out, the way to log in and come back.
 */
function SelectedPackage({
  pkg,
  costs,
  loginState,
}: {
  pkg: ApiItem<PackageAttributes>;
  costs: ProcessingCostAttributes;
  loginState: RedirectState;
}) {
  const { isLoggedIn, userType } = useSession();
  return (
    <Card className="packages-panel mb-4 shadow-sm" aria-labelledby="selected-package-title">
      <Card.Header className="bg-transparent">
        <h2 id="selected-package-title" className="h5 mb-0">
          {T.selected}: {pkg.attributes.name}
        </h2>
      </Card.Header>
      <Card.Body>
        {userType === 'Provider' ? (
          <PurchasePanel key={pkg.id} pkg={pkg} costs={costs} />
        ) : (
          <>
            <p className="mb-2">
              {T.price}: <strong>{formatMoney(priceOf(pkg.attributes, costs))}</strong>
            </p>
            {isLoggedIn ? (
              <p className="mb-0 text-body-secondary">
                <i className="bi bi-info-circle me-1" aria-hidden="true" />
                {T.providersOnly}
              </p>
            ) : (
              <Link to="/login" state={loginState} className="btn btn-accent">
                {T.loginToBuy}
              </Link>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

function priceOf(p: PackageAttributes, costs: ProcessingCostAttributes): number {
  return packagePrice(p.total_price, costs.tax, costs.processing_fee);
}

interface PackageCardProps {
  pkg: ApiItem<PackageAttributes>;
  costs: ProcessingCostAttributes;
  selected: boolean;
  onSelect: (event: MouseEvent) => void;
}

function PackageCard({ pkg, costs, selected, onSelect }: PackageCardProps) {
  const p = pkg.attributes;
  return (
    <Card className={`package-card h-100 ${selected ? 'package-card--selected shadow' : ''}`}>
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h2" className="h5">
          {p.name}
        </Card.Title>
        <p className="package-card__price fw-bold mb-3">{formatMoney(priceOf(p, costs))}</p>
        <dl className="mb-3">
          <dt>{T.validity}</dt>
          <dd>
            {p.validity} {T.months}
          </dd>
          <dt>{T.adsPerDay}</dt>
          <dd>{p.number_of_ads_per_day}</dd>
          <dt>{T.pricePerDay}</dt>
          <dd>{formatMoney(p.price_per_day)}</dd>
        </dl>
        {/* A link to this page with the package chosen, not a button: the page comes rendered by the
            server, and a click before its script has run (a phone on a slow network) still chooses. */}
        <Link
          to={{ search: `?${PACKAGE_PARAM}=${pkg.id}` }}
          replace
          preventScrollReset
          className={`btn mt-auto ${selected ? 'btn-accent' : 'btn-outline-secondary'}`}
          aria-current={selected ? 'true' : undefined}
          onClick={onSelect}
        >
          {selected && <i className="bi bi-check-lg me-1" aria-hidden="true" />}
          {T.select}
        </Link>
      </Card.Body>
    </Card>
  );
}
