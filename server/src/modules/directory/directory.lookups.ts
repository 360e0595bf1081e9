import type { CityCount, CountryCount, StateCount } from '@app/domain';
import { notFound } from '../../http/errors.ts';
import { badParam, onlyParams } from '../../http/query.ts';
import { listResponse } from '../../http/responses.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import { languageResource, raceResource } from '../reference/index.ts';
import { findCitiesOfState, findState, findStatesOfCountry } from './directory.queries.ts';
import type { DirectoryContext } from './directory.service.ts';

/**
 * The lookups with provider counts (docs/directory-contract.md "Lookups"): languages, races, states,
 * cities and countries, each with how many shown providers have it, counted on the facet index.
 */

type Query = Record<string, unknown>;

function countryParam(query: Query): string {
  const raw = query.country_code ?? 'US';
  if (typeof raw !== 'string' || !/^[A-Za-z]{2}$/.test(raw.trim()))
    badParam('country_code', 'expected a country code like US');
  return raw.trim().toUpperCase();
}

function stateParam(query: Query): string {
  const raw = query.state_code;
  if (typeof raw !== 'string' || !/^[A-Za-z0-9]{1,3}$/.test(raw.trim()))
    badParam('state_code', 'expected a state code like CA');
  return raw.trim().toUpperCase();
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/**
 * `GET /api/languages` and `/api/races`: the Strapi list with each item's count of shown providers
 * (`provider`) and, on an unfiltered list's last page, an N/A item counting those without one.
 */
async function listWithCounts(
  d: DirectoryContext,
  def: ResourceDef,
  section: 'language' | 'race',
  nameField: string,
  query: Query,
) {
  const q = parseQuery(def, query);
  const [list, { counts, total }] = await Promise.all([
    findMany(d.db, def, q),
    d.store.read({ sections: {} }, ({ result }) => ({
      counts: result.counts([section])[section]!,
      total: result.total,
    })),
  ]);
  const data: Item[] = list.data.map((item) => ({
    id: item.id,
    attributes: { ...item.attributes, provider: counts[String(item.id)] ?? 0 },
  }));
  // The N/A item closes an unfiltered list: on its last page (without a count, on a short page).
  const n = list.data.length;
  const last =
    (n > 0 || q.offset === 0) && (q.withCount ? q.offset + n >= list.meta.pagination.total : n < q.pageSize);
  if (!q.filters && last) {
    const withOne = Object.values(counts).reduce((a, b) => a + b, 0);
    data.push({ id: 0, attributes: { [nameField]: 'N/A', provider: total - withOne } });
  }
  return listResponse(data, list.meta.pagination);
}

async function getWithCount(
  d: DirectoryContext,
  def: ResourceDef,
  section: 'language' | 'race',
  id: number,
  query: Query,
) {
  const item = await findOne(d.db, def, id, parseQuery(def, query));
  if (!item) throw notFound();
  const provider = await d.store.read(
    { sections: { [section]: [String(id)] } },
    ({ result }) => result.total,
  );
  return { id: item.id, attributes: { ...item.attributes, provider } };
}

export const listLanguages = (d: DirectoryContext, query: Query) =>
  listWithCounts(d, languageResource, 'language', 'lang_name', query);
export const listRaces = (d: DirectoryContext, query: Query) =>
  listWithCounts(d, raceResource, 'race', 'race_name', query);
export const getLanguage = (d: DirectoryContext, id: number, query: Query) =>
  getWithCount(d, languageResource, 'language', id, query);
export const getRace = (d: DirectoryContext, id: number, query: Query) =>
  getWithCount(d, raceResource, 'race', id, query);

/** `GET /api/state-by-country?country_code=US`: every state of the country with its count. */
export async function statesByCountry(d: DirectoryContext, query: Query): Promise<{ data: StateCount[] }> {
  onlyParams(query, ['country_code']);
  const country = countryParam(query);
  const [states, counts] = await Promise.all([
    findStatesOfCountry(d.db, country),
    d.store.read({ sections: {}, country: [country] }, ({ result }) => result.counts(['state']).state!),
  ]);
  return {
    data: states
      .map((s) => ({
        state_code: s.state_code,
        state_name: s.state_name,
        provider: counts[s.state_code] ?? 0,
      }))
      .sort((a, b) => byName(a.state_name, b.state_name)),
  };
}

/**
 * `GET /api/cityByState?state_code=CA`: the state's cities with shown providers and their counts
 * (`all=true`: every city of the state, 0 included).
 */
export async function citiesByState(d: DirectoryContext, query: Query): Promise<{ data: CityCount[] }> {
  onlyParams(query, ['state_code', 'all']);
  const stateCode = stateParam(query);
  if (query.all !== undefined && query.all !== 'true' && query.all !== 'false')
    badParam('all', 'expected true or false');
  const all = query.all === 'true';
  const [state, counted, cities] = await Promise.all([
    findState(d.db, stateCode),
    d.store.read({ sections: {}, state: [stateCode] }, ({ result }) => result.counts(['city']).city!),
    all ? findCitiesOfState(d.db, stateCode) : Promise.resolve([]),
  ]);
  const stateName = state?.state_name ?? stateCode;
  const byCity = new Map<string, number>();
  for (const c of cities) byCity.set(c.city_name, 0);
  for (const [key, n] of Object.entries(counted)) {
    if (n > 0 && key.startsWith(`${stateCode}|`)) byCity.set(key.slice(stateCode.length + 1), n);
  }
  return {
    data: [...byCity]
      .map(([city_name, provider]) => ({ city_name, state_code: stateCode, state_name: stateName, provider }))
      .sort((a, b) => byName(a.city_name, b.city_name)),
  };
}

/** `GET /api/provider-count-by-country?country_code=US`. */
export async function providerCountByCountry(
  d: DirectoryContext,
  query: Query,
): Promise<{ data: CountryCount[] }> {
  onlyParams(query, ['country_code']);
  const country = countryParam(query);
  const provider = await d.store.read({ sections: {}, country: [country] }, ({ result }) => result.total);
  return { data: [{ country_code: country, provider }] };
}
