import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { formatMoney, MESSAGES, SHOP_LIMITS } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { ColumnsTable } from '../../ui/ColumnsTable.tsx';
import type { TableColumn } from '../../ui/ColumnsTable.tsx';
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

/** The columns # / image / Name / Description / Price / Action of a page whose first row is `firstNumber`. */
function productColumns(firstNumber: number, onDelete: (product: Product) => void): TableColumn<Product>[] {
  return [
    { label: M.number, className: 'my-products__number', cell: (_, index) => firstNumber + index },
    {
      label: M.image,
      className: 'my-products__image',
      cell: (product) => <ProductPicture product={product.attributes} size="thumbnail" />,
    },
    {
      label: M.name,
      className: 'my-products__name fw-semibold',
      rowHeader: true,
      cell: (product) => product.attributes.name,
    },
    {
      label: M.description,
      className: 'my-products__description',
      cell: (product) => product.attributes.description,
    },
    {
      label: M.price,
      className: 'my-products__price',
      cell: (product) => formatMoney(product.attributes.price),
    },
    {
      label: M.action,
      className: 'my-products__action',
      cell: (product) => (
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
            onClick={() => onDelete(product)}
          >
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {M.delete}
          </Button>
        </div>
      ),
    },
  ];
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
        <ColumnsTable
          columns={productColumns(firstNumber, (product) => removal.ask(product))}
          rows={data}
          rowKey={(product) => product.id}
          hover
          className="my-products mb-3"
          aria-labelledby="my-products-title"
          aria-busy={products.isFetching}
        />
      )}
    </PagedListPage>
  );
}
