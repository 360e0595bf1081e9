import { queryOptions, useQuery } from '@tanstack/react-query';
import { adItemQuery, adRelatedUrl } from '@app/domain';
import type { ProviderItem } from '@app/domain';
import { apiGet } from '../../../api/client.ts';

/** `GET /api/providers/:id/related`: the owner's ID check, their other ads and the same city's. */
export interface RelatedAds {
  verified: boolean;
  sameProvider: ProviderItem[];
  sameCity: ProviderItem[];
  /** How many hobbyists saved the ad: answered to its owner and the admin only. */
  savedBy?: number;
}

const relatedPath = (id: number) => adRelatedUrl(id).replace(/^\/api/, '');

export const adPageKeys = {
  item: (id: number) => ['directory', 'ad', id] as const,
  related: (id: number) => ['directory', 'ad', id, 'related'] as const,
};

/**
 * The ad of an ad page, with the listing's relations. Signed in, the owner and the admin also read an
 * ad the public cannot.
 */
export function usePublicAd(id: number | undefined) {
  return useQuery({ ...adQuery(id ?? 0), enabled: id !== undefined, retry: false });
}

export const adQuery = (id: number) =>
  queryOptions({
    queryKey: adPageKeys.item(id),
    queryFn: ({ signal }) =>
      apiGet<{ data: ProviderItem }>(`/providers/${id}`, adItemQuery(), { signal }).then((body) => body.data),
    // The owner reads their changes waiting for review: asked again once the session is known.
    meta: { perViewer: true },
  });

/** The ad page's "ID verified", the provider's other ads and the same city's providers. */
export function useRelatedAds(id: number | undefined) {
  return useQuery({ ...relatedAdsQuery(id ?? 0), enabled: id !== undefined });
}

export const relatedAdsQuery = (id: number) =>
  queryOptions({
    queryKey: adPageKeys.related(id),
    queryFn: ({ signal }) =>
      apiGet<{ data: RelatedAds }>(relatedPath(id), undefined, { signal }).then((b) => b.data),
    // The owner's count of saves: asked again once the session is known.
    meta: { perViewer: true },
  });
