import { useQuery } from '@tanstack/react-query';
import { adItemQuery, adRelatedUrl } from '@app/domain';
import type { ProviderItem } from '@app/domain';
import { apiGet, buildApiUrl } from '../../../api/client.ts';
import { takeInlineAnswer } from '../../../api/inline.ts';
import { useSession } from '../../../app/session.tsx';

/** `GET /api/providers/:id/related`: the owner's ID check, their other ads and the same city's. */
export interface RelatedAds {
  verified: boolean;
  sameProvider: ProviderItem[];
  sameCity: ProviderItem[];
  /** How many hobbyists saved the ad: answered to its owner and the admin only. */
  savedBy?: number;
}

/**
 * The server writes the answers a visitor gets into the page: a signed-in reader's may differ (the
 * owner's changes waiting for review, the count of saves), so theirs are fetched.
 */
function signedOut<T>(isLoggedIn: boolean, take: () => T | undefined): T | undefined {
  return isLoggedIn ? undefined : take();
}

const relatedPath = (id: number) => adRelatedUrl(id).replace(/^\/api/, '');

export const adPageKeys = {
  item: (id: number) => ['directory', 'ad', id] as const,
  related: (id: number) => ['directory', 'ad', id, 'related'] as const,
};

/**
 * The ad of an ad page, with the listing's relations. Signed in, the owner and the admin also read an
 * ad the public cannot; for a visitor the server's page carries the answer, taken as the first data.
 */
export function usePublicAd(id: number | undefined) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: adPageKeys.item(id ?? 0),
    queryFn: ({ signal }) =>
      apiGet<{ data: ProviderItem }>(`/providers/${id}`, adItemQuery(), { signal }).then((body) => body.data),
    initialData: () =>
      signedOut(isLoggedIn, () =>
        takeInlineAnswer<{ data: ProviderItem }>(buildApiUrl(`/providers/${id}`, adItemQuery())),
      )?.data,
    enabled: id !== undefined,
    retry: false,
  });
}

/** The ad page's "ID verified", the provider's other ads and the same city's providers. */
export function useRelatedAds(id: number | undefined) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: adPageKeys.related(id ?? 0),
    queryFn: ({ signal }) =>
      apiGet<{ data: RelatedAds }>(relatedPath(id!), undefined, { signal }).then((b) => b.data),
    initialData: () =>
      signedOut(isLoggedIn, () => takeInlineAnswer<{ data: RelatedAds }>(buildApiUrl(relatedPath(id!))))
        ?.data,
    enabled: id !== undefined,
  });
}
