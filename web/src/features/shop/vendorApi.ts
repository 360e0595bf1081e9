import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiList, TProductRequest, TProductUpdate } from '@app/domain';
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/client.ts';
import { shopKeys } from './api.ts';
import type { Product, ProductAttributes } from './api.ts';

/**
 * The vendor's product calls (contract "Products"): My Products, one product to edit,
 * add, update and delete. Prices are dollars.
 */

/** Under the shop's root: a vendor's write refreshes the shop, the product pages and the wishlist too. */
export const vendorProductKeys = {
  mine: (userId: number | null, page: number, pageSize: number) =>
    [...shopKeys.all, 'mine', userId, page, pageSize] as const,
  one: (id: number) => [...shopKeys.all, 'vendor-product', id] as const,
};

// ---- calls -------------------------------------------------------------------------------------

/** My Products: the caller's products, newest first, with their pictures (spec 000 §2, §9). */
export function fetchMyProducts(userId: number, page: number, pageSize: number, signal?: AbortSignal) {
  return apiGet<ApiList<ProductAttributes>>(
    '/products',
    {
      filters: { user: { id: { $eq: userId } } },
      populate: '*',
      sort: 'id:desc',
      pagination: { page, pageSize },
    },
    { signal },
  );
}

export async function fetchOwnProduct(id: number, signal?: AbortSignal): Promise<Product> {
  const body = await apiGet<{ data: Product }>(`/products/${id}`, { populate: '*' }, { signal });
  return body.data;
}

export async function createProduct(data: TProductRequest): Promise<Product> {
  const body = await apiPost<{ data: Product }>('/products', { data });
  return body.data;
}

export async function updateProduct(id: number, data: TProductUpdate): Promise<Product> {
  const body = await apiPut<{ data: Product }>(`/products/${id}`, { data });
  return body.data;
}

export function deleteProduct(id: number) {
  return apiDelete<{ data: Product }>(`/products/${id}`);
}

// ---- hooks -------------------------------------------------------------------------------------

export function useMyProducts(userId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: vendorProductKeys.mine(userId, page, pageSize),
    queryFn: ({ signal }) => fetchMyProducts(userId!, page, pageSize, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useOwnProduct(id: number | null) {
  return useQuery({
    queryKey: vendorProductKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchOwnProduct(id!, signal),
    enabled: id !== null,
  });
}

/** After any product write every product list (My Products, the shop, the wishlist) and product is stale. */
function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shopKeys.all });
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: createProduct, onSuccess: invalidate });
}

export function useUpdateProduct(id: number) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (data: TProductUpdate) => updateProduct(id, data),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: deleteProduct, onSuccess: invalidate });
}
