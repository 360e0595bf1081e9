import { Button, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { formatMoney, MESSAGES, SHOP_LIMITS } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { PagedListPage, usePaging } from '../../ui/PagedListPage.tsx';
import { OwnListDeleteDialog, useOwnListDelete } from '../../ui/useOwnListDelete.tsx';
import type { Product } from './api.ts';
import { ProductPicture } from './ShopParts.tsx';
import { useDeleteProduct, useMyProducts } from './vendorApi.ts';
import './shop.css';
import './vendor-products.css';

const M = MESSAGES.myProducts;
const F = MESSAGES.productForm;

const toastNetworkError = () => toast.error(MESSAGES.toast.networkError);

/** The table # / image / Name / Description / Price / Action of one page. */
function ProductsTable({
  rows,
  firstNumber,
  busy,
  onDelete,
}: {
  rows: readonly Product[];
  firstNumber: number;
  busy: boolean;
  onDelete: (product: Product) => void;
}) {
  return (
    <Table
      responsive
      hover
      className="my-products align-middle mb-3"
      aria-labelledby="my-products-title"
      aria-busy={busy}
    >
      <thead>
        <tr>
          <th scope="col">{M.number}</th>
          <th scope="col">{M.image}</th>
          <th scope="col">{M.name}</th>
          <th scope="col">{M.description}</th>
          <th scope="col">{M.price}</th>
          <th scope="col">{M.action}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((product, index) => (
          <ProductRow
            key={product.id}
            number={firstNumber + index}
            product={product}
            onDelete={() => onDelete(product)}
          />
        ))}
      </tbody>
    </Table>
  );
}

/** One product's row: its number, picture, name, description, price, and Edit and Delete. */
function ProductRow({
  number,
  product,
  onDelete,
}: {
  number: number;
  product: Product;
  onDelete: () => void;
}) {
  return (
    <tr>
      <td className="my-products__number">{number}</td>
      <td className="my-products__image">
        <ProductPicture product={product.attributes} size="thumbnail" />
      </td>
      <th scope="row" className="my-products__name fw-semibold">
        {product.attributes.name}
      </th>
      <td className="my-products__description">{product.attributes.description}</td>
      <td className="my-products__price">{formatMoney(product.attributes.price)}</td>
      <td className="my-products__action">
        <div className="d-flex gap-2">
          <Link
            to={`/products/edit/${product.id}`}
            className="btn btn-sm btn-outline-secondary"
            aria-label={`${M.edit} ${product.attributes.name}`}
          >
            <i className="bi bi-pencil me-1" aria-hidden="true" />
            {M.edit}
          </Link>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`${M.delete} ${product.attributes.name}`}
            onClick={onDelete}
          >
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {M.delete}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/**
 * /products/view, My Products: the page
 * size, New Product, the table # / image / Name / Description / Price / Action (newest first) and the
 * pages. Delete asks 'Confirm deletion' first; a product already ordered is archived by the server.
 */
export default function MyProductsPage() {
  const { userId } = useSession();
  const paging = usePaging(SHOP_LIMITS.defaultPageSize);
  const { page, pageSize } = paging;
  const products = useMyProducts(userId, page, pageSize);
  const removal = useOwnListDelete<Product>({
    mutation: useDeleteProduct(),
    deletedText: F.deleted,
    onFailure: toastNetworkError,
    paging,
    shownCount: products.data?.data.length,
  });

  const firstNumber = (page - 1) * pageSize + 1;

  return (
    <PagedListPage
      titleId="my-products-title"
      title={M.title}
      headerExtras={
        <Link to="/products/add" className="btn btn-accent">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {M.newProduct}
        </Link>
      }
      perPageLabel={M.perPage}
      paging={paging}
      query={products}
      // A failed load is the toast 'Network response was not ok' (once per failure).
      toastId="products-load-failed"
      loadFailed={M.loadFailed}
      retry={M.retry}
      empty={M.empty}
      pagesLabel={M.pages}
      after={
        <OwnListDeleteDialog
          removal={removal}
          title={M.deleteTitle}
          prompt={M.deletePrompt}
          confirmLabel={M.delete}
          closeLabel={M.close}
        />
      }
    >
      {({ data }) => (
        <ProductsTable
          rows={data}
          firstNumber={firstNumber}
          busy={products.isFetching}
          onDelete={(product) => removal.ask(product)}
        />
      )}
    </PagedListPage>
  );
}
