import { Alert, Badge, Button, Card, Col, Container, Row } from 'react-bootstrap';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatMoney, MESSAGES, SHOP_LIMITS } from '@app/domain';
import type { TCheckoutForm, TQuote, ZCheckoutForm } from '@app/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../../api/client.ts';
import { PaymentQr } from '../billing/index.ts';
import type { CartItem } from './cart.ts';
import { TextField } from '../../ui/FormField.tsx';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

const C = MESSAGES.checkout;

export type CheckoutFormInput = z.input<typeof ZCheckoutForm>;
export type CheckoutField = keyof TCheckoutForm;
export type CheckoutForm = UseFormReturn<CheckoutFormInput, unknown, TCheckoutForm>;

/** What the checkout's cards share: the form and the id of a field or a heading on this page. */
interface CheckoutCardProps {
  form: CheckoutForm;
  field: (name: string) => string;
}

/** One text field of the checkout form, at most the billing field's length unless told otherwise. */
function CheckoutText({
  form,
  field,
  name,
  label,
  ...more
}: CheckoutCardProps & { name: CheckoutField; label: string } & Partial<Parameters<typeof TextField>[0]>) {
  return (
    <TextField
      id={field(name)}
      label={label}
      registration={form.register(name)}
      error={form.formState.errors[name]}
      maxLength={SHOP_LIMITS.billingField}
      {...more}
    />
  );
}

/** The billing details: names, e-mail, phone and the address. */
export function BillingCard(props: CheckoutCardProps) {
  const { field } = props;
  return (
    <Card as="section" aria-labelledby={field('billing')} className="shadow-sm">
      <Card.Body>
        <h2 id={field('billing')} className="h5 mb-3">
          {C.billing}
        </h2>
        <Row className="gx-3">
          <Col sm={6}>
            <CheckoutText {...props} name="first_name" label={C.firstName} autoComplete="given-name" />
          </Col>
          <Col sm={6}>
            <CheckoutText {...props} name="last_name" label={C.lastName} autoComplete="family-name" />
          </Col>
          <Col sm={6}>
            <CheckoutText
              {...props}
              name="email_address"
              label={C.email}
              type="email"
              maxLength={SHOP_LIMITS.email}
            />
          </Col>
          <Col sm={6}>
            <CheckoutText
              {...props}
              name="phone"
              label={C.phone}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={SHOP_LIMITS.phoneMax}
            />
          </Col>
          <Col xs={12}>
            <CheckoutText {...props} name="country" label={C.country} autoComplete="country-name" />
          </Col>
          <Col xs={12}>
            <CheckoutText {...props} name="address" label={C.address} autoComplete="street-address" />
          </Col>
          <Col sm={7}>
            <CheckoutText {...props} name="town" label={C.town} autoComplete="address-level2" />
          </Col>
          <Col sm={5}>
            <CheckoutText
              {...props}
              name="postcode"
              label={C.postcode}
              autoComplete="postal-code"
              maxLength={20}
            />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}

/** The server's summary of the cart, or its loading or failed state. */
export function SummaryCard({
  field,
  quote,
  cart,
  unavailable,
}: {
  field: (name: string) => string;
  quote: UseQueryResult<TQuote>;
  cart: readonly CartItem[];
  unavailable: boolean;
}) {
  return (
    <Card as="section" aria-labelledby={field('summary')} className="shadow-sm mb-4">
      <Card.Body>
        <h2 id={field('summary')} className="h5 mb-3">
          {C.summary}
        </h2>
        {quote.isPending ? (
          <PanelLoading />
        ) : quote.isError ? (
          <QuoteFailure error={quote.error} onRetry={() => void quote.refetch()} />
        ) : (
          <>
            <OrderSummary quote={quote.data} cart={cart} />
            {unavailable && <BackToCart message={MESSAGES.cart.unavailableHint} />}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/** The payment: the total, the QR code and address, the transaction id and Place Order. */
export function PaymentCard({
  total,
  ready,
  ...props
}: CheckoutCardProps & { total: number | undefined; ready: boolean }) {
  const { field, form } = props;
  return (
    <Card as="section" aria-labelledby={field('payment')} className="shadow-sm">
      <Card.Body>
        <h2 id={field('payment')} className="h5 mb-3">
          {C.payment}
        </h2>
        {total !== undefined && (
          <p className="d-flex justify-content-between fw-semibold mb-3">
            <span>{C.total}</span>
            <span data-testid="payment-total">{formatMoney(total)}</span>
          </p>
        )}
        <div className="mb-3">
          <PaymentQr texts={C} loadFailed={C.loadFailed} />
        </div>
        <CheckoutText
          {...props}
          name="transaction_id"
          label={C.transactionId}
          autoComplete="off"
          maxLength={SHOP_LIMITS.transactionIdMax}
        />
        <SubmitButton submitting={form.formState.isSubmitting} disabled={!ready} className="w-100">
          {C.placeOrder}
        </SubmitButton>
      </Card.Body>
    </Card>
  );
}

/** Checkout with an empty cart: says so, with the way back to the shop. */
export function EmptyCheckout() {
  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">{C.title}</h1>
      <Alert variant="info" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        {C.emptyCart}
        <Link to="/products" className="btn btn-sm btn-outline-secondary">
          {MESSAGES.cart.continueShopping}
        </Link>
      </Alert>
    </Container>
  );
}

/** The server's summary: each line (name × quantity, line total), then the totals (spec 000 §9). */
function OrderSummary({ quote, cart }: { quote: TQuote; cart: readonly CartItem[] }) {
  const nameOf = (product: number, name: string | null) =>
    name ?? cart.find((item) => item.id === product)?.attributes.product.name ?? `#${product}`;
  const row = (label: string, value: string, testId: string) => (
    <div className="d-flex justify-content-between gap-2 mb-1">
      <dt>{label}</dt>
      <dd className="mb-0 text-nowrap" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <div className="checkout-summary">
      <ul className="list-unstyled mb-3">
        {quote.items.map((item) => (
          <li
            key={item.product}
            className="d-flex justify-content-between gap-2 py-2 border-bottom"
            data-testid="summary-item"
          >
            <span className="text-break">
              {nameOf(item.product, item.name)}{' '}
              <span className="text-body-secondary text-nowrap">× {item.quantity}</span>
              {!item.available && (
                <Badge bg="danger" className="ms-2">
                  {MESSAGES.cart.unavailable}
                </Badge>
              )}
            </span>
            <span className="text-nowrap">{item.available ? formatMoney(item.total) : '—'}</span>
          </li>
        ))}
      </ul>
      <dl className="mb-0">
        {row(C.subtotal, formatMoney(quote.subtotal), 'summary-subtotal')}
        {row(C.processingFee, formatMoney(quote.processing_fee), 'summary-fee')}
        {row(`${C.tax} (${quote.tax_percent}%)`, formatMoney(quote.tax), 'summary-tax')}
        {row(C.shipping, quote.free_shipping ? C.free : formatMoney(quote.shipping), 'summary-shipping')}
        <div className="d-flex justify-content-between gap-2 border-top pt-2 mt-2 fw-bold checkout-summary__total">
          <dt className="fw-bold">{C.total}</dt>
          <dd className="mb-0 text-nowrap" data-testid="summary-total">
            {formatMoney(quote.total)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

export function BackToCart({ message }: { message: string }) {
  return (
    <Alert
      variant="danger"
      className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3"
    >
      <span>{message}</span>
      <Link to="/Cart" className="btn btn-sm btn-outline-danger">
        {C.backToCart}
      </Link>
    </Alert>
  );
}

/** The quote refused (a bad cart: back to it) or not loaded (try again). */
function QuoteFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.isBadRequest) return <BackToCart message={error.message} />;
  return (
    <Alert
      variant="warning"
      className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-0"
    >
      {C.loadFailed}
      <Button size="sm" variant="outline-secondary" onClick={onRetry}>
        {C.retry}
      </Button>
    </Alert>
  );
}
