import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@app/domain';
import type {
  ApiItem,
  ApiList,
  ApiPagination,
  RelationMany,
  RelationOne,
  TCheckoutItem,
  TCheckoutRequest,
  TOrderStatus,
  TPaymentStatus,
  TQuote,
  TSaleLine,
} from '@app/domain';
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/client.ts';

/**
 * The store's order calls (contract "Area orders"): the server's quote for a cart, the
 * one-call checkout, the buyer's orders with their lines (My Orders) with cancel and delivered, and the vendor's
 * sold lines (My Sales) with shipped. Every amount is the server's, in dollars.
 */

/** A picture as the order lines carry it (copied when the order was placed). */
export interface OrderMedia {
  url: string;
  name?: string;
  formats?: Record<string, { url: string } | undefined> | null;
}

/** An order's attributes (money in dollars; `amount` is the total). */
export interface OrderAttributes {
  status: TOrderStatus;
  paid: boolean;
  payment_status: TPaymentStatus;
  transaction_id: string | null;
  subtotal: number;
  processing_fee: number;
  tax: number;
  shipping: number;
  amount: number;
  createdAt: string;
  updatedAt: string;
}

/** One line of an order (an order-list): what was bought, copied at order time, and its own state. */
export interface OrderLineAttributes {
  product_name: string;
  /** The unit price paid. */
  price: number;
  /** The spec's spelling; `quantity` carries the same number. */
  quantiy: number;
  quantity: number;
  total: number;
  status: TOrderStatus;
  shipped_at: string | null;
  createdAt: string;
  picture?: RelationOne<OrderMedia>;
}
export type OrderLine = ApiItem<OrderLineAttributes>;

/** The fields of a line My Orders shows (besides its picture). */
const MY_ORDER_LINE_FIELDS = ['product_name', 'price', 'quantity', 'total', 'status'] as const;

/** A line as My Orders reads it: what was bought, its state and its picture. */
export type MyOrderLine = ApiItem<
  Pick<OrderLineAttributes, (typeof MY_ORDER_LINE_FIELDS)[number] | 'picture'>
>;

/** A buyer's order with its lines, as My Orders reads it. */
export interface MyOrderAttributes extends OrderAttributes {
  order_lists: RelationMany<MyOrderLine['attributes']>;
}
export type MyOrder = ApiItem<MyOrderAttributes>;

/** `GET /api/sales`: the vendor's sold lines, one page. */
export interface SalesPage {
  data: TSaleLine[];
  meta: { pagination: ApiPagination };
}

export const orderKeys = {
  all: ['orders'] as const,
  /** Apart from `all`: placing an order refreshes the lists, not the quote of a cart just emptied. */
  quote: (items: readonly TCheckoutItem[]) => ['order-quote', items] as const,
  mine: (userId: number | null, page: number, pageSize: number) =>
    ['orders', 'mine', userId, page, pageSize] as const,
  sales: (page: number, pageSize: number) => ['orders', 'sales', page, pageSize] as const,
  hasOrders: (userId: number | null) => ['orders', 'has', userId] as const,
};

// ---- calls -------------------------------------------------------------------------------------

/** `POST /api/orders/quote` (anyone): the current prices and the totals of a cart. */
export async function fetchQuote(items: readonly TCheckoutItem[], signal?: AbortSignal): Promise<TQuote> {
  const body = await apiPost<{ data: TQuote }>('/orders/quote', { data: { items } }, { signal });
  return body.data;
}

/** `POST /api/orders/checkout`: the whole order in one call; answers the order placed. */
export async function placeOrder(data: TCheckoutRequest) {
  const body = await apiPost<{ data: ApiItem<OrderAttributes> }>('/orders/checkout', { data });
  return body.data;
}

/**
 * My Orders (spec 000 §7 "My Orders list": filtered by user): one page of the buyer's orders, newest
 * first, each with its total and all its lines (what was bought, its state, its picture), so a page
 * holds `pageSize` orders whatever their lines.
 */
export function fetchMyOrders(userId: number, page: number, pageSize: number, signal?: AbortSignal) {
  return apiGet<ApiList<MyOrderAttributes>>(
    '/orders',
    {
      filters: { user: { id: { $eq: userId } } },
      populate: { order_lists: { fields: [...MY_ORDER_LINE_FIELDS], populate: ['picture'] } },
      sort: 'id:desc',
      pagination: { page, pageSize },
    },
    { signal },
  );
}

/** `DELETE /api/orders/:id`: the buyer cancels an order still 'Awaiting Payment' (rows are kept). */
export function cancelOrder(id: number) {
  return apiDelete<{ data: ApiItem<OrderAttributes> }>(`/orders/${id}`);
}

/** `PUT /api/orders/:id`: the buyer marks a shipped order delivered. */
export function markOrderDelivered(id: number) {
  return apiPut<{ data: ApiItem<OrderAttributes> }>(`/orders/${id}`, {
    data: { status: MESSAGES.orderStatus.delivered },
  });
}

/** `GET /api/sales`: the lines of the vendor's products, newest first. */
export function fetchSales(page: number, pageSize: number, signal?: AbortSignal) {
  return apiGet<SalesPage>('/sales', { pagination: { page, pageSize } }, { signal });
}

/** `PUT /api/order-lists/:id`: the vendor marks a paid line shipped. */
export function markLineShipped(id: number) {
  return apiPut<{ data: ApiItem<OrderLineAttributes> }>(`/order-lists/${id}`, {
    data: { status: MESSAGES.orderStatus.shipped },
  });
}

/** Whether the signed-in account has placed any order (one row asked for; the count is the answer). */
export async function fetchHasOrders(signal?: AbortSignal): Promise<boolean> {
  const body = await apiGet<ApiList<OrderAttributes>>('/orders', { pagination: { pageSize: 1 } }, { signal });
  return (body.meta?.pagination?.total ?? body.data.length) > 0;
}

// ---- hooks -------------------------------------------------------------------------------------

/** The server's quote for the cart's items; asked afresh each time checkout opens or the cart changes. */
export function useQuote(items: readonly TCheckoutItem[]) {
  return useQuery({
    queryKey: orderKeys.quote(items),
    queryFn: ({ signal }) => fetchQuote(items, signal),
    enabled: items.length > 0,
    staleTime: 0,
  });
}

/** Forgets every order list, so My Orders, My Sales and the account menu read the server again. */
function refreshOrders(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => void refreshOrders(queryClient),
  });
}

export function useMyOrders(userId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: orderKeys.mine(userId, page, pageSize),
    queryFn: ({ signal }) => fetchMyOrders(userId ?? 0, page, pageSize, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Order `orderId` and its lines on every cached page of My Orders now show `status` (until the refetch). */
function setOrderStatus(queryClient: QueryClient, orderId: number, status: TOrderStatus) {
  queryClient.setQueriesData<ApiList<MyOrderAttributes>>({ queryKey: ['orders', 'mine'] }, (old) =>
    old
      ? {
          ...old,
          data: old.data.map((order) => {
            if (order.id !== orderId) return order;
            const lines = order.attributes.order_lists.data ?? [];
            return {
              ...order,
              attributes: {
                ...order.attributes,
                status,
                order_lists: {
                  data: lines.map((line) => ({ ...line, attributes: { ...line.attributes, status } })),
                },
              },
            };
          }),
        }
      : old,
  );
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (_answer, id) => {
      setOrderStatus(queryClient, id, MESSAGES.orderStatus.cancelled);
      void refreshOrders(queryClient);
    },
  });
}

export function useMarkDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderDelivered,
    onSuccess: (_answer, id) => {
      setOrderStatus(queryClient, id, MESSAGES.orderStatus.delivered);
      void refreshOrders(queryClient);
    },
  });
}

export function useSales(page: number, pageSize: number) {
  return useQuery({
    queryKey: orderKeys.sales(page, pageSize),
    queryFn: ({ signal }) => fetchSales(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMarkShipped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLineShipped,
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<SalesPage>({ queryKey: ['orders', 'sales'] }, (old) =>
        old
          ? {
              ...old,
              data: old.data.map((line) =>
                line.id === id ? { ...line, status: MESSAGES.orderStatus.shipped } : line,
              ),
            }
          : old,
      );
      void refreshOrders(queryClient);
    },
  });
}

/**
 * Whether a provider has bought anything, so their account menu shows My Orders (providers
 * may buy too). Asked only when `enabled` (providers); hobbyists and vendors always have the link.
 */
export function useHasOrders(userId: number | null, enabled: boolean) {
  const query = useQuery({
    queryKey: orderKeys.hasOrders(userId),
    queryFn: ({ signal }) => fetchHasOrders(signal),
    enabled: enabled && userId !== null,
    staleTime: 5 * 60_000,
  });
  return query.data === true;
}
