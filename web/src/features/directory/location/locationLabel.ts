import type { LocationFilter } from '@app/domain';
import { DEFAULT_COUNTRY, withDefaultLocation } from '../filterUrl.ts';

/**
 * The location the listing shows and the picker starts from: the URL's, or US and CA when the URL
 * names none (the same rule as the listing's, see withDefaultLocation).
 */
export function getPickerLocation(location: LocationFilter): Required<LocationFilter> {
  const effective = withDefaultLocation({ filters: {}, location }).location;
  return {
    country: effective.country ?? DEFAULT_COUNTRY,
    state: effective.state ?? '',
    city: effective.city ?? [],
  };
}

/** "US > CA > San Jose": country, state and the last chosen city (spec 001 §2). */
export function formatLocationLabel(location: LocationFilter): string {
  const { country, state, city } = getPickerLocation(location);
  return [country, state, city.at(-1)].filter((part) => part !== undefined && part !== '').join(' > ');
}
