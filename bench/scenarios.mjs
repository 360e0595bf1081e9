// The directory benchmark's scenarios (docs/performance.md): what each autocannon run asks for, which
// target it is held to (bench/targets.mjs), and the reads of the million, two-worker and mixed runs.
import { loadDomain } from './domain.mjs';

const { toDirectorySearch } = await loadDomain();

const POPULATE = 'populate=images,language,race,user';
export const FIVE = toDirectorySearch({
  filters: { call: ['Incall'], kissing: 'yes', age: [25, 45], personality: ['Confident'] },
  location: { state: 'CA' },
});
export const HOME = `/api/providers?${POPULATE}&pagination[page]=1`;
/** The seed client's listing: eight relations, four of them to-many (reactions and comments). */
const SEED_POPULATE = ['user', 'images', 'language', 'race', 'likes', 'dislikes', 'averages', 'comments']
  .map((name, i) => `populate[${i}]=${name}`)
  .join('&');

/**
 * 400 filter states (a state, an age range, a price range, a personality), one drawn at random for each
 * request: answers nobody asked for a moment ago, so neither the response cache nor the facet index's
 * memo of its last few results serves them.
 */
const STATES = ['CA', 'TX', 'NY', 'FL'];
const VARIED = Array.from({ length: 400 }, (_, i) =>
  toDirectorySearch({
    filters: {
      age: [21 + (i % 20), 40 + ((i >> 2) % 20)],
      donation_hour: [100 + ((i * 7) % 300), 500 + ((i * 13) % 300)],
      personality: [['Submissive', 'Confident', 'Dominant'][i % 3]],
    },
    location: { state: STATES[i % STATES.length] },
  }),
);
const varied = (base) => ({ path: `${base}${VARIED[0]}`, variants: VARIED.map((q) => `${base}${q}`) });

/** Targets: `target` says which figure a scenario is held to (bench/targets.mjs, docs/performance.md). */
export const SCENARIOS = [
  { name: 'home listing (page 1)', path: HOME, target: 'listing' },
  { name: 'home listing, 1 connection', path: HOME, target: 'reference', connections: 1 },
  { name: 'listing, five filters', path: `/api/providers?${POPULATE}&${FIVE}`, target: 'listing' },
  { name: 'deep page (4000)', path: `/api/providers?${POPULATE}&pagination[page]=4000`, target: 'listing' },
  { name: 'filter counts, no filter', path: '/api/filterdata', target: 'counts' },
  { name: 'filter counts, five filters', path: `/api/filterdata?${FIVE}`, target: 'counts' },
  {
    name: 'filter counts, a different state each request',
    ...varied('/api/filterdata?'),
    target: 'counts',
  },
  {
    name: 'listing, a different filter state each request',
    ...varied(`/api/providers?${POPULATE}&`),
    target: 'listing',
  },
  { name: 'one provider', path: `/api/providers/:id?${POPULATE}`, target: 'item' },
  {
    name: 'seed listing (eight relations)',
    path: `/api/providers?${SEED_POPULATE}&pagination[page]=1`,
    target: 'seed listing',
  },
  { name: 'seed one provider (populate=*)', path: '/api/providers/:id?populate=*', target: 'item' },
  // Public pages rendered by the server (decision 0018): the home listing and an ad's page (`:adPath`, the
  // sample provider's one address), as a browser or a crawler asks for them.
  { name: 'page: home listing', path: '/', target: 'page' },
  { name: 'page: an ad', path: ':adPath', target: 'page' },
  // The header's search: a city's name, and four digits of a phone number.
  { name: 'search: a city', path: `/api/providers?${POPULATE}&search=Fresno`, target: 'search' },
  { name: 'search: four phone digits', path: `/api/providers?${POPULATE}&search=5501`, target: 'search' },
  // Every shown ad's address, 50,000 to a file.
  { name: 'sitemap of ads', path: '/sitemaps/ads-1.xml', target: 'sitemap', connections: 1 },
  {
    name: 'SQL path: five filters + Strapi filter, sorted by donation',
    path: `/api/providers?${POPULATE}&${FIVE}&filters[donation_hour][$lte]=500&sort=donation_hour:asc`,
    target: 'info',
  },
];

/** The scenarios the million and the two-worker runs measure. */
export const MILLION_SCENARIOS = [
  'home listing (page 1)',
  'home listing, 1 connection',
  'listing, five filters',
  'filter counts, no filter',
  'filter counts, five filters',
  'filter counts, a different state each request',
  'listing, a different filter state each request',
  'one provider',
];

/** The mixed load's reads. */
export const MIXED_READS = [
  { name: 'listing', path: HOME },
  { name: 'counts', path: '/api/filterdata' },
];
