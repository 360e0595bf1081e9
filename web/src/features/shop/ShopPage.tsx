import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatMoney, MESSAGES, SHOP_LIMITS } from '@app/domain';
import type { TShopQuery } from '@app/domain';
import { useNeedLogin } from '../../app/guards.tsx';
import { useSession } from '../../app/session.tsx';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { CART_QUANTITY_MAX, cartQuantityOf, decrementCart, incrementCart, useCart } from '../orders/index.ts';
import { parseShopSearch, shopSearch, useProducts, useShopVendors } from './api.ts';
import type { Product } from './api.ts';
import {
  CartHobbyistsOnly,
  cartProductOf,
  ProductPicture,
  QuantityStepper,
  seesShopButtons,
  useWishlistHearts,
  WishlistHeart,
} from './ShopParts.tsx';
import './shop.css';
import { sectionHead, usePageHead } from '../../app/head.tsx';

const S = MESSAGES.shop;

/**
 * A card's cart control, which always acts on the product's quantity in the cart: Add to Cart while
 * the cart has none (puts one in), then minus, the quantity and plus (minus at 1 takes it out, and Add
 * to Cart is back). Focus moves to what replaced the button clicked (plus, or Add to Cart). A visitor is asked to log in.
 */
export function CardCartControl({ product }: { product: Product }) {
  const { isLoggedIn } = useSession();
  const needLogin = useNeedLogin();
  const quantity = cartQuantityOf(useCart(), product.id);
  const box = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const shown = quantity > 0;

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const buttons = box.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)');
    buttons?.[buttons.length - 1]?.focus();
  }, [shown]);

  /** Plus and Add to Cart: one more (1 for a product not in the cart); minus: one fewer, out at 1. */
  const change = (more: boolean) => {
    if (!isLoggedIn) {
      needLogin();
      return;
    }
    refocus.current = more ? !shown : quantity === 1;
    if (more) incrementCart(product.id, product.attributes.price, cartProductOf(product));
    else decrementCart(product.id);
  };

  return (
    <div ref={box} className="shop-card__cart">
      {shown ? (
        <QuantityStepper
          name={product.attributes.name}
          quantity={quantity}
          plusDisabled={isLoggedIn && quantity >= CART_QUANTITY_MAX}
          onMinus={() => change(false)}
          onPlus={() => change(true)}
        />
      ) : (
        <Button size="sm" variant="accent" className="w-100 text-nowrap" onClick={() => change(true)}>
          <i className="bi bi-cart-plus me-1" aria-hidden="true" />
          {S.addToCart}
        </Button>
      )}
    </div>
  );
}

function ProductCard({
  product,
  buttons,
  hearts,
  priority,
}: {
  product: Product;
  buttons: boolean;
  hearts: ReturnType<typeof useWishlistHearts>;
  /** The page's first product: its picture is fetched at once. */
  priority: boolean;
}) {
  const a = product.attributes;
  const to = `/productdetails/${product.id}`;
  return (
    <Card as="article" className="shop-card shadow-sm h-100" aria-label={a.name}>
      <div className="shop-card__media">
        <Link to={to} tabIndex={-1} aria-hidden="true">
          <ProductPicture product={a} size="card" priority={priority} />
        </Link>
        {buttons && (
          <WishlistHeart
            className="shop-card__heart"
            saved={hearts.saved.has(product.id)}
            busy={hearts.busyId === product.id}
            onToggle={() => hearts.onToggle(product.id)}
          />
        )}
      </div>
      <Card.Body className="d-flex flex-column">
        <h2 className="h6 mb-1 text-break">
          <Link to={to} className="shop-card__name">
            {a.name}
          </Link>
        </h2>
        <p className="shop-card__price fw-semibold mb-1">{formatMoney(a.price)}</p>
        <p className="small text-body-secondary mb-2">{S.size}</p>
        {buttons && (
          <div className="mt-auto">
            <CardCartControl product={product} />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** The search box and the vendor filter; both go into the URL (the page back to 1). */
function ShopFilters({ query, onChange }: { query: TShopQuery; onChange: (next: TShopQuery) => void }) {
  const vendors = useShopVendors();
  const searchId = useId();
  const vendorId = useId();
  const [text, setText] = useState(query.q);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...query, q: text.trim(), page: 1 });
  };
  const list = vendors.data ?? [];
  const chosenMissing = query.vendor !== null && !list.some((v) => v.id === query.vendor);

  return (
    <Form role="search" onSubmit={submit} className="shop-filters mb-3">
      <Row className="g-2 align-items-end">
        <Col xs={12} md={7} lg={6}>
          <Form.Label htmlFor={searchId} className="small mb-1">
            {S.search}
          </Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              id={searchId}
              type="search"
              value={text}
              maxLength={SHOP_LIMITS.searchMax}
              onChange={(event) => setText(event.target.value)}
            />
            <Button type="submit" variant="accent" className="text-nowrap">
              <i className="bi bi-search me-1" aria-hidden="true" />
              {S.searchButton}
            </Button>
          </div>
        </Col>
        <Col xs={12} md={5} lg={3}>
          <Form.Label htmlFor={vendorId} className="small mb-1">
            {S.vendor}
          </Form.Label>
          <Form.Select
            id={vendorId}
            value={query.vendor ?? ''}
            onChange={(event) =>
              onChange({
                ...query,
                vendor: event.target.value ? Number(event.target.value) : null,
                page: 1,
              })
            }
          >
            <option value="">{S.allVendors}</option>
            {chosenMissing && <option value={query.vendor!}>#{query.vendor}</option>}
            {list.map((vendor) => (
              <option key={vendor.id} value={vendor.id}>
                {vendor.username}
              </option>
            ))}
          </Form.Select>
        </Col>
      </Row>
    </Form>
  );
}

/**
 * The shop, `/products` and `/productsList` (spec 000 §2 "Shop"): 'Shop Merchant'
 * with the count, a search and a vendor filter kept in the URL, a grid of products (2 a row on a
 * phone, 4 on large screens) with the cart control (`CardCartControl`) and the heart for everyone but
 * vendors and providers (told why once, above the grid), the page size and the pages. A failed load shows the empty shop (spec 000 §8: shop lists ignore failures).
 */
export default function ShopPage() {
  usePageHead(sectionHead(MESSAGES.nav.onlineStore, MESSAGES.pageHead.shopDescription, '/products'));
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { userType } = useSession();
  const query = parseShopSearch(search);
  const products = useProducts(query);
  const buttons = seesShopButtons(userType);
  const hearts = useWishlistHearts(buttons);

  const go = (next: TShopQuery) => void navigate(`${pathname}${shopSearch(next)}`);
  const items = products.isError ? [] : (products.data?.data ?? []);
  const pagination = products.isError ? undefined : products.data?.meta.pagination;
  const total = pagination?.total ?? 0;
  const pageCount = pagination?.pageCount ?? 1;
  // A page past the end (an old link, products gone meanwhile) goes to the last page, in place.
  const pastEnd =
    products.isSuccess && !products.isPlaceholderData && query.page > 1 && query.page > pageCount;
  const lastPage = pastEnd ? `${pathname}${shopSearch({ ...query, page: Math.max(pageCount, 1) })}` : null;
  useEffect(() => {
    if (lastPage) void navigate(lastPage, { replace: true });
  }, [lastPage, navigate]);

  return (
    <section className="shop-page container-xl py-3 py-lg-4" aria-labelledby="shop-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="shop-title" className="h3 mb-0">
          {S.title}
        </h1>
        <p className="mb-0 me-auto text-body-secondary" aria-live="polite" data-testid="shop-count">
          {!products.isPending && (
            <>
              <span className="badge shop-count me-1">{total}</span>
              {S.productsCount}
            </>
          )}
        </p>
        <PageSizeSelect
          label={S.perPage}
          value={query.pageSize}
          smallLabel
          onChange={(pageSize) => go({ ...query, pageSize, page: 1 })}
        />
      </div>

      {/* Remounted when the URL's search changes (back, forward, a link), so the box follows it. */}
      <ShopFilters key={query.q} query={query} onChange={go} />
      {!buttons && <CartHobbyistsOnly className="mb-3" />}

      {products.isPending || pastEnd ? (
        <PageSpinner />
      ) : items.length === 0 ? (
        <p className="shop-empty text-center text-body-secondary border rounded py-4">{S.empty}</p>
      ) : (
        <>
          <Row
            as="ul"
            xs={2}
            md={3}
            lg={4}
            className="list-unstyled g-2 g-sm-3 mb-3 shop-grid"
            aria-busy={products.isFetching}
          >
            {items.map((product, index) => (
              <Col as="li" key={product.id}>
                <ProductCard product={product} buttons={buttons} hearts={hearts} priority={index === 0} />
              </Col>
            ))}
          </Row>
          <PageButtons
            page={query.page}
            pageCount={pageCount}
            label={S.pages}
            className="shop-pages"
            hrefFor={(page) => `${pathname}${shopSearch({ ...query, page })}`}
          />
        </>
      )}
    </section>
  );
}
