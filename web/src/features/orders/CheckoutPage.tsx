import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Container, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { formatMoney, MESSAGES, SHOP_LIMITS, ZBillingDetails, ZCheckoutForm } from '@app/domain';
import type { TCheckoutForm, TCheckoutItem, TQuote } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { useNeedLogin } from '../../app/guards.tsx';
import { useSession } from '../../app/session.tsx';
import type { SessionUser } from '../../app/session.tsx';
import { PaymentQr } from '../billing/PaymentQr.tsx';
import { clearCart, useCart } from './cart.ts';
import type { CartItem } from './cart.ts';
import { TextField } from '../../ui/FormField.tsx';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { serverFieldErrors } from '../../ui/serverFieldErrors.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { usePlaceOrder, useQuote } from './api.ts';
import './orders.css';

const C = MESSAGES.checkout;

type CheckoutFormInput = z.input<typeof ZCheckoutForm>;
type CheckoutField = keyof TCheckoutForm;

const FIELDS: readonly CheckoutField[] = [
  'first_name',
  'last_name',
  'email_address',
  'phone',
  'country',
  'address',
  'town',
  'postcode',
  'transaction_id',
];
const isCheckoutField = (name: unknown): name is CheckoutField =>
  typeof name === 'string' && (FIELDS as readonly string[]).includes(name);

/**
 * The profile's phone as checkout takes it (digits only, 10 to 15 of them): the profile allows
 * hyphens and shorter numbers (spec 000 §5), so '555-0100' is left for the buyer to type.
 */
function checkoutPhoneOf(profilePhone: string | null | undefined): string {
  const digits = (profilePhone ?? '').replace(/\D/g, '');
  return ZBillingDetails.shape.phone.safeParse(digits).success ? digits : '';
}

/** The form as it opens: the names, e-mail and phone of the signed-in account when it has them. */
function prefill(user: SessionUser | null): CheckoutFormInput {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email_address: user?.email ?? '',
    phone: checkoutPhoneOf(user?.phone_number),
    country: '',
    address: '',
    town: '',
    postcode: '',
    transaction_id: '',
  };
}

/**
 * /Checkout (spec 000 §2 "Checkout", §4, §5, §8; issue 13 item 5). Signed out: 'Need to login' and on
 * to /login, coming back here after. Otherwise the billing form, the server's summary of the cart
 * and the QR payment with the transaction id; Place Order sends the whole order in one call.
 */
export default function CheckoutPage() {
  const { isLoggedIn } = useSession();
  return isLoggedIn ? <Checkout /> : <SendToLogin />;
}

/** 'Need to login', then /login remembering this page (spec 000 §4 "Checkout click", §8). */
function SendToLogin() {
  const needLogin = useNeedLogin();
  useEffect(() => needLogin(undefined, { replace: true }), [needLogin]);
  return null;
}

function Checkout() {
  const id = useId();
  const cart = useCart();
  const { user } = useSession();
  const navigate = useNavigate();
  const items = useMemo<TCheckoutItem[]>(
    () => cart.map((item) => ({ product: item.id, quantity: item.attributes.quantiy })),
    [cart],
  );
  const quote = useQuote(items);
  const place = usePlaceOrder();
  // A 409: the shop's prices changed since the summary was shown (the new quote is fetched).
  const [conflict, setConflict] = useState<string | null>(null);
  // A product the server would not sell (gone, or the buyer's own): back to the cart.
  const [itemProblem, setItemProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormInput, unknown, TCheckoutForm>({
    resolver: zodResolver(ZCheckoutForm),
    defaultValues: prefill(user),
  });

  const handleFailure = (error: unknown) => {
    if (!isApiError(error)) {
      toast.error(C.failed);
      return;
    }
    if (error.status === 409) {
      setConflict(error.message);
      void quote.refetch();
      return;
    }
    if (error.isBadRequest) {
      // The server names `data.billing.<field>`, `data.transaction_id` and `data.items…`.
      const refusals = serverFieldErrors(error, ['data', 'billing']);
      const fields = refusals.filter((r) => isCheckoutField(r.field));
      for (const { field, message } of fields) {
        setError(field as Path<CheckoutFormInput>, { type: 'server', message });
      }
      const item = refusals.find((r) => r.field === 'items');
      if (item) setItemProblem(item.message);
      const first = FIELDS.find((f) => fields.some((r) => r.field === f));
      if (first) setFocus(first);
      if (fields.length > 0 || item) return;
      toast.error(C.failed);
      return;
    }
    if (error.isNetworkError) toast.error(MESSAGES.toast.networkError);
    else if (error.status === 403 || error.status === 429) toast.error(error.message);
    else toast.error(C.failed);
  };

  const handlePlaceOrder = handleSubmit(async (values) => {
    if (!quote.data) return;
    setConflict(null);
    setItemProblem(null);
    const { transaction_id, ...billing } = values;
    try {
      await place.mutateAsync({ items, billing, transaction_id, total: quote.data.total });
    } catch (error) {
      handleFailure(error);
      return;
    }
    toast.success(C.placed);
    clearCart();
    void navigate('/orders/view');
  });

  if (cart.length === 0) {
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

  const unavailable = quote.data?.items.some((item) => !item.available) ?? false;
  const ready = quote.data !== undefined && !quote.isFetching && !unavailable;
  const field = (name: string) => `${id}-${name}`;
  const text = (name: CheckoutField, label: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={field(name)}
      label={label}
      registration={register(name)}
      error={errors[name]}
      maxLength={SHOP_LIMITS.billingField}
      {...more}
    />
  );

  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">{C.title}</h1>
      {conflict && (
        <Alert variant="warning" role="alert">
          {conflict}
        </Alert>
      )}
      {itemProblem && <BackToCart message={itemProblem} />}
      <Form noValidate onSubmit={handlePlaceOrder} aria-label={C.title}>
        <fieldset disabled={isSubmitting}>
          <Row className="g-4">
            <Col lg={7}>
              <Card as="section" aria-labelledby={field('billing')} className="shadow-sm">
                <Card.Body>
                  <h2 id={field('billing')} className="h5 mb-3">
                    {C.billing}
                  </h2>
                  <Row className="gx-3">
                    <Col sm={6}>{text('first_name', C.firstName, { autoComplete: 'given-name' })}</Col>
                    <Col sm={6}>{text('last_name', C.lastName, { autoComplete: 'family-name' })}</Col>
                    <Col sm={6}>
                      {text('email_address', C.email, { type: 'email', maxLength: SHOP_LIMITS.email })}
                    </Col>
                    <Col sm={6}>
                      {text('phone', C.phone, {
                        type: 'tel',
                        inputMode: 'numeric',
                        autoComplete: 'tel',
                        maxLength: SHOP_LIMITS.phoneMax,
                      })}
                    </Col>
                    <Col xs={12}>{text('country', C.country, { autoComplete: 'country-name' })}</Col>
                    <Col xs={12}>{text('address', C.address, { autoComplete: 'street-address' })}</Col>
                    <Col sm={7}>{text('town', C.town, { autoComplete: 'address-level2' })}</Col>
                    <Col sm={5}>
                      {text('postcode', C.postcode, { autoComplete: 'postal-code', maxLength: 20 })}
                    </Col>
                  </Row>
                </Card.Body>
              </Card>
            </Col>
            <Col lg={5}>
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
              <Card as="section" aria-labelledby={field('payment')} className="shadow-sm">
                <Card.Body>
                  <h2 id={field('payment')} className="h5 mb-3">
                    {C.payment}
                  </h2>
                  {quote.data && (
                    <p className="d-flex justify-content-between fw-semibold mb-3">
                      <span>{C.total}</span>
                      <span data-testid="payment-total">{formatMoney(quote.data.total)}</span>
                    </p>
                  )}
                  <div className="mb-3">
                    <PaymentQr texts={C} loadFailed={C.loadFailed} />
                  </div>
                  {text('transaction_id', C.transactionId, {
                    autoComplete: 'off',
                    maxLength: SHOP_LIMITS.transactionIdMax,
                  })}
                  <SubmitButton submitting={isSubmitting} disabled={!ready} className="w-100">
                    {C.placeOrder}
                  </SubmitButton>
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </fieldset>
      </Form>
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

function BackToCart({ message }: { message: string }) {
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
