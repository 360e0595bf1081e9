import { AD_PAGE_RELATED, FACET_PARAMS, LISTING_POPULATE } from '@app/domain';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { findAccessRows, RULES } from '../../access/index.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findRevision, withOwnRevision } from '../moderation/index.ts';
import { deepFreeze, onlyParams, ownerFilterId } from '../../http/query.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import { LIMITS, parseQuery, type ParsedQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import { itemResponse } from '../../http/responses.ts';
import { jsonText, readLeanItems } from './directory.page.ts';
import {
  countFilterData,
  findListing,
  findShownIdsInCity,
  shownItemsText,
  type ListingQuery,
  type ListingView,
} from './directory.listing.ts';
import { findShownAdIdsOf, isIdVerified } from './directory.queries.ts';
import { countSaves } from '../saved/index.ts';
import { ownProviderResource, providerResource } from './directory.resources.ts';
import { readFacetParams } from './facets/facet-params.ts';
import type { FacetStore } from './facets/facet-store.ts';
import type { Storage } from '../../storage/index.ts';

/*
 * The directory's reads: the listing (from the facet index or as SQL), one ad, the filter data. The ads' writes
 * are in directory.writes.ts.
 */

/** What the directory's services need: the database, this process's facet index, files and mail. */
export interface DirectoryContext {
  db: Kysely<DB>;
  engine: Engine;
  store: FacetStore;
  /** `<DATA_DIR>/uploads`: replaced and deleted ads' files are removed there. */
  storage: Storage;
  mailer: Mailer;
}

type Query = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * Reads a listing request once. Anyone sees shown providers; with `filters[user][id][$eq]=<own id>`
 * the owner also sees their hidden ones; the admin sees all. The facet parameters are read first (a
 * bad one is the 400), then the Strapi query through the resource the caller's view allows.
 */
export function readListingQuery(actor: Actor | null, query: Query): ListingQuery {
  const facets = readFacetParams(query);
  const view: ListingView = isAdmin(actor)
    ? { kind: 'admin' }
    : actor && ownerFilterId(query) === actor.id
      ? { kind: 'owner', userId: actor.id }
      : { kind: 'public' };
  const def = view.kind === 'public' ? providerResource : ownProviderResource;
  return { view, def, facets, strapi: parseQuery(def, query, [...FACET_PARAMS]) };
}

/**
 * `GET /api/providers`: the listing for the caller's view, from the facet index when nothing else
 * narrows or orders the list (the home listing); otherwise the same facet filter runs as SQL next to
 * the Strapi filters.
 */
export function listProviders(d: DirectoryContext, actor: Actor | null, query: Query) {
  if (actor || !Object.isFrozen(query)) return findListing(d, readListingQuery(actor, query));
  // An anonymous listing depends on its query alone; a repeated query string is the same frozen object
  // (http/query.ts `parseQueryString`), so its reading is kept with it.
  let listing = anonymousListings.get(query);
  if (!listing) {
    listing = readListingQuery(null, query);
    deepFreeze(listing.facets);
    deepFreeze(listing.strapi);
    anonymousListings.set(query, listing);
  }
  return findListing(d, listing);
}

/** Anonymous listing requests read, by their (frozen, kept) query object. */
const anonymousListings = new WeakMap<Query, ListingQuery>();

export const PROVIDER_NOT_FOUND = RULES['provider.read'].missing;

/** The query of a read by id, or undefined when it is not valid (the generic path answers it then). */
function parsedOrUndefined(def: ResourceDef, query: Query): ParsedQuery | undefined {
  try {
    return parseQuery(def, query);
  } catch {
    return undefined;
  }
}

/**
 * `GET /api/providers/:id`: as the listing decides visibility (else a 404); the owner and the admin,
 * who may change the ad, may also populate its `docs`. An anonymous read is one statement
 * (directory.page.ts) that checks visibility too; a bad query or an unknown shape takes the generic
 * path, which answers a hidden ad's 404 before the query's 400.
 */
export async function getProvider(d: DirectoryContext, actor: Actor | null, id: number, query: Query) {
  const q = actor ? undefined : parsedOrUndefined(providerResource, query);
  if (q && Number.isSafeInteger(id) && Math.abs(id) <= LIMITS.maxNumber) {
    const lean = await readLeanItems(d.db, d.engine, providerResource, q, [id], 'shown');
    if (lean?.length === 0) throw notFound(PROVIDER_NOT_FOUND);
    if (lean) return jsonText(`{"data":${lean[0]},"meta":{}}`);
  }
  const [row] = await findAccessRows(d.db, actor, 'provider.update', [id]);
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  const def = row.allowed ? ownProviderResource : providerResource;
  const parsed = parseQuery(def, query);
  // The owner reads their changes waiting for review over the approved ad (the edit form starts from them).
  const revision =
    row.allowed && actor && !isAdmin(actor) ? await findRevision(d.db, { type: 'provider', id }) : undefined;
  if (!revision) {
    const lean = await readLeanItems(d.db, d.engine, def, parsed, [id], 'all');
    if (lean?.length) return jsonText(`{"data":${lean[0]},"meta":{}}`);
  }
  const item = await findOne(d.db, def, id, parsed, { scope: null });
  if (!item) throw notFound(PROVIDER_NOT_FOUND);
  return itemResponse(await withOwnRevision(d.db, item, revision));
}

/**
 * An ad as the admin's `GET /api/providers/:id?populate=*` answers it (the moderation queue shows it so),
 * or undefined when there is none.
 */
export function readProviderItem(db: Kysely<DB>, id: number): Promise<Item | undefined> {
  return findOne(db, ownProviderResource, id, parseQuery(ownProviderResource, { populate: '*' }), {
    scope: null,
  });
}

/** The relations an ad page's related ads come with: the listing's. */
const relatedQuery = parseQuery(providerResource, { populate: [...LISTING_POPULATE] });

/**
 * `GET /api/providers/:id/related`: for an ad's page, whether its owner's ID is verified, the owner's
 * other shown ads and the same city's other shown providers (newest first, `AD_PAGE_RELATED` of each).
 * The ad itself must be one the caller may read (else the same 404 as its read); the lists hold shown
 * ads only, whoever asks. Its owner and the admin also read how many hobbyists saved it (`savedBy`).
 */
export async function getRelatedAds(d: DirectoryContext, actor: Actor | null, id: number) {
  // provider.update: the rows a read sees, and whether the caller owns the ad (or is the admin).
  const [ad] = await findAccessRows(
    d.db,
    actor,
    'provider.update',
    [id],
    ['user_id', 'country', 'state', 'city'],
  );
  if (!ad) throw notFound(PROVIDER_NOT_FOUND);
  const userId = Number(ad.user_id);
  const [verified, ownIds] = await Promise.all([
    isIdVerified(d.db, userId),
    // All of the owner's shown ads (up to a bound no package reaches) are left out of the city's list.
    findShownAdIdsOf(d.db, userId, 1000),
  ]);
  const except = new Set([id, ...ownIds]);
  const cityIds = await findShownIdsInCity(
    d.store,
    { country: String(ad.country), state: String(ad.state), city: String(ad.city) },
    except,
    AD_PAGE_RELATED,
  );
  const sameProvider = ownIds.filter((other) => other !== id).slice(0, AD_PAGE_RELATED);
  const [provider, city, savedBy] = await Promise.all([
    shownItemsText(d, providerResource, relatedQuery, sameProvider),
    shownItemsText(d, providerResource, relatedQuery, cityIds),
    ad.allowed ? countSaves(d.db, id) : undefined,
  ]);
  const saves = savedBy === undefined ? '' : `,"savedBy":${savedBy}`;
  return jsonText(
    `{"data":{"verified":${verified},"sameProvider":${provider},"sameCity":${city}${saves}},"meta":{}}`,
  );
}

/** `GET /api/filterdata`: the listing's total and the disjunctive count of every option. */
export async function getFilterData(d: DirectoryContext, query: Query) {
  onlyParams(query, [...FACET_PARAMS, 'populate']);
  return { data: await countFilterData(d, readFacetParams(query, ['filter', 'populate'])) };
}
