import { useMemo } from 'react';
import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import type { UserType } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { useNeedLogin } from '../../app/guards.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import type { CartItem } from '../orders/index.ts';
import { productPictureUrl, useToggleWishlist, useWishlistIds } from './api.ts';
import type { Product, ProductAttributes } from './api.ts';
import placeholderUrl from './assets/product-placeholder.svg';

const S = MESSAGES.shop;
const W = MESSAGES.wishlist;

/**
 * Whether an account type sees the shop's cart controls (Add to Cart, minus, plus, the product's
 * counter) and the heart: everyone but vendors and providers (spec 000 §2 "Shop", §6 "Add shop items
 * to cart"), visitors included (they are asked to log in). The server refuses their cart records too.
 */
export function seesShopButtons(userType: UserType | null): boolean {
  return userType !== 'Vender' && userType !== 'Provider';
}

/** What a vendor or a provider reads where the cart controls would be. */
export function CartHobbyistsOnly({ className = '' }: { className?: string }) {
  return (
    <p className={`small text-body-secondary mb-0 ${className}`.trim()} data-testid="cart-hobbyists-only">
      <i className="bi bi-info-circle me-1" aria-hidden="true" />
      {MESSAGES.shopErrors.cartHobbyistsOnly}
    </p>
  );
}

/** What the cart keeps of a product: its name and its small picture. */
export function cartProductOf(product: Product): CartItem['attributes']['product'] {
  return { name: product.attributes.name, picture: productPictureUrl(product.attributes, 'thumbnail') };
}

/**
 * A product's picture, or the bundled placeholder when it has none (no external image). `priority`:
 * the page's first picture (its largest paint on a phone), fetched at once and ahead of other images;
 * the other cards' pictures wait until they near the screen.
 */
export function ProductPicture({
  product,
  size,
  className = '',
  priority = false,
}: {
  product: ProductAttributes;
  size: 'thumbnail' | 'card' | 'large';
  className?: string;
  priority?: boolean;
}) {
  const src = productPictureUrl(product, size);
  const eager = priority || size === 'large';
  return (
    <img
      src={src ?? placeholderUrl}
      alt={src ? product.name : S.placeholderAlt}
      className={`shop-picture shop-picture--${size} ${className}`.trim()}
      data-placeholder={src ? undefined : 'true'}
      loading={eager ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}

/** A picture from the cart (a URL or null), or the placeholder. */
export function CartPicture({ src, name }: { src: string | null; name: string }) {
  return (
    <img
      src={src ?? placeholderUrl}
      alt={src ? name : S.placeholderAlt}
      className="shop-picture shop-picture--thumbnail"
      data-placeholder={src ? undefined : 'true'}
      loading="lazy"
    />
  );
}

/**
 * The hearts of a screen: the signed-in shopper's saved products (`GET /api/wishlist/ids`, only when
 * `shown`) and the toggle. A visitor's click asks them to log in.
 */
export function useWishlistHearts(shown: boolean) {
  const { isLoggedIn, userId } = useSession();
  const ids = useWishlistIds(userId, shown && isLoggedIn);
  const toggle = useToggleWishlist(userId);
  const needLogin = useNeedLogin();
  const saved = useMemo(() => new Set(ids.data ?? []), [ids.data]);
  const onToggle = (product: number) => {
    if (!isLoggedIn) {
      needLogin();
      return;
    }
    toggle.mutate({ product, save: !saved.has(product) }, { onError: (error) => toastApiFailure(error) });
  };
  const busyId = toggle.isPending ? (toggle.variables?.product ?? null) : null;
  return { saved, onToggle, busyId };
}

/** The heart: filled when the product is in the wishlist; a toggle button. */
export function WishlistHeart({
  saved,
  busy,
  onToggle,
  className = '',
}: {
  saved: boolean;
  busy: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`shop-heart${saved ? ' shop-heart--saved' : ''} ${className}`.trim()}
      aria-pressed={saved}
      aria-label={saved ? W.remove : W.add}
      title={saved ? W.remove : W.add}
      disabled={busy}
      onClick={onToggle}
    >
      <i className={`bi ${saved ? 'bi-heart-fill' : 'bi-heart'}`} aria-hidden="true" />
    </button>
  );
}

/** Minus, the quantity and plus, as the shop's cards and the cart's rows show them. */
export function QuantityStepper({
  quantity,
  name,
  onMinus,
  onPlus,
  minusDisabled = false,
  plusDisabled = false,
  label,
}: {
  quantity: number;
  name: string;
  onMinus: () => void;
  onPlus: () => void;
  minusDisabled?: boolean;
  plusDisabled?: boolean;
  /** The name of the quantity shown (default: "in cart <name>"). */
  label?: string;
}) {
  return (
    <div className="shop-stepper" role="group" aria-label={name}>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary shop-stepper__button"
        aria-label={S.minus}
        title={S.minus}
        disabled={minusDisabled}
        onClick={onMinus}
      >
        <i className="bi bi-dash-lg" aria-hidden="true" />
      </button>
      <output className="shop-stepper__value" aria-live="polite" aria-label={label ?? `${S.inCart} ${name}`}>
        {quantity}
      </output>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary shop-stepper__button"
        aria-label={S.plus}
        title={S.plus}
        disabled={plusDisabled}
        onClick={onPlus}
      >
        <i className="bi bi-plus-lg" aria-hidden="true" />
      </button>
    </div>
  );
}

/** A product that does not exist (or is no longer sold), or an id that is not one. */
export function ProductNotFound() {
  return (
    <Card className="shop-not-found shadow-sm mx-auto text-center">
      <Card.Body>
        <i className="bi bi-box-seam display-5 text-body-secondary" aria-hidden="true" />
        <h1 className="h4 mt-2">{MESSAGES.shopErrors.productNotFound}</h1>
        <p className="text-body-secondary">{MESSAGES.productDetails.notFound}</p>
        <Link to="/products" className="btn btn-accent">
          {MESSAGES.productDetails.backToShop}
        </Link>
      </Card.Body>
    </Card>
  );
}
