import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TQuote } from '@app/domain';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import CheckoutPage from './CheckoutPage.tsx';
import {
  answerCommon,
  BUYER,
  buildOrder,
  buildQuote,
  putCart,
  renderOrdersPage,
  signInAs,
  type,
} from './testOrders.tsx';

const C = MESSAGES.checkout;

const CART = [
  { id: 7, name: 'Massage Oil — Lavender', price: 9, quantity: 2 },
  { id: 9, name: 'Candle — Vanilla', price: 5.5, quantity: 1 },
];

type Answer = (call: ApiCall) => Response | undefined;

/** A signed-in buyer with the cart above; `quote` answers each quote in turn, `checkout` the order. */
function checkoutApi({
  quotes = [buildQuote()],
  checkout = () => jsonResponse({ data: buildOrder(31) }),
  user = BUYER as object,
}: { quotes?: TQuote[]; checkout?: Answer; user?: object } = {}) {
  signInAs(user as { id: number });
  putCart(CART);
  let asked = 0;
  return mockApi((call) => {
    if (call.path === '/orders/quote' && call.method === 'POST') {
      const quote = quotes[Math.min(asked, quotes.length - 1)]!;
      asked += 1;
      return jsonResponse({ data: quote });
    }
    if (call.path === '/orders/checkout' && call.method === 'POST') return checkout(call);
    return answerCommon(call, user);
  });
}

const renderCheckout = () =>
  renderOrdersPage('/Checkout', [{ path: '/Checkout', element: <CheckoutPage /> }]);
const quoteCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/orders/quote');
const checkoutCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/orders/checkout');
const placeOrder = () => screen.getByRole('button', { name: C.placeOrder });

/** The rest of the billing form (names, e-mail and phone come from the account) and the transaction id. */
function fillForm(transactionId = 'TX-123') {
  type(C.country, 'US');
  type(C.address, '1 Main St');
  type(C.town, 'San Jose');
  type(C.postcode, '95112');
  type(C.transactionId, transactionId);
}

async function readyToOrder() {
  await screen.findByTestId('summary-total');
  await waitFor(() => expect((placeOrder() as HTMLButtonElement).disabled).toBe(false));
}

describe('CheckoutPage', { timeout: 20_000 }, () => {
  it("sends a signed-out visitor to /login with 'Need to login', remembering /Checkout", async () => {
    putCart(CART);
    const calls = mockApi((call) => answerCommon(call, null));
    renderCheckout();
    expect(await screen.findByText('login page, back to /Checkout')).toBeTruthy();
    expect(await screen.findByText(MESSAGES.toast.needLogin)).toBeTruthy();
    expect(quoteCalls(calls)).toHaveLength(0);
  });

  it('says the cart is empty, with a link to the shop', async () => {
    signInAs(BUYER);
    const calls = mockApi((call) => answerCommon(call, BUYER));
    renderCheckout();
    expect(await screen.findByText(C.emptyCart)).toBeTruthy();
    expect(screen.getByRole('link', { name: MESSAGES.cart.continueShopping }).getAttribute('href')).toBe(
      '/products',
    );
    expect(screen.queryByRole('button', { name: C.placeOrder })).toBeNull();
    expect(quoteCalls(calls)).toHaveLength(0);
  });

  it("shows the server's summary (not the cart's prices), 'Free' shipping, the QR code and steps", async () => {
    const calls = checkoutApi();
    renderCheckout();
    await screen.findByTestId('summary-total');

    // The cart said $9 for the oil; the server's $10 counts.
    const items = screen.getAllByTestId('summary-item');
    expect(items.map((li) => li.textContent)).toEqual([
      'Massage Oil — Lavender × 2$20.00',
      'Candle — Vanilla × 1$5.50',
    ]);
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$25.50');
    expect(screen.getByTestId('summary-fee').textContent).toBe('$1.25');
    expect(screen.getByText(`${C.tax} (8%)`)).toBeTruthy();
    expect(screen.getByTestId('summary-tax').textContent).toBe('$2.04');
    expect(screen.getByTestId('summary-shipping').textContent).toBe(C.free);
    expect(screen.getByTestId('summary-total').textContent).toBe('$28.79');
    expect(screen.getByTestId('payment-total').textContent).toBe('$28.79');

    const qr = await screen.findByRole('img', { name: C.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('PAY-ADDRESS-1')).toBeTruthy();
    for (const step of C.steps) expect(screen.getByText(step)).toBeTruthy();

    // The quote names products and quantities only.
    expect(quoteCalls(calls)[0]?.body).toEqual({
      data: {
        items: [
          { product: 7, quantity: 2 },
          { product: 9, quantity: 1 },
        ],
      },
    });
  });

  it('charges shipping when the site sets a cost', async () => {
    checkoutApi({ quotes: [buildQuote({ shipping: 4.99, free_shipping: false, total: 33.78 })] });
    renderCheckout();
    expect((await screen.findByTestId('summary-shipping')).textContent).toBe('$4.99');
    expect(screen.getByTestId('summary-total').textContent).toBe('$33.78');
  });

  it('fills the names, e-mail and phone from the account and checks the form before sending', async () => {
    const calls = checkoutApi();
    renderCheckout();
    await readyToOrder();
    expect((screen.getByLabelText(C.firstName) as HTMLInputElement).value).toBe('Hal');
    expect((screen.getByLabelText(C.lastName) as HTMLInputElement).value).toBe('Hobbs');
    expect((screen.getByLabelText(C.email) as HTMLInputElement).value).toBe('hal@example.test');
    expect((screen.getByLabelText(C.phone) as HTMLInputElement).value).toBe('5550102030');

    type(C.phone, '555-0102');
    type(C.firstName, '');
    fireEvent.click(placeOrder());
    expect(await screen.findByText(C.phoneInvalid)).toBeTruthy();
    expect(screen.getByText(C.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(C.countryRequired)).toBeTruthy();
    expect(screen.getByText(C.addressRequired)).toBeTruthy();
    expect(screen.getByText(C.townRequired)).toBeTruthy();
    expect(screen.getByText(C.postcodeRequired)).toBeTruthy();
    expect(screen.getByText(C.transactionIdRequired)).toBeTruthy();
    expect(screen.getByLabelText(C.phone).getAttribute('aria-invalid')).toBe('true');

    type(C.phone, '555010203'); // digits, but 9 of them
    fireEvent.click(placeOrder());
    await waitFor(() => expect(screen.getByText(C.phoneInvalid)).toBeTruthy());
    expect(checkoutCalls(calls)).toHaveLength(0);
  });

  it("leaves the phone empty when the profile's does not pass checkout's rule (digits, 10 to 15)", async () => {
    for (const [profile, prefilled] of [
      ['555-0100', ''],
      ['+1 (555) 010-2030', '15550102030'],
      ['1234-5678-9012-3456', ''],
    ] as const) {
      checkoutApi({ user: { ...BUYER, phone_number: profile } });
      const view = renderCheckout();
      await readyToOrder();
      expect([profile, (screen.getByLabelText(C.phone) as HTMLInputElement).value]).toEqual([
        profile,
        prefilled,
      ]);
      // Nothing is marked wrong before the buyer acts.
      expect(screen.getByLabelText(C.phone).getAttribute('aria-invalid')).not.toBe('true');
      view.unmount();
      window.localStorage.clear();
    }
  });

  it("places the order in one call (products and quantities, the quote's total), empties the cart, goes to My Orders", async () => {
    const calls = checkoutApi();
    renderCheckout();
    await readyToOrder();
    fillForm();
    fireEvent.click(placeOrder());

    expect(await screen.findByText('my orders page')).toBeTruthy();
    expect(await screen.findByText(C.placed)).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();

    const [sent] = checkoutCalls(calls);
    expect(sent?.authorization).toBe('Bearer jwt');
    expect(sent?.body).toEqual({
      data: {
        items: [
          { product: 7, quantity: 2 },
          { product: 9, quantity: 1 },
        ],
        billing: {
          first_name: 'Hal',
          last_name: 'Hobbs',
          email_address: 'hal@example.test',
          phone: '5550102030',
          country: 'US',
          address: '1 Main St',
          town: 'San Jose',
          postcode: '95112',
        },
        transaction_id: 'TX-123',
        total: 28.79,
      },
    });
    // No price of the cart's is sent.
    expect(JSON.stringify(sent?.body)).not.toMatch(/"price"|"subtotal"|"amount"/);
  });

  it('shows a price change (409), asks for the new quote and keeps the cart', async () => {
    let tries = 0;
    const calls = checkoutApi({
      quotes: [buildQuote(), buildQuote({ subtotal: 27.5, tax: 2.2, total: 30.95 })],
      checkout: () => {
        tries += 1;
        return tries === 1
          ? errorResponse(409, MESSAGES.shopErrors.totalChanged, { total: 30.95 })
          : jsonResponse({ data: buildOrder(32) });
      },
    });
    renderCheckout();
    await readyToOrder();
    fillForm();
    fireEvent.click(placeOrder());

    expect(await screen.findByText(MESSAGES.shopErrors.totalChanged)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$30.95'));
    expect(quoteCalls(calls)).toHaveLength(2);
    expect(window.localStorage.getItem(STORAGE_KEYS.cart)).not.toBeNull();
    expect(screen.queryByText('my orders page')).toBeNull();

    // Placing it again sends the new total.
    await readyToOrder();
    fireEvent.click(placeOrder());
    expect(await screen.findByText('my orders page')).toBeTruthy();
    expect((checkoutCalls(calls)[1]?.body as { data: { total: number } }).data.total).toBe(30.95);
  });

  it('puts a used transaction id on its field, and a refused billing field on its own', async () => {
    checkoutApi({
      checkout: () =>
        errorResponse(400, 'This transaction id has already been used', {
          errors: [
            { path: ['data', 'transaction_id'], message: 'This transaction id has already been used' },
          ],
        }),
    });
    renderCheckout();
    await readyToOrder();
    fillForm('TX-USED');
    fireEvent.click(placeOrder());
    expect(await screen.findByText('This transaction id has already been used')).toBeTruthy();
    expect(screen.getByLabelText(C.transactionId).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(C.country).getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('my orders page')).toBeNull();
  });

  it('maps a billing path (data.billing.postcode) to its field', async () => {
    checkoutApi({
      checkout: () =>
        errorResponse(400, 'data.billing.postcode: Too Long!', {
          errors: [{ path: ['data', 'billing', 'postcode'], message: 'Too Long!' }],
        }),
    });
    renderCheckout();
    await readyToOrder();
    fillForm();
    fireEvent.click(placeOrder());
    expect(await screen.findByText('Too Long!')).toBeTruthy();
    expect(screen.getByLabelText(C.postcode).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the buyer back to the cart when a product can no longer be bought', async () => {
    checkoutApi({
      checkout: () =>
        errorResponse(400, MESSAGES.shopErrors.productUnavailable, {
          errors: [
            { path: ['data', 'items', '1', 'product'], message: MESSAGES.shopErrors.productUnavailable },
          ],
        }),
    });
    renderCheckout();
    await readyToOrder();
    fillForm();
    fireEvent.click(placeOrder());
    const alert = (await screen.findByText(MESSAGES.shopErrors.productUnavailable)).closest(
      '.alert',
    ) as HTMLElement;
    expect(within(alert).getByRole('link', { name: C.backToCart }).getAttribute('href')).toBe('/Cart');
  });

  it("toasts 'Something Went Worng!!!' for another bad request", async () => {
    checkoutApi({ checkout: () => errorResponse(400, 'Bad request') });
    renderCheckout();
    await readyToOrder();
    fillForm();
    fireEvent.click(placeOrder());
    expect(await screen.findByText(C.failed)).toBeTruthy();
    expect(screen.queryByText('my orders page')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.cart)).not.toBeNull();
  });

  it('will not place an order holding a product no longer sold, and links back to the cart', async () => {
    const base = buildQuote();
    const calls = checkoutApi({
      quotes: [
        buildQuote({
          items: [base.items[0]!, { ...base.items[1]!, name: null, price: null, total: 0, available: false }],
          subtotal: 20,
          tax: 1.6,
          total: 22.85,
        }),
      ],
    });
    renderCheckout();
    await screen.findByTestId('summary-total');
    expect(screen.getByText(MESSAGES.cart.unavailable)).toBeTruthy();
    // The cart's name stands in for the product the server no longer names.
    expect(screen.getAllByTestId('summary-item')[1]?.textContent).toContain('Candle — Vanilla');
    expect(screen.getByRole('link', { name: C.backToCart }).getAttribute('href')).toBe('/Cart');
    expect((placeOrder() as HTMLButtonElement).disabled).toBe(true);
    fillForm();
    fireEvent.click(placeOrder());
    expect(checkoutCalls(calls)).toHaveLength(0);
  });
});
