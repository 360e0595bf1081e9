/**
 * The directory (providers' ads): what other modules may use of this area. The areas that hang records off
 * an ad (comments, reactions, messages, tips) reach it through `providerResource` and keep its counters with
 * `bumpProviderCounter`; the ad's relations back to them name their resources (`modules/resources.ts`).
 */
export { providerResource } from './directory.resources.ts';
export { bumpProviderCounter, type ProviderCounter } from './directory.queries.ts';
/** An ad back to pending review (a report's one-click hide). */
export { sendAdBackToReview } from './directory.queries.ts';
/** This process's facet index, reported by the health check. */
export { FacetStore } from './facets/facet-store.ts';
/** The location lookups' check of a state and city (ads; places' addresses use it too). */
export { checkLocation } from './directory.checks.ts';
/**
 * What the moderation reads and changes of an ad (`areas.ts` passes them to its routes): the ad as the admin
 * reads it with `populate=*`, and an approved revision applied (decision 0015).
 */
export { readProviderItem } from './directory.service.ts';
export { applyAdRevision } from './directory.writes.ts';
/** Every shown ad's page and every city with shown ads, for the sitemap; when the shown set next changes. */
export { listAdPages, listShownCities } from './directory.queries.ts';
export { nextSubscriptionChange } from './facets/facet.queries.ts';
/** A deleted account's ads, with their files. */
export { deleteAdsOf } from './directory.writes.ts';
