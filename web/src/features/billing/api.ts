import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApiList } from '@app/domain';
import { apiGet, apiPost } from '../../api/client.ts';

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

/** The first processing-costs entry (spec 000 §7: its attributes are what the site charges). */
export function useProcessingCosts() {
  return useQuery({
    queryKey: ['processing-costs'],
    queryFn: async () => {
      const res = await apiGet<ApiList<ProcessingCostAttributes>>('/processing-costs');
      return res.data[0]?.attributes ?? { processing_fee: 0, tax: 0, shipping_cost: '0' };
    },
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
