import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiItem, ApiList, ProviderAttributes, TOwnRevision, TReviewState } from '@app/domain';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../api/client.ts';
import { SUBSCRIPTIONS_QUERY_KEY } from '../../billing/index.ts';
import { directoryKeys } from '../api.ts';

/**
 * The provider's ad calls: the owner's ads, one ad, and the ad writes; the location lookups
 * of the ad form. The current subscription and its quota come from the billing feature.
 */

/** An ad as its owner reads it: the listing's attributes plus its review. */
export interface OwnAdAttributes extends ProviderAttributes {
  review?: TReviewState;
  review_reason?: string | null;
  /** The owner's changes to the approved ad waiting for review (their values are in the attributes). */
  pending_revision?: TOwnRevision;
}
export type OwnAd = ApiItem<OwnAdAttributes>;

export interface StateOption {
  state_code: string;
  state_name: string;
}
export interface CityOption {
  city_name: string;
  state_code: string;
  state_name: string;
}

export const adKeys = {
  all: ['ads'] as const,
  mine: (userId: number | null, page: number, pageSize: number) =>
    ['ads', 'mine', userId, page, pageSize] as const,
  one: (id: number) => ['ads', 'one', id] as const,
  states: (country: string) => ['ads', 'states', country] as const,
  cities: (state: string) => ['ads', 'cities', state] as const,
};

// ---- calls -------------------------------------------------------------------------------------

/** The owner's ads, newest first (spec 001 §7 "Ads": list filtered by user.id with populate all). */
export function fetchMyAds(userId: number, page: number, pageSize: number, signal?: AbortSignal) {
  return apiGet<ApiList<OwnAdAttributes>>(
    '/providers',
    {
      filters: { user: { id: { $eq: userId } } },
      populate: '*',
      sort: 'id:desc',
      pagination: { page, pageSize },
    },
    { signal },
  );
}

export async function fetchAd(id: number, signal?: AbortSignal): Promise<OwnAd> {
  const body = await apiGet<{ data: OwnAd }>(`/providers/${id}`, { populate: '*' }, { signal });
  return body.data;
}

/** Spec 001 §7 "Ad-side state list": page size 100, by name. */
export async function fetchStates(countryCode: string, signal?: AbortSignal) {
  const body = await apiGet<ApiList<StateOption>>(
    '/states',
    {
      filters: { country_code: { $eq: countryCode } },
      fields: ['state_name', 'state_code'],
      pagination: { pageSize: 100 },
      sort: 'state_name:asc',
    },
    { signal },
  );
  return body.data.map((item) => item.attributes);
}

/** Spec 001 §7 "City list": page size 1500, by name (a signed-in call). */
export async function fetchCities(stateCode: string, signal?: AbortSignal) {
  const body = await apiGet<ApiList<CityOption>>(
    '/cities',
    {
      filters: { state_code: { $eq: stateCode } },
      fields: ['city_name', 'state_code', 'state_name'],
      pagination: { pageSize: 1500 },
      sort: 'city_name:asc',
    },
    { signal },
  );
  return body.data.map((item) => item.attributes);
}

export function createAd(data: object) {
  return apiPost<{ data: OwnAd }>('/providers', { data });
}

export function updateAd(id: number, data: object) {
  return apiPut<{ data: OwnAd }>(`/providers/${id}`, { data });
}

export function deleteAd(id: number) {
  return apiDelete<{ data: OwnAd }>(`/providers/${id}`);
}

// ---- hooks -------------------------------------------------------------------------------------

export function useMyAds(userId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: adKeys.mine(userId, page, pageSize),
    queryFn: ({ signal }) => fetchMyAds(userId!, page, pageSize, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAd(id: number | null) {
  return useQuery({
    queryKey: adKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchAd(id!, signal),
    enabled: id !== null,
  });
}

export function useStates(countryCode: string) {
  return useQuery({
    queryKey: adKeys.states(countryCode),
    queryFn: ({ signal }) => fetchStates(countryCode, signal),
    staleTime: 10 * 60_000,
  });
}

export function useCities(stateCode: string) {
  return useQuery({
    queryKey: adKeys.cities(stateCode),
    queryFn: ({ signal }) => fetchCities(stateCode, signal),
    enabled: stateCode !== '',
    staleTime: 10 * 60_000,
  });
}

/** A select's options. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The state and city choices of the ad and place forms (the lookups of the country): the states of the
 * country and the cities of the chosen state. A saved state or city stays choosable while its list loads
 * or when the list lacks it. `cityListFailed`: the chosen state's city list could not be loaded.
 */
export function useLocationOptions(
  countryCode: string,
  state: string,
  city: string,
): {
  stateOptions: SelectOption[];
  cityOptions: SelectOption[];
  cityListFailed: boolean;
  loaded: [unknown, unknown];
} {
  const states = useStates(countryCode);
  const cities = useCities(state);
  const stateOptions = (states.data ?? []).map((s) => ({ value: s.state_code, label: s.state_name }));
  if (state && !stateOptions.some((o) => o.value === state))
    stateOptions.unshift({ value: state, label: state });
  const cityOptions = (cities.data ?? []).map((c) => ({ value: c.city_name, label: c.city_name }));
  if (city && !cityOptions.some((o) => o.value === city)) cityOptions.unshift({ value: city, label: city });
  return {
    stateOptions,
    cityOptions,
    cityListFailed: state !== '' && cities.isError,
    // What a form's "fill the select once its options arrive" effect depends on.
    loaded: [states.data, cities.data],
  };
}

/** After an ad write: the owner's lists, the quota and the directory are stale. */
function useInvalidateAds() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adKeys.all }),
      queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
    ]);
}

export function useCreateAd() {
  const invalidate = useInvalidateAds();
  return useMutation({ mutationFn: createAd, onSuccess: invalidate });
}

export function useUpdateAd(id: number) {
  const invalidate = useInvalidateAds();
  return useMutation({ mutationFn: (data: object) => updateAd(id, data), onSuccess: invalidate });
}

export function useDeleteAd() {
  const invalidate = useInvalidateAds();
  return useMutation({ mutationFn: deleteAd, onSuccess: invalidate });
}
