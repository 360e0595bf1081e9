import { DEFAULT_COUNTRY, DEFAULT_STATE } from '../filterUrl.ts';
import type { LocationFilter } from '../filterUrl.ts';

export { DEFAULT_COUNTRY } from '../filterUrl.ts';

/** The location the picker starts from: the listing's, else the defaults. */
export function getPickerLocation(location: LocationFilter): Required<LocationFilter> {
  return {
    country: location.country ?? DEFAULT_COUNTRY,
    state: location.state ?? DEFAULT_STATE,
    city: location.city ?? [],
  };
}

/** "US > CA > San Jose": country, state and the last chosen city (spec 001 §2). */
export function formatLocationLabel(location: LocationFilter): string {
  const { country, state, city } = getPickerLocation(location);
  return [country, state, city.at(-1)].filter((part) => part !== undefined && part !== '').join(' > ');
}
