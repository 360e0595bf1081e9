import { defineResource, timestamps } from '../../http/strapi/resource.ts';

export const countryResource = defineResource({
  name: 'country',
  table: 'countries',
  fields: { country_code: { type: 'string' }, name: { type: 'string' } },
  maxPageSize: 100,
  defaultSort: [{ field: 'name', direction: 'asc' }],
});

export const stateResource = defineResource({
  name: 'state',
  table: 'states',
  fields: {
    state_code: { type: 'string' },
    state_name: { type: 'string' },
    country_code: { type: 'string' },
  },
  maxPageSize: 100,
  defaultSort: [{ field: 'state_name', direction: 'asc' }],
});

export const cityResource = defineResource({
  name: 'city',
  table: 'cities',
  fields: {
    city_name: { type: 'string' },
    state_code: { type: 'string' },
    state_name: { type: 'string' },
    country_code: { type: 'string' },
  },
  maxPageSize: 1500,
  defaultSort: [{ field: 'city_name', direction: 'asc' }],
});

export const languageResource = defineResource({
  name: 'language',
  table: 'languages',
  fields: { lang_name: { type: 'string' } },
  maxPageSize: 100,
  defaultSort: [{ field: 'lang_name', direction: 'asc' }],
});

export const raceResource = defineResource({
  name: 'race',
  table: 'races',
  fields: { race_name: { type: 'string' } },
  maxPageSize: 100,
  defaultSort: [{ field: 'race_name', direction: 'asc' }],
});

export const placeTypeResource = defineResource({
  name: 'placeType',
  table: 'place_types',
  fields: { type: { type: 'string' }, name: { type: 'string' } },
  maxPageSize: 100,
  defaultSort: [{ field: 'id', direction: 'asc' }],
});

export const packageResource = defineResource({
  name: 'package',
  table: 'packages',
  fields: {
    name: { type: 'string' },
    total_price: { type: 'money' },
    validity: { type: 'integer' },
    number_of_ads_per_day: { type: 'integer' },
    price_per_day: { type: 'money' },
    ...timestamps,
  },
  maxPageSize: 100,
  defaultSort: [{ field: 'total_price', direction: 'asc' }],
});

/**
 * Packages as the admin sees them: every package, retired ones too, with `retired`.
 * Anyone else reads `packageResource` (retired ones left out of the list, see reference.routes.ts).
 */
export const adminPackageResource = defineResource({
  ...packageResource,
  name: 'adminPackage',
  fields: { ...packageResource.fields, retired: { type: 'boolean' } },
});

export const processingCostResource = defineResource({
  name: 'processingCost',
  table: 'processing_costs',
  fields: {
    processing_fee: { type: 'money' },
    tax: { type: 'number' },
    shipping_cost: { type: 'string' },
    ...timestamps,
  },
  maxPageSize: 10,
  defaultSort: [{ field: 'id', direction: 'asc' }],
});
