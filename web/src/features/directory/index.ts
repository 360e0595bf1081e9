/** What other features use of the directory: the provider card, the location selects and the default location. */
export { withDefaultLocation } from './filterUrl.ts';
export { LocationSelects } from './ads/LocationSelects.tsx';
export { ProviderCard } from './ProviderCard.tsx';
