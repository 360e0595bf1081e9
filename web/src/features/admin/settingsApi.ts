import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSettings,
  ApiItem,
  ApiList,
  TAdminSettingsUpdate,
  TCityCreate,
  TCityUpdate,
  TLanguageWrite,
  TPackageCreate,
  TPackageUpdate,
  TProcessingCostCreate,
  TRaceWrite,
  TPlaceTypeCreate,
} from '@app/domain';
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/client.ts';
import { publicSettingsQuery } from '../../app/publicSettings.ts';
import type { QueryParams } from '../../api/client.ts';
import type { PackageAttributes, ProcessingCostAttributes } from '../billing/index.ts';
import { PROCESSING_COSTS_QUERY_KEY } from '../billing/index.ts';

/**
 * The Settings page's calls (contract §2): packages (the admin reads retired ones
 * too), the processing costs in force, the operator settings and the lookups. Amounts in dollars, as
 * the existing reads and the domain schemas speak them.
 */

export interface AdminPackageAttributes extends PackageAttributes {
  retired?: boolean;
}
export type AdminPackage = ApiItem<AdminPackageAttributes>;
export type ProcessingCost = ApiItem<ProcessingCostAttributes>;

export const settingsKeys = {
  all: ['admin', 'settings'] as const,
  packages: ['admin', 'settings', 'packages'] as const,
  costs: ['admin', 'settings', 'processing-costs'] as const,
  operator: ['admin', 'settings', 'operator'] as const,
  lookup: (kind: LookupKind) => ['admin', 'settings', 'lookup', kind] as const,
};

// ---- packages ----------------------------------------------------------------------------------

/** Every package, retired ones included (the admin's read), cheapest first. */
export function fetchAdminPackages(signal?: AbortSignal) {
  return apiGet<ApiList<AdminPackageAttributes>>(
    '/packages',
    { sort: 'total_price:asc', pagination: { pageSize: 100 } },
    { signal },
  );
}

export function useAdminPackages() {
  return useQuery({ queryKey: settingsKeys.packages, queryFn: ({ signal }) => fetchAdminPackages(signal) });
}

/** After a package write: the console's list and every screen that offers packages read afresh. */
function usePackagesRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.packages });
    void queryClient.invalidateQueries({ queryKey: ['packages'] });
  };
}

export function useSavePackage() {
  const refresh = usePackagesRefresh();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: TPackageCreate | TPackageUpdate }) =>
      id === null
        ? apiPost<{ data: AdminPackage }>('/packages', { data })
        : apiPut<{ data: AdminPackage }>(`/packages/${id}`, { data }),
    onSuccess: refresh,
  });
}

export function useDeletePackage() {
  const refresh = usePackagesRefresh();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ data: AdminPackage }>(`/packages/${id}`),
    onSuccess: refresh,
  });
}

// ---- processing costs --------------------------------------------------------------------------

/** The processing-costs rows in the order the server reads them (the first is in force). */
export function useAdminProcessingCosts() {
  return useQuery({
    queryKey: settingsKeys.costs,
    queryFn: ({ signal }) =>
      apiGet<ApiList<ProcessingCostAttributes>>('/processing-costs', { sort: 'id:asc' }, { signal }),
  });
}

export function useSaveProcessingCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: TProcessingCostCreate }) =>
      id === null
        ? apiPost<{ data: ProcessingCost }>('/processing-costs', { data })
        : apiPut<{ data: ProcessingCost }>(`/processing-costs/${id}`, { data }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.costs });
      void queryClient.invalidateQueries({ queryKey: PROCESSING_COSTS_QUERY_KEY });
    },
  });
}

// ---- operator settings -------------------------------------------------------------------------

export function useOperatorSettings() {
  return useQuery({
    queryKey: settingsKeys.operator,
    queryFn: ({ signal }) =>
      apiGet<{ data: AdminSettings }>('/admin/settings', undefined, { signal }).then((res) => res.data),
  });
}

export function useSaveOperatorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TAdminSettingsUpdate) =>
      apiPut<{ data: AdminSettings }>('/admin/settings', { data }).then((res) => res.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.operator, saved);
      // The QR code and the tip limit every payment screen shows, and the footer's social links.
      void queryClient.invalidateQueries({ queryKey: ['card', 'payment-info'] });
      void queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    },
  });
}

// ---- lookups -----------------------------------------------------------------------------------

export const LOOKUP_KINDS = ['cities', 'languages', 'races', 'vendorTypes'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** What each lookup's rows carry (the existing reads' attribute names). */
export interface LookupAttributes {
  cities: { city_name: string; state_code: string; state_name: string; country_code: string };
  languages: { lang_name: string };
  races: { race_name: string };
  vendorTypes: { type: string; name: string };
}
export interface LookupWrites {
  cities: TCityCreate | TCityUpdate;
  languages: TLanguageWrite;
  races: TRaceWrite;
  vendorTypes: TPlaceTypeCreate | Partial<TPlaceTypeCreate>;
}

/** Each lookup's path, the field it is named by (and searched on) and its order. */
export const LOOKUPS = {
  cities: { path: '/cities', nameField: 'city_name', sort: 'city_name:asc' },
  languages: { path: '/languages', nameField: 'lang_name', sort: 'lang_name:asc' },
  races: { path: '/races', nameField: 'race_name', sort: 'race_name:asc' },
  vendorTypes: { path: '/vendor-types', nameField: 'name', sort: 'id:asc' },
} as const satisfies Record<LookupKind, { path: string; nameField: string; sort: string }>;

/** One page of a lookup, its name containing `search` (any case) when given. */
export function fetchLookup<K extends LookupKind>(
  kind: K,
  page: number,
  pageSize: number,
  search: string,
  signal?: AbortSignal,
) {
  const { path, nameField, sort } = LOOKUPS[kind];
  const query: QueryParams = {
    sort,
    pagination: { page, pageSize },
    ...(search ? { filters: { [nameField]: { $containsi: search } } } : {}),
  };
  return apiGet<ApiList<LookupAttributes[K]>>(path, query, { signal });
}

export function useLookup<K extends LookupKind>(kind: K, page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: [...settingsKeys.lookup(kind), page, pageSize, search],
    queryFn: ({ signal }) => fetchLookup(kind, page, pageSize, search, signal),
    placeholderData: keepPreviousData,
  });
}

/** Add (`id` null), rename or delete an entry of a lookup; every list of it reads afresh after. */
export function useLookupWrites<K extends LookupKind>(kind: K) {
  const queryClient = useQueryClient();
  const { path } = LOOKUPS[kind];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.lookup(kind) });
  const save = useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: LookupWrites[K] }) =>
      id === null ? apiPost(path, { data }) : apiPut(`${path}/${id}`, { data }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiDelete(`${path}/${id}`),
    onSuccess: refresh,
  });
  return { save, remove };
}
