import { useState } from 'react';
import { Alert, Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { formatMoney, MESSAGES, packagePrice } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { usePackages, useProcessingCosts } from './api.ts';

const T = MESSAGES.packages;

/**
 * /package (spec 000 §2): the package cards and the selected-package panel; Skip (shown when not
 * logged in) marks the visitor not subscribed and goes to the listing. Paying for a package (QR code,
 * transaction id, wallet) arrives with the subscription screens.
 */
export default function PackagesPage() {
  const packages = usePackages();
  const costs = useProcessingCosts();
  const { isLoggedIn, setSubscribed } = useSession();
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  if (packages.isPending || costs.isPending) return <PageSpinner />;
  if (packages.isError || costs.isError) {
    return (
      <Container className="py-5">
        <Alert variant="warning">{MESSAGES.toast.genericWarning}</Alert>
      </Container>
    );
  }
  const priceOf = (p: { total_price: number }) =>
    packagePrice(p.total_price, costs.data.tax, costs.data.processing_fee);
  const selected = packages.data.data.find((p) => p.id === selectedId);

  const handleSkip = () => {
    setSubscribed(false);
    void navigate('/');
  };

  return (
    <Container className="py-4">
      <h1 className="h3 mb-2">{T.title}</h1>
      <p className="text-body-secondary">{T.intro}</p>
      {packages.data.data.length === 0 && <Alert variant="info">{T.empty}</Alert>}
      <Row xs={1} md={3} className="g-3 mb-4">
        {packages.data.data.map((p) => (
          <Col key={p.id}>
            <Card className={`h-100 ${p.id === selectedId ? 'border-primary shadow' : ''}`}>
              <Card.Body className="d-flex flex-column">
                <Card.Title as="h2" className="h5">
                  {p.attributes.name}
                </Card.Title>
                <p className="display-6 fw-bold mb-3">{formatMoney(priceOf(p.attributes))}</p>
                <dl className="mb-3">
                  <dt>{T.validity}</dt>
                  <dd>
                    {p.attributes.validity} {T.months}
                  </dd>
                  <dt>{T.adsPerDay}</dt>
                  <dd>{p.attributes.number_of_ads_per_day}</dd>
                  <dt>{T.pricePerDay}</dt>
                  <dd>{formatMoney(p.attributes.price_per_day)}</dd>
                </dl>
                <Button
                  className="mt-auto"
                  variant={p.id === selectedId ? 'primary' : 'outline-primary'}
                  aria-pressed={p.id === selectedId}
                  onClick={() => setSelectedId(p.id)}
                >
                  {T.select}
                </Button>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      {selected && (
        <Card className="mb-4" aria-live="polite">
          <Card.Body>
            <Card.Title as="h2" className="h5">
              {T.selected}: {selected.attributes.name}
            </Card.Title>
            <p className="mb-2">
              {T.total}: <strong>{formatMoney(priceOf(selected.attributes))}</strong>
            </p>
            <p className="mb-0 text-body-secondary">
              {T.howToBuy} <Link to="/contactus">{T.contactUs}</Link>
            </p>
          </Card.Body>
        </Card>
      )}
      <div className="d-flex gap-2">
        {!isLoggedIn && (
          <>
            <Link to="/login" className="btn btn-primary">
              {T.loginToBuy}
            </Link>
            <Button variant="outline-secondary" onClick={handleSkip}>
              {T.skip}
            </Button>
          </>
        )}
      </div>
    </Container>
  );
}
