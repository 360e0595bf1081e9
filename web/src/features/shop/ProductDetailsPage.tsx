import { useId, useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { fillTemplate, formatMoney, MESSAGES } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { useNeedLogin } from '../../app/guards.tsx';
import { usePageHead, type PageHead } from '../../app/head.tsx';
import { useSession } from '../../app/session.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { CART_QUANTITY_MAX, cartQuantityOf, setCartQuantity, useCart } from '../orders/index.ts';
import { routeId } from '../../lib/ids.ts';
import { PRODUCT_ID_DIGITS, useProduct } from './api.ts';
import type { Product } from './api.ts';
import {
  CartHobbyistsOnly,
  cartProductOf,
  ProductNotFound,
  ProductPicture,
  seesShopButtons,
  useWishlistHearts,
  WishlistHeart,
} from './ShopParts.tsx';
import './shop.css';

const D = MESSAGES.productDetails;
const S = MESSAGES.shop;
const TOO_HIGH = MESSAGES.shopErrors.quantityTooHigh;

/**
 * Quantity: minus, a number box and plus (0 is allowed so that Add To Cart can say why it refuses).
 * A typed number over CART_QUANTITY_MAX becomes the most, and the box says so.
 */
function QuantityField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  const [capped, setCapped] = useState(false);
  const set = (n: number) => {
    const whole = Math.trunc(n) || 0;
    setCapped(whole > CART_QUANTITY_MAX);
    onChange(Math.min(Math.max(whole, 0), CART_QUANTITY_MAX));
  };
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id} className="fw-semibold">
        {D.quantity}
      </Form.Label>
      <div className="shop-quantity">
        <Button
          variant="outline-secondary"
          aria-label={S.minus}
          title={S.minus}
          disabled={value <= 0}
          onClick={() => set(value - 1)}
        >
          <i className="bi bi-dash-lg" aria-hidden="true" />
        </Button>
        <Form.Control
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={CART_QUANTITY_MAX}
          step={1}
          value={value}
          onChange={(event) => set(Number(event.target.value))}
          className="shop-quantity__input text-center"
          aria-describedby={capped ? `${id}-capped` : undefined}
        />
        <Button
          variant="outline-secondary"
          aria-label={S.plus}
          title={S.plus}
          disabled={value >= CART_QUANTITY_MAX}
          onClick={() => set(value + 1)}
        >
          <i className="bi bi-plus-lg" aria-hidden="true" />
        </Button>
      </div>
      <div role="status" className="small text-danger" id={`${id}-capped`}>
        {capped ? TOO_HIGH : null}
      </div>
    </Form.Group>
  );
}

/**
 * How many the cart holds ("N in your cart"), the counter and its button: the counter starts at the
 * cart's quantity (1 when the product is not in the cart) and the button sets the cart's quantity to it
 * (Add To Cart, then Update cart); it never adds to what is there. Login first, and a quantity above zero.
 */
function CartQuantity({ product }: { product: Product }) {
  const { isLoggedIn } = useSession();
  const needLogin = useNeedLogin();
  const inCart = cartQuantityOf(useCart(), product.id);
  // What the shopper chose; untouched, the counter follows the cart (another tab, the grid).
  const [chosen, setChosen] = useState<number | null>(null);
  const quantity = chosen ?? (inCart || 1);

  const save = () => {
    if (!isLoggedIn) {
      needLogin();
      return;
    }
    if (quantity <= 0) {
      toast.error(D.quantityZero, { toastId: 'product-quantity-zero' });
      return;
    }
    setCartQuantity(product.id, quantity, {
      price: product.attributes.price,
      product: cartProductOf(product),
    });
    toast.success(inCart ? D.updated : D.added);
    setChosen(null);
  };

  return (
    <>
      <p className="fw-semibold mb-2" aria-live="polite" data-testid="in-cart">
        {inCart > 0 && (
          <>
            <i className="bi bi-cart-check me-1" aria-hidden="true" />
            {fillTemplate(D.inYourCart, { count: inCart })}
          </>
        )}
      </p>
      <QuantityField value={quantity} onChange={setChosen} />
      <Button variant="accent" size="lg" disabled={inCart > 0 && quantity === inCart} onClick={save}>
        <i className={`bi ${inCart ? 'bi-cart-check' : 'bi-cart-plus'} me-2`} aria-hidden="true" />
        {inCart ? D.updateCart : D.addToCart}
      </Button>
    </>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { isLoggedIn, userId, userType } = useSession();
  const shopper = seesShopButtons(userType);
  const hearts = useWishlistHearts(shopper);
  const a = product.attributes;
  const vendor = a.user?.data;
  const ownProduct = isLoggedIn && vendor !== null && vendor !== undefined && vendor.id === userId;

  return (
    <>
      <Link to="/products" className="d-inline-block small mb-3">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {D.backToShop}
      </Link>
      <Row as="article" className="g-4 shop-details" aria-labelledby="product-title">
        <Col xs={12} md={6}>
          <div className="shop-details__media">
            <ProductPicture product={a} size="large" className="rounded shadow-sm" />
          </div>
        </Col>
        <Col xs={12} md={6}>
          <div className="d-flex align-items-start gap-2">
            <h1 id="product-title" className="h3 text-break me-auto mb-1">
              {a.name}
            </h1>
            {shopper && (
              <WishlistHeart
                saved={hearts.saved.has(product.id)}
                busy={hearts.busyId === product.id}
                onToggle={() => hearts.onToggle(product.id)}
              />
            )}
          </div>
          {vendor?.attributes.username && (
            <p className="text-body-secondary mb-2">
              {D.soldBy}{' '}
              <Link to={`/products?vendor=${vendor.id}`} className="fw-semibold">
                {vendor.attributes.username}
              </Link>
            </p>
          )}
          <p className="shop-details__price h4 mb-3">
            <span className="visually-hidden">{D.price}: </span>
            {formatMoney(a.price)}
          </p>
          <h2 className="h6 text-uppercase text-body-secondary mb-1">{D.description}</h2>
          <p className="shop-details__description mb-3">{a.description}</p>
          <p className="small text-body-secondary">{S.size}</p>
          {ownProduct ? (
            <Alert variant="info" className="mb-0">
              {MESSAGES.shopErrors.ownProduct}
            </Alert>
          ) : shopper ? (
            <CartQuantity product={product} />
          ) : (
            <CartHobbyistsOnly />
          )}
        </Col>
      </Row>
    </>
  );
}

/** A product's page: its name and price, and what search engines read of a product on sale (`Product`, `Offer`). */
function productHead(product: Product): PageHead {
  const a = product.attributes;
  const path = `/productdetails/${product.id}`;
  return {
    title: fillTemplate(MESSAGES.pageHead.title, { name: a.name }),
    description: fillTemplate(MESSAGES.pageHead.productDescription, {
      name: a.name,
      price: formatMoney(a.price),
    }),
    canonical: path,
    type: 'product',
    breadcrumbs: [
      { name: MESSAGES.nav.onlineStore, path: '/products' },
      { name: a.name, path },
    ],
    jsonLd: [
      {
        '@type': 'Product',
        name: a.name,
        description: a.description,
        offers: {
          '@type': 'Offer',
          price: a.price.toFixed(2),
          priceCurrency: 'USD',
          availability: `https://schema.org/${a.archived ? 'Discontinued' : 'InStock'}`,
        },
      },
    ],
  };
}

/**
 * `/productdetails/:id`: the picture, name, vendor,
 * description, price, how many the cart holds, the quantity counter that sets it (needs login and a
 * quantity above zero; not for vendors and providers, who are told so), and the heart. A missing product, or an id that is not one, is a Not Found card, never made-up values.
 */
export default function ProductDetailsPage() {
  const id = routeId(useParams().id, PRODUCT_ID_DIGITS);
  const product = useProduct(id);
  usePageHead(product.data ? productHead(product.data) : undefined);

  let body;
  if (id === null) {
    body = <ProductNotFound />;
  } else if (product.isPending) {
    body = <PageSpinner />;
  } else if (product.isError) {
    body =
      isApiError(product.error) && (product.error.status === 404 || product.error.status === 400) ? (
        <ProductNotFound />
      ) : (
        <Alert
          variant="warning"
          className="d-flex flex-wrap align-items-center justify-content-between gap-2"
        >
          {D.loadFailed}
          <Button size="sm" variant="outline-secondary" onClick={() => void product.refetch()}>
            {D.retry}
          </Button>
        </Alert>
      );
  } else {
    // A new product starts with a fresh quantity.
    body = <ProductDetails key={product.data.id} product={product.data} />;
  }

  return <section className="shop-page container-xl py-3 py-lg-4">{body}</section>;
}
