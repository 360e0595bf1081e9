import { Button, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, formatMoney, MESSAGES } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { PagedListPage, usePaging } from '../../ui/PagedListPage.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useToggleWishlist, useWishlist } from './api.ts';
import type { Product } from './api.ts';
import { ProductPicture } from './ShopParts.tsx';
import './shop.css';

const W = MESSAGES.wishlist;

function WishlistItem({
  product,
  removing,
  onRemove,
}: {
  product: Product;
  removing: boolean;
  onRemove: () => void;
}) {
  const a = product.attributes;
  const to = `/productdetails/${product.id}`;
  return (
    <Card as="article" className="wishlist-item shadow-sm" aria-label={a.name}>
      <Card.Body className="d-flex align-items-center gap-3">
        <Link to={to} tabIndex={-1} aria-hidden="true" className="flex-shrink-0">
          <ProductPicture product={a} size="thumbnail" className="rounded" />
        </Link>
        <div className="flex-grow-1 min-w-0">
          <h2 className="h6 mb-1 text-break">
            <Link to={to}>{a.name}</Link>
          </h2>
          <p className="fw-semibold mb-0">{formatMoney(a.price)}</p>
        </div>
        <Button
          variant="outline-danger"
          size="sm"
          className="flex-shrink-0"
          disabled={removing}
          onClick={onRemove}
        >
          <i className="bi bi-heartbreak me-1" aria-hidden="true" />
          {W.remove}
        </Button>
      </Card.Body>
    </Card>
  );
}

/**
 * `/wishlist`: the signed-in shopper's saved products that are still on sale, newest
 * saved first, each with its picture, name, price, a link to its page and 'Remove from wishlist'; paged.
 */
export default function WishlistPage() {
  const { userId } = useSession();
  const paging = usePaging(DEFAULT_PAGE_SIZE);
  const { page, setPage } = paging;
  const wishlist = useWishlist(userId, page, paging.pageSize);
  const toggle = useToggleWishlist(userId);

  const remove = (product: Product) => {
    const lastOnPage = wishlist.data?.data.length === 1 && page > 1;
    toggle.mutate(
      { product: product.id, save: false },
      {
        onSuccess: () => {
          if (lastOnPage) setPage(page - 1);
        },
        onError: (error) => toastApiFailure(error),
      },
    );
  };

  return (
    <PagedListPage
      className="shop-page"
      titleId="wishlist-title"
      title={W.title}
      sizeInHeader
      smallLabel
      perPageLabel={W.perPage}
      paging={paging}
      query={wishlist}
      loadFailed={W.loadFailed}
      retry={W.retry}
      empty={
        <div className="text-center border rounded py-5">
          <i className="bi bi-heart display-6 text-body-secondary" aria-hidden="true" />
          <p className="mt-2">{W.empty}</p>
          <Link to="/products" className="btn btn-accent">
            {W.browse}
          </Link>
        </div>
      }
      pagesLabel={W.pages}
    >
      {({ data: items }) => (
        <ul className="list-unstyled wishlist-list mb-3" aria-busy={wishlist.isFetching}>
          {items.map((product) => (
            <li key={product.id}>
              <WishlistItem
                product={product}
                removing={toggle.isPending && toggle.variables?.product === product.id}
                onRemove={() => remove(product)}
              />
            </li>
          ))}
        </ul>
      )}
    </PagedListPage>
  );
}
