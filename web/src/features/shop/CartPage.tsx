import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Row, Spinner, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatMoney, MESSAGES, SHOP_LIMITS, toCents } from '@app/domain';
import type { TQuote } from '@app/domain';
import { useNeedLogin } from '../../app/guards.tsx';
import { useSession } from '../../app/session.tsx';
import {
  CART_QUANTITY_MAX,
  cartTotal,
  decrementCart,
  incrementCart,
  readCart,
  removeFromCart,
  updateCartPrices,
  useCart,
} from '../orders/index.ts';
import type { CartItem } from '../orders/index.ts';
import { useCartQuote } from './api.ts';
import { CartPicture, QuantityStepper } from './ShopParts.tsx';
import './shop.css';

const C = MESSAGES.cart;

/** Saves the server's prices, names and pictures of the products still on sale into the cart. */
function applyQuote(quote: TQuote): void {
  const prices = new Map<number, { price: number; name: string; picture: string | null }>();
  const current = readCart();
  for (const line of quote.items) {
    if (!line.available || line.price === null) continue;
    const item = current.find((i) => i.id === line.product);
    prices.set(line.product, {
      price: line.price,
      name: line.name ?? item?.attributes.product.name ?? '',
      picture: line.picture ? (line.picture.thumbnail ?? line.picture.url) : null,
    });
  }
  updateCartPrices(prices);
}

function CartRow({ item, unavailable }: { item: CartItem; unavailable: boolean }) {
  const { price, quantiy, product } = item.attributes;
  const to = `/productdetails/${item.id}`;
  return (
    <tr className={unavailable ? 'cart-row cart-row--unavailable' : 'cart-row'}>
      <td data-label={C.product} className="cart-row__product">
        <div className="d-flex align-items-center gap-2">
          <Link to={to} tabIndex={-1} aria-hidden="true" className="flex-shrink-0">
            <CartPicture src={product.picture} name={product.name} />
          </Link>
          <div className="min-w-0">
            <Link to={to} className="cart-row__name text-break">
              {product.name || `#${item.id}`}
            </Link>
            {unavailable && (
              <div>
                <span className="badge text-bg-secondary">{C.unavailable}</span>
              </div>
            )}
          </div>
        </div>
      </td>
      <td data-label={C.price}>
        <span className={unavailable ? 'text-decoration-line-through' : undefined}>{formatMoney(price)}</span>
      </td>
      <td data-label={C.quantity}>
        <QuantityStepper
          name={product.name}
          label={`${C.quantity} ${product.name}`}
          quantity={quantiy}
          plusDisabled={unavailable || quantiy >= CART_QUANTITY_MAX}
          onMinus={() => decrementCart(item.id)}
          onPlus={() => incrementCart(item.id, price, product)}
        />
      </td>
      <td data-label={C.subtotal} className="fw-semibold">
        {unavailable ? C.unavailable : formatMoney(cartTotal([item]))}
      </td>
      <td className="cart-row__remove">
        <Button
          variant="outline-danger"
          size="sm"
          aria-label={C.remove}
          title={C.remove}
          onClick={() => removeFromCart(item.id)}
        >
          <i className="bi bi-trash" aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
}

/** 'Proceed to checkout': a link for a signed-in shopper; a visitor is asked to log in first. */
function ProceedButton({ blocked, hintId }: { blocked: boolean; hintId: string }) {
  const { isLoggedIn } = useSession();
  const needLogin = useNeedLogin();
  if (blocked) {
    return (
      <Button variant="accent" className="w-100" disabled aria-describedby={hintId}>
        {C.proceed}
      </Button>
    );
  }
  if (!isLoggedIn) {
    return (
      <Button variant="accent" className="w-100" onClick={() => needLogin('/Checkout')}>
        {C.proceed}
      </Button>
    );
  }
  return (
    <Link to="/Checkout" className="btn btn-accent w-100">
      {C.proceed}
    </Link>
  );
}

/** The cart when nothing is in it: a note and Continue shopping. */
function EmptyCart() {
  return (
    <section className="shop-page container-xl py-3 py-lg-4" aria-labelledby="cart-title">
      <h1 id="cart-title" className="h3 mb-3">
        {C.title}
      </h1>
      <div className="cart-empty text-center border rounded py-5">
        <i className="bi bi-cart display-5 text-body-secondary" aria-hidden="true" />
        <p className="h5 mt-2">{C.empty}</p>
        <Link to="/products" className="btn btn-accent mt-2">
          {C.continueShopping}
        </Link>
      </div>
    </section>
  );
}

/** The side box: Subtotal, Total and 'Proceed to checkout' (blocked, with its hint, by an unsold product). */
function CartTotals({ total, blocked }: { total: number; blocked: boolean }) {
  const hintId = useId();
  return (
    <Card as="aside" className="cart-totals shadow-sm" aria-labelledby="cart-totals-title">
      <Card.Body>
        <h2 id="cart-totals-title" className="h5 mb-3">
          {C.totals}
        </h2>
        <dl className="cart-totals__list mb-3">
          <div>
            <dt>{C.subtotal}</dt>
            <dd data-testid="cart-subtotal">{formatMoney(total)}</dd>
          </div>
          <div className="cart-totals__total">
            <dt>{C.total}</dt>
            <dd data-testid="cart-total">{formatMoney(total)}</dd>
          </div>
        </dl>
        <ProceedButton blocked={blocked} hintId={hintId} />
        {blocked && (
          <p id={hintId} className="small text-danger mt-2 mb-0">
            {C.unavailableHint}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * The server prices the cart again when the page opens: its prices are saved into the cart, the
 * products it no longer sells are named, and `pricesUpdated` tells whether a price changed since.
 */
function useCartPricing(items: ReturnType<typeof useCart>) {
  // The prices as the page opened, to tell the shopper when the server's differ.
  const [openingPrices] = useState(() => new Map(readCart().map((i) => [i.id, i.attributes.price])));
  const quoteItems = useMemo(
    () =>
      items.slice(0, SHOP_LIMITS.linesMax).map((i) => ({ product: i.id, quantity: i.attributes.quantiy })),
    [items],
  );
  const quote = useCartQuote(quoteItems);

  useEffect(() => {
    if (quote.data) applyQuote(quote.data);
  }, [quote.data]);

  const unavailable = useMemo(
    () => new Set((quote.data?.items ?? []).filter((line) => !line.available).map((line) => line.product)),
    [quote.data],
  );
  const pricesUpdated = items.some((i) => {
    const before = openingPrices.get(i.id);
    return before !== undefined && toCents(before) !== toCents(i.attributes.price);
  });
  return { quote, unavailable, pricesUpdated };
}

/**
 * `/Cart`: the stored cart as a table (product, price,
 * quantity with minus and plus, subtotal, remove) and the side box (Subtotal, Total, 'Proceed to
 * checkout'). When it opens the server prices the cart again: changed prices are saved with a note,
 * and a product no longer sold is marked, left out of the total and blocks checkout until removed.
 */
export default function CartPage() {
  const items = useCart();
  const { quote, unavailable, pricesUpdated } = useCartPricing(items);
  const payable = items.filter((i) => !unavailable.has(i.id));
  const total = cartTotal(payable);
  const blocked = payable.length < items.length;

  if (items.length === 0) return <EmptyCart />;

  return (
    <section className="shop-page container-xl py-3 py-lg-4" aria-labelledby="cart-title">
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 id="cart-title" className="h3 mb-0">
          {C.title}
        </h1>
        {quote.isFetching && <Spinner animation="border" size="sm" role="status" aria-hidden="true" />}
      </div>
      {pricesUpdated && (
        <Alert variant="info" className="py-2">
          <i className="bi bi-info-circle me-1" aria-hidden="true" />
          {C.pricesUpdated}
        </Alert>
      )}
      <Row className="g-4">
        <Col xs={12} lg={8}>
          <Table className="cart-table align-middle mb-2">
            <thead>
              <tr>
                <th scope="col">{C.product}</th>
                <th scope="col">{C.price}</th>
                <th scope="col">{C.quantity}</th>
                <th scope="col">{C.subtotal}</th>
                <th scope="col">
                  <span className="visually-hidden">{C.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <CartRow key={item.id} item={item} unavailable={unavailable.has(item.id)} />
              ))}
            </tbody>
          </Table>
          <Link to="/products" className="small">
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            {C.continueShopping}
          </Link>
        </Col>
        <Col xs={12} lg={4}>
          <CartTotals total={total} blocked={blocked} />
        </Col>
      </Row>
    </section>
  );
}
