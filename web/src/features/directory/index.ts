/** What other features use of the directory: the provider card, the location options and the default location. */
export { withDefaultLocation } from './filterUrl.ts';
export { useLocationOptions } from './ads/api.ts';
export { ProviderCard } from './ProviderCard.tsx';
