import { useEffect, useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { formatMoney, MESSAGES, SHOP_LIMITS } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useOwnListDelete } from '../../ui/useOwnListDelete.ts';
import type { Product } from './api.ts';
import { ProductPicture } from './ShopParts.tsx';
import { useDeleteProduct, useMyProducts } from './vendorApi.ts';
import './shop.css';
import './vendor-products.css';

const M = MESSAGES.myProducts;
const F = MESSAGES.productForm;

const toastNetworkError = () => toast.error(MESSAGES.toast.networkError);

/**
 * /products/view, My Products (spec 000 §2 "Product management", §8, §9; issue 13 item 9): the page
 * size, New Product, the table # / image / Name / Description / Price / Action (newest first) and the
 * pages. Delete asks 'Confirm deletion' first; a product already ordered is archived by the server.
 */
export default function MyProductsPage() {
  const { userId } = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(SHOP_LIMITS.defaultPageSize);
  const products = useMyProducts(userId, page, pageSize);
  const deleteProduct = useDeleteProduct();
  const pageCount = products.data?.meta.pagination.pageCount ?? 1;

  // Spec 000 §8: a failed load is the toast 'Network response was not ok' (once per failure).
  const failedAt = products.isError ? products.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toastNetworkError();
  }, [failedAt]);

  const removal = useOwnListDelete<Product>({
    remove: (id) => deleteProduct.mutateAsync(id),
    deletedText: F.deleted,
    onFailure: toastNetworkError,
    page,
    setPage,
    shownCount: products.data?.data.length,
  });

  const firstNumber = (page - 1) * pageSize + 1;

  return (
    <section aria-labelledby="my-products-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="my-products-title" className="h4 mb-0 me-auto">
          {M.title}
        </h1>
        <Link to="/products/add" className="btn btn-accent">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {M.newProduct}
        </Link>
      </div>

      <PageSizeSelect
        label={M.perPage}
        value={pageSize}
        className="mb-3"
        onChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />

      {products.isPending ? (
        <PageSpinner />
      ) : products.isError ? (
        <Alert
          variant="warning"
          className="d-flex flex-wrap align-items-center justify-content-between gap-2"
        >
          {M.loadFailed}
          <Button size="sm" variant="outline-secondary" onClick={() => void products.refetch()}>
            {M.retry}
          </Button>
        </Alert>
      ) : products.data.data.length === 0 ? (
        <p className="text-body-secondary">{M.empty}</p>
      ) : (
        <>
          <Table
            responsive
            hover
            className="my-products align-middle mb-3"
            aria-labelledby="my-products-title"
            aria-busy={products.isFetching}
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
              {products.data.data.map((product, index) => (
                <tr key={product.id}>
                  <td>{firstNumber + index}</td>
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
                        onClick={() => removal.ask(product)}
                      >
                        <i className="bi bi-trash me-1" aria-hidden="true" />
                        {M.delete}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <PageButtons page={page} pageCount={pageCount} onPage={setPage} label={M.pages} />
        </>
      )}

      <ConfirmDeleteDialog
        show={removal.deleting !== null}
        deleting={deleteProduct.isPending}
        title={M.deleteTitle}
        prompt={M.deletePrompt}
        confirmLabel={M.delete}
        closeLabel={M.close}
        onConfirm={() => void removal.confirm()}
        onClose={removal.cancel}
      />
    </section>
  );
}
