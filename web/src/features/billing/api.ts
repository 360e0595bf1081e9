import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdQuota,
  ApiItem,
  ApiList,
  ApiPagination,
  RelationOne,
  TMyPayment,
  TPaymentStatus,
  WalletTotals,
} from '@app/domain';
import { MESSAGES } from '@app/domain';
import { ApiError, apiGet, apiPost } from '../../api/client.ts';

export interface PackageAttributes {
  name: string;
  total_price: number;
  validity: number;
  number_of_ads_per_day: number;
  price_per_day: number;
}

export interface ProcessingCostAttributes {
  processing_fee: number;
  tax: number;
  shipping_cost: string;
}

/** The packages on offer, cheapest first (`GET /api/packages`). */
export function usePackages() {
  return useQuery({
    queryKey: ['packages'],
    queryFn: () =>
      apiGet<ApiList<PackageAttributes>>('/packages', {
        sort: 'total_price:asc',
        pagination: { pageSize: 100 },
      }),
  });
}

export const PROCESSING_COSTS_QUERY_KEY = ['processing-costs'] as const;

/** The first processing-costs entry's attributes (spec 000 §7: what the site charges). */
export async function fetchProcessingCosts(signal?: AbortSignal): Promise<ProcessingCostAttributes> {
  const res = await apiGet<ApiList<ProcessingCostAttributes>>('/processing-costs', undefined, { signal });
  if (!Array.isArray(res.data)) throw new ApiError(200, MESSAGES.toast.genericWarning, 'InvalidResponse');
  const first = res.data[0]?.attributes;
  return {
    processing_fee: first?.processing_fee ?? 0,
    tax: first?.tax ?? 0,
    shipping_cost: first?.shipping_cost ?? '0',
  };
}

/**
 * The first processing-costs entry. The session keeps the same query (and a copy in browser storage,
 * spec 000 §3), so every screen that reads it refreshes the stored copy too.
 */
export function useProcessingCosts() {
  return useQuery({
    queryKey: PROCESSING_COSTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchProcessingCosts(signal),
  });
}

// ---- Subscriptions (buying a package, My Subscription) ------------------------------------------

export interface SubscriptionAttributes {
  /** The package's name when it was bought (kept if the package is renamed or removed). */
  package_name?: string | null;
  start_date: string;
  end_date: string;
  transaction_id: string | null;
  /** Paid by QR payment, in dollars. */
  amount: number;
  /** The package price at purchase (total_price + tax + processing fee), in dollars. */
  price: number;
  /** Paid from the wallet, in dollars. */
  wallet_amount: number;
  payment_status: TPaymentStatus;
  isActive: boolean;
  status: 'Active' | 'Inactive';
  ads_allowed: number;
  extra_ads: number;
  createdAt: string;
  package?: RelationOne<PackageAttributes>;
}

export interface CurrentSubscription {
  subscription: ApiItem<SubscriptionAttributes> | null;
  quota: AdQuota;
  subscribed: boolean;
}

export interface PurchaseInput {
  package: number;
  transaction_id?: string;
  use_wallet: boolean;
}

export const SUBSCRIPTIONS_QUERY_KEY = ['subscriptions'] as const;

/** `GET /api/subscriptions/current`: the active subscription (or null) and its ads quota. */
export function useCurrentSubscription() {
  return useQuery({
    queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'current'],
    queryFn: ({ signal }) =>
      apiGet<{ data: CurrentSubscription }>('/subscriptions/current', undefined, { signal }).then(
        (res) => res.data,
      ),
    // The quota changes with every ad posted or package bought: read afresh on each screen.
    staleTime: 0,
  });
}

/** The provider's subscriptions, newest first, one page (`GET /api/subscriptions?populate=package`). */
export function useSubscriptions(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'list', page, pageSize],
    queryFn: ({ signal }) =>
      apiGet<ApiList<SubscriptionAttributes>>(
        '/subscriptions',
        { populate: 'package', sort: 'id:desc', pagination: { page, pageSize } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Buys a package (`POST /api/subscriptions`): the server computes the price, the wallet part, the
 * amount paid and the dates; the client only names the package, the transaction id and the wallet use.
 */
export function useBuyPackage() {
  return useMutation({
    mutationFn: (input: PurchaseInput) =>
      apiPost<{ data: ApiItem<SubscriptionAttributes> }>('/subscriptions', { data: input }),
  });
}

// ---- Wallet ------------------------------------------------------------------------------------

/** `GET /api/wallet`: the server's totals in dollars (`domain/src/api.ts`), and one month of them. */
export type { WalletTotals };
export type WalletMonth = WalletTotals['months'][number];

export const WALLET_QUERY_KEY = ['wallet'] as const;

/** The wallet's totals; `fresh` asks the server again each time it is enabled (the header's modal). */
export function useWallet({ enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) {
  return useQuery({
    queryKey: WALLET_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiGet<{ data: WalletTotals }>('/wallet', undefined, { signal }).then((res) => res.data),
    enabled,
    ...(fresh ? { staleTime: 0 } : {}),
  });
}

export interface TransactionAttributes {
  transaction_uid: string | null;
  transaction_amount: number;
  order_type: string;
  transaction_type: 'credit' | 'debit';
  payment_status: TPaymentStatus;
  createdAt: string;
  subscription?: RelationOne<Pick<SubscriptionAttributes, 'package' | 'package_name'>>;
  tip?: RelationOne<unknown>;
}

/** The wallet's ledger rows, newest first, one page (`GET /api/transactions`). */
export function useTransactions(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'transactions', page, pageSize],
    queryFn: ({ signal }) =>
      apiGet<ApiList<TransactionAttributes>>(
        '/transactions',
        {
          populate: { subscription: { populate: 'package' }, tip: true },
          sort: 'id:desc',
          pagination: { page, pageSize },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

// ---- My Payments ------------------------------------------------------------------------------

export type { TMyPayment as MyPayment };
export interface MyPaymentsPage {
  data: TMyPayment[];
  meta: { pagination: ApiPagination };
}

export const MY_PAYMENTS_QUERY_KEY = ['my-payments'] as const;

/**
 * One page of the signed-in hobbyist's tips and paid orders, newest first (`GET /api/my-payments`).
 * Read afresh on each visit: a tip sent or an order paid a moment ago, or a payment an administrator
 * has just checked, shows at once.
 */
export function useMyPayments(userId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...MY_PAYMENTS_QUERY_KEY, userId, page, pageSize],
    queryFn: ({ signal }) =>
      apiGet<MyPaymentsPage>('/my-payments', { pagination: { page, pageSize } }, { signal }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

// ---- Tips (the provider card's TIP $ modal) -----------------------------------------------------

export interface PaymentInfo {
  address: string;
  /** A `data:image/png;base64,…` QR code of the address. */
  qr: string;
  /** The largest tip the server takes, in dollars (the operator's setting). */
  tip_max_amount?: number;
}

export interface TipInput {
  tip_amount: number;
  transaction_id: string;
}

export async function fetchPaymentInfo(signal?: AbortSignal): Promise<PaymentInfo> {
  const body = await apiGet<{ data: PaymentInfo }>('/payment-info', undefined, { signal, auth: false });
  return body.data;
}

export function postTip(providerId: number, tip: TipInput): Promise<unknown> {
  return apiPost('/tips', { data: { provider: providerId, ...tip } });
}

/** Where to pay and the largest tip (`GET /api/payment-info`), fetched when the tip modal opens. */
export function usePaymentInfo(enabled = true) {
  return useQuery({
    queryKey: ['card', 'payment-info'],
    queryFn: ({ signal }) => fetchPaymentInfo(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export function usePostTip(providerId: number) {
  return useMutation({ mutationFn: (tip: TipInput) => postTip(providerId, tip) });
}
