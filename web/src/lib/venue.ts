import {
  isVenueKind,
  joinAddress,
  MESSAGES,
  parseDirectoryQuery,
  toDirectorySearch,
  VENUE_SORT_KEYS,
} from '@app/domain';
import type { LocationFilter, TVenueKind, TVenueSort } from '@app/domain';

/**
 * The venue directories' URLs and texts. Kept free of React and of the API so
 * the header and the location picker can use it without loading the venue pages.
 *
 * A venue page's URL is `/<kind>?<location>&sort=<key>&page=<n>`: the location as the header's picker
 * writes it (`country`, `state`, `city[i]`), the sort link's key and the page.
 */

const V = MESSAGES.venues;

/** The venue kind a path belongs to (`/eroticbody/12` → `eroticbody`), or null. */
export function venueKindOfPath(pathname: string): TVenueKind | null {
  const first = pathname.split('/')[1] ?? '';
  return isVenueKind(first) ? first : null;
}

/** `?sort=` of a venue page: one of the sort links' keys, else none (newest first). */
export function parseVenueSort(value: string | null): TVenueSort | null {
  return value !== null && (VENUE_SORT_KEYS as string[]).includes(value) ? (value as TVenueSort) : null;
}

/** `?page=`: a positive integer, else 1. */
export function parseVenuePage(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The location part of a query string, as the picker writes it ('' when there is none). */
export function locationSearchOf(search: string): string {
  return toDirectorySearch({ filters: {}, location: parseDirectoryQuery(search).location });
}

/** The query string of a venue page: the location, then the sort (if any), then the page (beyond 1). */
export function venueSearch(locationSearch: string, sort: TVenueSort | null, page = 1): string {
  const parts = [locationSearch];
  if (sort) parts.push(`sort=${sort}`);
  if (page > 1) parts.push(`page=${page}`);
  return parts.filter((part) => part !== '').join('&');
}

/** A path with its query string, if any. */
export function withSearch(pathname: string, search: string): string {
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * Where the location picker's Find leads on a venue page (a listing or a detail): the same kind's
 * listing with the new location, its sort kept, on page 1. Null elsewhere (the home listing).
 */
export function venueFindPath(
  pathname: string,
  currentSearch: string,
  locationSearch: string,
): string | null {
  const kind = venueKindOfPath(pathname);
  if (!kind) return null;
  const sort = parseVenueSort(new URLSearchParams(currentSearch).get('sort'));
  return withSearch(`/${kind}`, venueSearch(locationSearch, sort));
}

/** The most cities a heading names; past these, "and N more". */
export const HEADING_CITIES = 3;

/** "San Jose", "San Jose and Oakland", "San Jose, Oakland and Fresno", "A, B, C and 2 more". */
function cityList(cities: readonly string[]): string {
  const named = cities.slice(0, HEADING_CITIES);
  const rest = cities.length - named.length;
  const items = rest > 0 ? [...named, `${rest.toLocaleString('en-US')} ${V.more}`] : named;
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${V.and} ${items.at(-1)}`;
}

/** A place type's names: as the spec writes it (plural) and for a count of one. */
export interface PlaceTypeNames {
  name: string;
  one: string;
}

/**
 * The heading of a venue page from what is shown: "12 Erotic Body Rubs in San Jose and Oakland, CA",
 * "1 Erotic Body Rub in San Jose, CA", or "12 Erotic Body Rubs in CA" without a city.
 */
export function venueHeading(total: number, names: PlaceTypeNames, location: LocationFilter): string {
  const cities = (location.city ?? []).filter((city) => city !== '');
  const state = location.state ?? '';
  const where = [cityList(cities), state || (cities.length ? '' : location.country)]
    .filter(Boolean)
    .join(', ');
  const head = `${total.toLocaleString('en-US')} ${total === 1 ? names.one : names.name}`;
  return where ? `${head} ${V.in} ${where}` : head;
}

/** "No reviews yet", "1 Review", "12 Reviews". */
export function reviewCountText(count: number): string {
  if (count <= 0) return V.noReviews;
  return `${count.toLocaleString('en-US')} ${count === 1 ? V.review : V.reviews}`;
}

/** A map search for the address on OpenStreetMap (a link: no third-party script on the page). */
export function mapUrl(address: Parameters<typeof joinAddress>[0]): string | null {
  const text = joinAddress(address);
  return text ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(text)}` : null;
}

/** A website as a link target: http(s) only, else null (a stored value is never made a script URL). */
export function websiteUrl(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return /^https?:\/\/[^\s]+$/i.test(text) ? text : null;
}
