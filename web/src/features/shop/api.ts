import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrefetchArgs } from '../../app/prefetch.ts';
import { routeId } from '../../lib/ids.ts';
import { SHOP_LIMITS } from '@app/domain';
import type { ApiItem, ApiList, RelationOne, TCheckoutItem, TShopQuery } from '@app/domain';
import { apiDelete, apiGet, apiPost } from '../../api/client.ts';
import type { QueryParams } from '../../api/client.ts';
import { fetchQuote } from '../orders/index.ts';

/**
 * The shopper's calls (contract "Area shop"): the shop's products and vendors, one product,
 * the wishlist, and the cart's prices (the orders' quote, `fetchQuote`, kept under the shop's key).
 */

export interface ProductMedia {
  url: string;
  name?: string;
  formats?: Record<string, { url: string } | undefined> | null;
}

/** A product as `GET /api/products` answers it (`populate=*`); money in dollars. */
export interface ProductAttributes {
  name: string;
  description: string;
  price: number;
  archived?: boolean;
  createdAt?: string;
  updatedAt?: string;
  picture?: RelationOne<ProductMedia>;
  /** The vendor: their username only. */
  user?: RelationOne<{ username: string }>;
}
export type Product = ApiItem<ProductAttributes>;

/** `GET /api/products/vendors`: the vendors with something on sale. */
export interface ShopVendor {
  id: number;
  username: string;
  products: number;
}

export const shopKeys = {
  all: ['shop'] as const,
  products: (query: TShopQuery) => ['shop', 'products', query] as const,
  product: (id: number) => ['shop', 'product', id] as const,
  vendors: ['shop', 'vendors'] as const,
  wishlist: ['shop', 'wishlist'] as const,
  wishlistIds: (userId: number | null) => ['shop', 'wishlist', 'ids', userId] as const,
  wishlistPage: (userId: number | null, page: number, pageSize: number) =>
    ['shop', 'wishlist', 'page', userId, page, pageSize] as const,
  /** Keyed by the cart's products only: a quantity change needs no new prices. */
  cartQuote: (productIds: readonly number[]) => ['shop', 'cart-quote', productIds] as const,
};

// ---- pictures ------------------------------------------------------------------------------------

/** A product picture's URL: the small format for a card, the thumbnail for a row, the file for the page. */
export function productPictureUrl(
  product: ProductAttributes,
  size: 'thumbnail' | 'card' | 'large',
): string | null {
  const media = product.picture?.data?.attributes;
  if (!media?.url) return null;
  const formats = media.formats ?? {};
  if (size === 'thumbnail') return formats.thumbnail?.url ?? formats.small?.url ?? media.url;
  if (size === 'card') return formats.small?.url ?? formats.medium?.url ?? media.url;
  return formats.large?.url ?? formats.medium?.url ?? media.url;
}

// ---- the shop's URL ------------------------------------------------------------------------------

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n > 0 ? n : null;
}

/** The shop's state from its URL; anything odd falls back to the default (page 1, 10 a page). */
export function parseShopSearch(search: string | URLSearchParams): TShopQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const size = positiveInt(params.get('pageSize'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, SHOP_LIMITS.searchMax),
    vendor: positiveInt(params.get('vendor')),
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: SHOP_LIMITS.pageSizes.some((s) => s === size) ? size! : SHOP_LIMITS.defaultPageSize,
  };
}

/** The shop's URL search for a state: defaults are left out (`''` for the plain shop). */
export function shopSearch(query: TShopQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.vendor !== null) params.set('vendor', String(query.vendor));
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== SHOP_LIMITS.defaultPageSize) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * `GET /api/products`' query for the shop (contract "Products"): the search in the name or the
 * description, the vendor, newest first, the picture and vendor populated.
 */
export function buildProductsQuery(query: TShopQuery): QueryParams {
  const filters: Record<string, unknown> = {};
  if (query.q) {
    filters.$or = [{ name: { $containsi: query.q } }, { description: { $containsi: query.q } }];
  }
  if (query.vendor !== null) filters.user = { id: { $eq: query.vendor } };
  return {
    filters,
    populate: '*',
    sort: 'id:desc',
    pagination: { page: query.page, pageSize: query.pageSize },
  } as QueryParams;
}

// ---- calls ---------------------------------------------------------------------------------------

export function fetchProducts(query: TShopQuery, signal?: AbortSignal) {
  return apiGet<ApiList<ProductAttributes>>('/products', buildProductsQuery(query), { signal });
}

export async function fetchProduct(id: number, signal?: AbortSignal): Promise<Product> {
  const body = await apiGet<{ data: Product }>(`/products/${id}`, { populate: '*' }, { signal });
  return body.data;
}

export async function fetchShopVendors(signal?: AbortSignal): Promise<ShopVendor[]> {
  const body = await apiGet<{ data: ShopVendor[] }>('/products/vendors', undefined, {
    signal,
    auth: false,
  });
  return Array.isArray(body.data) ? body.data : [];
}

export async function fetchWishlistIds(signal?: AbortSignal): Promise<number[]> {
  const body = await apiGet<{ data: number[] }>('/wishlist/ids', undefined, { signal });
  return Array.isArray(body.data) ? body.data : [];
}

export function fetchWishlist(page: number, pageSize: number, signal?: AbortSignal) {
  return apiGet<ApiList<ProductAttributes>>('/wishlist', { pagination: { page, pageSize } }, { signal });
}

export function saveToWishlist(product: number) {
  return apiPost<{ data: { product: number; saved: boolean } }>('/wishlist', { data: { product } });
}

/** `DELETE /api/wishlist/:id`: `:id` is the product's id. */
export function removeFromWishlist(product: number) {
  return apiDelete<{ data: { product: number; saved: boolean } }>(`/wishlist/${product}`);
}

// ---- hooks ---------------------------------------------------------------------------------------

const productsQuery = (query: TShopQuery) =>
  queryOptions({ queryKey: shopKeys.products(query), queryFn: ({ signal }) => fetchProducts(query, signal) });

export function useProducts(query: TShopQuery) {
  return useQuery({ ...productsQuery(query), placeholderData: keepPreviousData });
}

/** A product page's `:id` has at most nine digits, as the shop's other ids in its addresses. */
export const PRODUCT_ID_DIGITS = 9;

const productQuery = (id: number) =>
  queryOptions({ queryKey: shopKeys.product(id), queryFn: ({ signal }) => fetchProduct(id, signal) });

export function useProduct(id: number | null) {
  return useQuery({ ...productQuery(id ?? 0), enabled: id !== null });
}

/** A product page's route data (app/prefetch.ts): the product, fetched before the server renders. */
export function prefetchProductPage({ queryClient, params }: PrefetchArgs): Promise<unknown> {
  const id = routeId(params.id, PRODUCT_ID_DIGITS);
  return id === null ? Promise.resolve() : queryClient.prefetchQuery(productQuery(id));
}

const shopVendorsQuery = queryOptions({
  queryKey: shopKeys.vendors,
  queryFn: ({ signal }) => fetchShopVendors(signal),
  staleTime: 5 * 60_000,
});

export function useShopVendors() {
  return useQuery(shopVendorsQuery);
}

/** The shop's route data (app/prefetch.ts): the page of products its address asks for and the vendors' filter. */
export function prefetchShopPage({ queryClient, search }: PrefetchArgs): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(productsQuery(parseShopSearch(search))),
    queryClient.prefetchQuery(shopVendorsQuery),
  ]);
}

/** The signed-in shopper's saved product ids (the filled hearts); off when `enabled` is false. */
export function useWishlistIds(userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.wishlistIds(userId),
    queryFn: ({ signal }) => fetchWishlistIds(signal),
    enabled: enabled && userId !== null,
  });
}

export function useWishlist(userId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: shopKeys.wishlistPage(userId, page, pageSize),
    queryFn: ({ signal }) => fetchWishlist(page, pageSize, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Saves or removes a product (the heart). The hearts change at once and go back if the server
 * refuses; the wishlist's pages are reloaded afterwards.
 */
export function useToggleWishlist(userId: number | null) {
  const queryClient = useQueryClient();
  const idsKey = shopKeys.wishlistIds(userId);
  return useMutation({
    mutationFn: ({ product, save }: { product: number; save: boolean }) =>
      save ? saveToWishlist(product) : removeFromWishlist(product),
    onMutate: async ({ product, save }) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const before = queryClient.getQueryData<number[]>(idsKey);
      const rest = (before ?? []).filter((id) => id !== product);
      queryClient.setQueryData<number[]>(idsKey, save ? [...rest, product] : rest);
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context) queryClient.setQueryData(idsKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.wishlist }),
  });
}

/** The server's prices for the cart's products; asked again when the cart opens or its products change. */
export function useCartQuote(items: readonly TCheckoutItem[]) {
  const productIds = items.map((i) => i.product).sort((a, b) => a - b);
  return useQuery({
    queryKey: shopKeys.cartQuote(productIds),
    queryFn: ({ signal }) => fetchQuote(items, signal),
    enabled: items.length > 0,
    // A cart the server refuses to price (e.g. more lines than an order may have) keeps its own prices.
    retry: false,
    refetchOnWindowFocus: false,
  });
}
