import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTHOR_POPULATE, PLACE_LIMITS, VENUE_SORTS } from '@app/domain';
import type {
  ApiItem,
  ApiList,
  AuthorAttributes,
  LocationFilter,
  PlaceAttributes,
  RelationMany,
  RelationOne,
  TAddressRequest,
  TPlaceRequest,
  TPlaceUpdate,
  TVenueKind,
  TVenueReviewRequest,
  TVenueReviewUpdate,
  TVenueSort,
} from '@app/domain';
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/client.ts';
import type { QueryParams } from '../../api/client.ts';

/**
 * The places' calls (contract "Places"): place types, the owner's places and their
 * addresses, the venue directories and their reviews.
 */

export interface PlaceTypeAttributes {
  type: TVenueKind;
  name: string;
}
export interface AddressAttributes {
  location: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}
export interface MediaAttributes {
  url: string;
  name?: string;
  mime?: string;
  formats?: Record<string, { url: string } | undefined> | null;
}
export interface VenueReviewAttributes {
  rating: number;
  review: string;
  createdAt: string;
  updatedAt: string;
  user?: RelationOne<AuthorAttributes>;
  vendor?: RelationOne<PlaceAttributes>;
}
/** A place as `GET /api/vendors` answers it with its relations populated. */
export interface PlaceWithRelations extends PlaceAttributes {
  vendor_type?: RelationOne<PlaceTypeAttributes>;
  address?: RelationOne<AddressAttributes>;
  image?: RelationOne<MediaAttributes>;
  video?: RelationOne<MediaAttributes>;
  /** The owner, as a relation shows an account to others: its id only. */
  user?: RelationOne<Record<string, never>>;
  vendor_reviews?: RelationMany<VenueReviewAttributes>;
}
export type Place = ApiItem<PlaceWithRelations>;
export type VenueReview = ApiItem<VenueReviewAttributes>;

/** The relations a venue card and the detail page show. */
export const VENUE_POPULATE = ['image', 'address', 'vendor_type'] as const;
export const VENUE_DETAIL_POPULATE = ['image', 'video', 'address', 'vendor_type'] as const;
export const REVIEWS_PAGE_SIZE = 25;

export const placeKeys = {
  all: ['places'] as const,
  types: ['places', 'types'] as const,
  mine: (userId: number | null, page: number, pageSize: number) =>
    ['places', 'mine', userId, page, pageSize] as const,
  one: (id: number) => ['places', 'one', id] as const,
  venues: (kind: string, search: string) => ['places', 'venues', kind, search] as const,
  venue: (id: number) => ['places', 'venue', id] as const,
  reviews: (vendorId: number, page: number) => ['places', 'reviews', vendorId, page] as const,
  ownReview: (vendorId: number, userId: number | null) =>
    ['places', 'reviews', vendorId, 'own', userId] as const,
};

// ---- calls -------------------------------------------------------------------------------------

export async function fetchPlaceTypes(signal?: AbortSignal) {
  const body = await apiGet<ApiList<PlaceTypeAttributes>>(
    '/vendor-types',
    { sort: 'id:asc' },
    { signal, auth: false },
  );
  return body.data;
}

/** My Places (spec 001 §7 "Places": filtered by user.id, populate all, newest first). */
export function fetchMyPlaces(userId: number, page: number, pageSize: number, signal?: AbortSignal) {
  return apiGet<ApiList<PlaceWithRelations>>(
    '/vendors',
    {
      filters: { user: { id: { $eq: userId } } },
      populate: '*',
      sort: 'id:desc',
      pagination: { page, pageSize },
    },
    { signal },
  );
}

export async function fetchPlace(id: number, signal?: AbortSignal): Promise<Place> {
  const body = await apiGet<{ data: Place }>(`/vendors/${id}`, { populate: '*' }, { signal });
  return body.data;
}

export async function createAddress(data: TAddressRequest) {
  const body = await apiPost<{ data: ApiItem<AddressAttributes> }>('/addresses', { data });
  return body.data;
}

export async function updateAddress(id: number, data: Partial<TAddressRequest>) {
  const body = await apiPut<{ data: ApiItem<AddressAttributes> }>(`/addresses/${id}`, { data });
  return body.data;
}

export async function createPlace(data: TPlaceRequest) {
  const body = await apiPost<{ data: Place }>('/vendors', { data });
  return body.data;
}

export async function updatePlace(id: number, data: TPlaceUpdate) {
  const body = await apiPut<{ data: Place }>(`/vendors/${id}`, { data });
  return body.data;
}

export function deletePlace(id: number) {
  return apiDelete<{ data: Place }>(`/vendors/${id}`);
}

/** What a venue directory page shows: its kind, the location chosen in the header, a sort and a page. */
export interface VenueQuery {
  kind: TVenueKind;
  location: LocationFilter;
  sort: TVenueSort | null;
  page: number;
}

/**
 * The `GET /api/vendors` query of a venue directory page (contract "Places"): approved places of the
 * kind in the state (and cities), ten a page, sorted as the sort link says (newest first by default).
 */
export function buildVenuesQuery({ kind, location, sort, page }: VenueQuery): QueryParams {
  const address: Record<string, unknown> = {};
  if (location.country) address.country = { $eq: location.country };
  if (location.state) address.state = { $eq: location.state };
  if (location.city?.length) address.city = { $in: location.city };
  return {
    filters: {
      vendor_type: { type: { $eq: kind } },
      ...(Object.keys(address).length ? { address } : {}),
    },
    populate: VENUE_POPULATE,
    pagination: { page, pageSize: PLACE_LIMITS.venuePageSize },
    sort: sort ? VENUE_SORTS[sort] : 'id:desc',
  } as QueryParams;
}

export function fetchVenues(query: VenueQuery, signal?: AbortSignal) {
  return apiGet<ApiList<PlaceWithRelations>>('/vendors', buildVenuesQuery(query), { signal, auth: false });
}

export async function fetchVenue(id: number, signal?: AbortSignal): Promise<Place> {
  const body = await apiGet<{ data: Place }>(
    `/vendors/${id}`,
    { populate: VENUE_DETAIL_POPULATE },
    { signal, auth: false },
  );
  return body.data;
}

const AUTHOR_FIELDS = { user: AUTHOR_POPULATE };

/** A venue's reviews, newest first, with their authors' usernames. */
export function fetchVenueReviews(vendorId: number, page: number, signal?: AbortSignal) {
  return apiGet<ApiList<VenueReviewAttributes>>(
    '/vendor-reviews',
    {
      filters: { vendor: { id: { $eq: vendorId } } },
      populate: AUTHOR_FIELDS,
      sort: 'createdAt:desc',
      pagination: { page, pageSize: REVIEWS_PAGE_SIZE },
    },
    { signal, auth: false },
  );
}

/** The signed-in hobbyist's own review of a venue, if any. */
export async function fetchOwnReview(vendorId: number, userId: number, signal?: AbortSignal) {
  const body = await apiGet<ApiList<VenueReviewAttributes>>(
    '/vendor-reviews',
    {
      filters: { vendor: { id: { $eq: vendorId } }, user: { id: { $eq: userId } } },
      populate: AUTHOR_FIELDS,
      pagination: { page: 1, pageSize: 1 },
    },
    { signal },
  );
  return body.data[0] ?? null;
}

export function createReview(data: TVenueReviewRequest) {
  return apiPost<{ data: VenueReview }>('/vendor-reviews', { data });
}

export function updateReview(id: number, data: TVenueReviewUpdate) {
  return apiPut<{ data: VenueReview }>(`/vendor-reviews/${id}`, { data });
}

export function deleteReview(id: number) {
  return apiDelete<{ data: VenueReview }>(`/vendor-reviews/${id}`);
}

// ---- hooks -------------------------------------------------------------------------------------

/** The place types (`GET /api/vendor-types`), kept for ten minutes. */
export function usePlaceTypes() {
  return useQuery({
    queryKey: placeKeys.types,
    queryFn: ({ signal }) => fetchPlaceTypes(signal),
    staleTime: 10 * 60_000,
  });
}

export function useMyPlaces(userId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: placeKeys.mine(userId, page, pageSize),
    queryFn: ({ signal }) => fetchMyPlaces(userId!, page, pageSize, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePlace(id: number | null) {
  return useQuery({
    queryKey: placeKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchPlace(id!, signal),
    enabled: id !== null,
  });
}

/** A venue directory page; `search` (the page's canonical query string) is the cache key. */
export function useVenues(query: VenueQuery, search: string) {
  return useQuery({
    queryKey: placeKeys.venues(query.kind, search),
    queryFn: ({ signal }) => fetchVenues(query, signal),
    placeholderData: keepPreviousData,
  });
}

export const venueQuery = (id: number) =>
  queryOptions({ queryKey: placeKeys.venue(id), queryFn: ({ signal }) => fetchVenue(id, signal) });

export function useVenue(id: number) {
  return useQuery(venueQuery(id));
}

export const venueReviewsQuery = (vendorId: number, page: number) =>
  queryOptions({
    queryKey: placeKeys.reviews(vendorId, page),
    queryFn: ({ signal }) => fetchVenueReviews(vendorId, page, signal),
  });

export function useVenueReviews(vendorId: number, page: number) {
  return useQuery({ ...venueReviewsQuery(vendorId, page), placeholderData: keepPreviousData });
}

export function useOwnReview(vendorId: number, userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: placeKeys.ownReview(vendorId, userId),
    queryFn: ({ signal }) => fetchOwnReview(vendorId, userId!, signal),
    enabled: enabled && userId !== null,
  });
}

/** After any place or review write every place list, the venue pages and the reviews are stale. */
function useInvalidatePlaces() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: placeKeys.all });
}

export function useCreateAddress() {
  return useMutation({ mutationFn: createAddress });
}

export function useUpdateAddress() {
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: Partial<TAddressRequest> }) => updateAddress(id, data),
  });
}

export function useCreatePlace() {
  const invalidate = useInvalidatePlaces();
  return useMutation({ mutationFn: createPlace, onSuccess: invalidate });
}

export function useUpdatePlace(id: number) {
  const invalidate = useInvalidatePlaces();
  return useMutation({ mutationFn: (data: TPlaceUpdate) => updatePlace(id, data), onSuccess: invalidate });
}

export function useDeletePlace() {
  const invalidate = useInvalidatePlaces();
  return useMutation({ mutationFn: deletePlace, onSuccess: invalidate });
}

export function useCreateReview() {
  const invalidate = useInvalidatePlaces();
  return useMutation({ mutationFn: createReview, onSuccess: invalidate });
}

export function useUpdateReview() {
  const invalidate = useInvalidatePlaces();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: TVenueReviewUpdate }) => updateReview(id, data),
    onSuccess: invalidate,
  });
}

export function useDeleteReview() {
  const invalidate = useInvalidatePlaces();
  return useMutation({ mutationFn: deleteReview, onSuccess: invalidate });
}
