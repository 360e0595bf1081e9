import { adPath, INDEXED_PAGES, isVenueKind, PRIVATE_PAGES, toDirectorySearch } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { escapeMarkup } from '../../http/markup.ts';
import { listAdPages, listShownCities } from '../directory/index.ts';
import { listPlacePages } from '../places/index.ts';
import { listProductPages } from '../shop/index.ts';

/**
 * The sitemaps (sitemaps.org): an index at `/sitemap.xml` naming one file per part and per 50,000 URLs,
 * `/sitemaps/<part>-<n>.xml`. The parts: the site's own pages (`INDEXED_PAGES`), the shown ads, the shown
 * places and the products on sale, each record's page with its last change as `lastmod`. Built from the database on each
 * request: a file is a few statements' rows.
 */

/**
 * robots.txt: the public pages are open to crawlers; the API and the private pages (`PRIVATE_PAGES`:
 * account, admin, cart, checkout, sign-in) are not, nor the listing's filter combinations (options,
 * ranges, several cities, search terms: countless URLs of the same providers, a crawl trap). A state's or
 * one city's listing stays open: those are the location pages the sitemap names.
 */
const DISALLOWED = [
  '/api/',
  ...PRIVATE_PAGES,
  '/*?*filter[',
  '/*?*filter%5B',
  '/*?*minValue',
  '/*?*maxValue',
  '/*?*city[1]',
  '/*?*city%5B1%5D',
  '/*?*search=',
];

/** The robots.txt of the site at `baseUrl`, naming its sitemap index. */
export const robotsTxt = (baseUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');

/** URLs one sitemap file holds at most (the protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

const PARTS = ['pages', 'locations', 'ads', 'places', 'products'] as const;
type Part = (typeof PARTS)[number];
/** A sitemap file's name: its part and its number from 1. */
const FILE_NAME = new RegExp(`^(${PARTS.join('|')})-([1-9]\\d{0,5})\\.xml$`);

interface Entry {
  path: string;
  lastmod?: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** The stored ISO time as a W3C datetime, or nothing when it is not one. */
const lastmodTag = (value: string | undefined) =>
  value && !Number.isNaN(Date.parse(value)) ? `<lastmod>${escapeMarkup(value)}</lastmod>` : '';

async function entriesOf(db: Kysely<DB>, part: Part): Promise<Entry[]> {
  switch (part) {
    case 'pages':
      return INDEXED_PAGES.map((path) => ({ path }));
    case 'locations':
      return locationEntries(await listShownCities(db));
    case 'ads':
      return (await listAdPages(db)).map((ad) => ({ path: adPath(ad.id, ad), lastmod: ad.updated_at }));
    case 'places':
      // A place of a type without a venue directory has no page.
      return (await listPlacePages(db))
        .filter((place) => isVenueKind(place.type))
        .map((place) => ({ path: `/${place.type}/${place.id}`, lastmod: place.updated_at }));
    case 'products':
      return (await listProductPages(db)).map((product) => ({
        path: `/productdetails/${product.id}`,
        lastmod: product.updated_at,
      }));
  }
}

/** A location's listing, as the app writes its address (`/?country=US&state=CA&city[0]=San%20Jose`). */
const locationPath = (country: string, state: string, city?: string) =>
  `/?${toDirectorySearch({ filters: {}, location: { country, state, city: city ? [city] : undefined } })}`;

/**
 * The location pages: each state with shown ads, then its cities, each with its ads' newest change (the
 * cities come sorted by country and state).
 */
function locationEntries(cities: { country: string; state: string; city: string; updated_at: string }[]) {
  const entries: Entry[] = [];
  let stateEntry: Entry | undefined;
  let stateKey = '';
  for (const { country, state, city, updated_at } of cities) {
    if (`${country}/${state}` !== stateKey) {
      stateKey = `${country}/${state}`;
      stateEntry = { path: locationPath(country, state), lastmod: updated_at };
      entries.push(stateEntry);
    } else if (updated_at > (stateEntry!.lastmod ?? '')) stateEntry!.lastmod = updated_at;
    entries.push({ path: locationPath(country, state, city), lastmod: updated_at });
  }
  return entries;
}

/** The entries of file `n` (from 1) of a part. */
const chunk = (entries: Entry[], n: number, max: number) => entries.slice((n - 1) * max, n * max);

/** The newest `lastmod` of some entries (ISO times compare as text). */
const newest = (entries: Entry[]) =>
  entries.reduce<string | undefined>(
    (at, e) => (e.lastmod && (!at || e.lastmod > at) ? e.lastmod : at),
    undefined,
  );

/** The sitemap index: every part's files (at least one each, an empty part's file an empty list). */
export async function sitemapIndex(db: Kysely<DB>, baseUrl: string, max = SITEMAP_MAX_URLS): Promise<string> {
  const files: string[] = [];
  for (const part of PARTS) {
    const entries = await entriesOf(db, part);
    const count = Math.max(1, Math.ceil(entries.length / max));
    for (let n = 1; n <= count; n++) {
      const loc = escapeMarkup(`${baseUrl}/sitemaps/${part}-${n}.xml`);
      files.push(`<sitemap><loc>${loc}</loc>${lastmodTag(newest(chunk(entries, n, max)))}</sitemap>`);
    }
  }
  return `${XML_HEAD}<sitemapindex ${XMLNS}>\n${files.join('\n')}\n</sitemapindex>\n`;
}

/** One sitemap file by its name (`places-2.xml`), or undefined when the index names no such file. */
export async function sitemapFile(
  db: Kysely<DB>,
  baseUrl: string,
  name: string,
  max = SITEMAP_MAX_URLS,
): Promise<string | undefined> {
  const match = FILE_NAME.exec(name);
  if (!match) return undefined;
  const n = Number(match[2]);
  const entries = chunk(await entriesOf(db, match[1] as Part), n, max);
  if (entries.length === 0 && n > 1) return undefined;
  const urls = entries.map(
    (e) => `<url><loc>${escapeMarkup(`${baseUrl}${e.path}`)}</loc>${lastmodTag(e.lastmod)}</url>`,
  );
  return `${XML_HEAD}<urlset ${XMLNS}>\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
}
