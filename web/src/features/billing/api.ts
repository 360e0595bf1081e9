import { useQuery } from '@tanstack/react-query';
import type { ApiList } from '@app/domain';
import { apiGet } from '../../api/client.ts';

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
