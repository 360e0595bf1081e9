import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Col, Container, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES, ZBillingDetails, ZCheckoutForm } from '@app/domain';
import type { TCheckoutForm, TCheckoutItem } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { useNeedLogin } from '../../app/guards.tsx';
import { useSession } from '../../app/session.tsx';
import type { SessionUser } from '../../app/session.tsx';
import { clearCart, useCart } from './cart.ts';
import { serverFieldErrors } from '../../ui/serverFieldErrors.ts';
import { usePlaceOrder, useQuote } from './api.ts';
import { BackToCart, BillingCard, EmptyCheckout, PaymentCard, SummaryCard } from './CheckoutParts.tsx';
import type { CheckoutField, CheckoutForm, CheckoutFormInput } from './CheckoutParts.tsx';
import './orders.css';

const C = MESSAGES.checkout;

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
 * A refused order: a changed price (409) shows the new quote with a warning; a bad request marks its
 * fields (focusing the first) or sends back to the cart for a product; otherwise a toast.
 */
function showOrderFailure(
  error: unknown,
  {
    form,
    onConflict,
    onItemProblem,
  }: { form: CheckoutForm; onConflict: (message: string) => void; onItemProblem: (message: string) => void },
): void {
  if (!isApiError(error)) {
    toast.error(C.failed);
    return;
  }
  if (error.status === 409) {
    onConflict(error.message);
    return;
  }
  if (error.isBadRequest) {
    // The server names `data.billing.<field>`, `data.transaction_id` and `data.items…`.
    const refusals = serverFieldErrors(error, ['data', 'billing']);
    const fields = refusals.filter((r) => isCheckoutField(r.field));
    for (const { field, message } of fields) {
      form.setError(field as Path<CheckoutFormInput>, { type: 'server', message });
    }
    const item = refusals.find((r) => r.field === 'items');
    if (item) onItemProblem(item.message);
    const first = FIELDS.find((f) => fields.some((r) => r.field === f));
    if (first) form.setFocus(first);
    if (fields.length > 0 || item) return;
    toast.error(C.failed);
    return;
  }
  if (error.isNetworkError) toast.error(MESSAGES.toast.networkError);
  else if (error.status === 403 || error.status === 429) toast.error(error.message);
  else toast.error(C.failed);
}

/**
 * /Checkout (spec 000 §2 "Checkout", §4, §5, §8). Signed out: 'Need to login' and on
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

/**
 * Place Order: the order goes to the server with the quoted total; placed, the cart is emptied and
 * My Orders shown. A 409 (the shop's prices changed since the summary was shown) says so and fetches
 * the new quote; a product the server would not sell (gone, or the buyer's own) sends back to the cart.
 */
function usePlaceOrderSubmit(form: CheckoutForm, items: TCheckoutItem[], quote: ReturnType<typeof useQuote>) {
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const [conflict, setConflict] = useState<string | null>(null);
  const [itemProblem, setItemProblem] = useState<string | null>(null);
  const { handleSubmit } = form;

  const handleFailure = (error: unknown) =>
    showOrderFailure(error, {
      form,
      onConflict: (message) => {
        setConflict(message);
        void quote.refetch();
      },
      onItemProblem: setItemProblem,
    });

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
  return { conflict, itemProblem, handlePlaceOrder };
}

function Checkout() {
  const id = useId();
  const cart = useCart();
  const { user } = useSession();
  const items = useMemo<TCheckoutItem[]>(
    () => cart.map((item) => ({ product: item.id, quantity: item.attributes.quantiy })),
    [cart],
  );
  const quote = useQuote(items);
  const form = useForm<CheckoutFormInput, unknown, TCheckoutForm>({
    resolver: zodResolver(ZCheckoutForm),
    defaultValues: prefill(user),
  });
  const isSubmitting = form.formState.isSubmitting;
  const { conflict, itemProblem, handlePlaceOrder } = usePlaceOrderSubmit(form, items, quote);

  if (cart.length === 0) return <EmptyCheckout />;

  const unavailable = quote.data?.items.some((item) => !item.available) ?? false;
  const ready = quote.data !== undefined && !quote.isFetching && !unavailable;
  const field = (name: string) => `${id}-${name}`;

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
              <BillingCard form={form} field={field} />
            </Col>
            <Col lg={5}>
              <SummaryCard field={field} quote={quote} cart={cart} unavailable={unavailable} />
              <PaymentCard form={form} field={field} total={quote.data?.total} ready={ready} />
            </Col>
          </Row>
        </fieldset>
      </Form>
    </Container>
  );
}
