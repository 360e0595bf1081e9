import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. Reference data and settings:
 * countries, states, cities, languages, races, place types, packages, processing costs, the seed log,
 * the operator's settings.
 */

export interface CountriesTable {
  id: Generated<number>;
  country_code: string;
  name: string;
}

export interface StatesTable {
  id: Generated<number>;
  state_code: string;
  state_name: string;
  country_code: string;
}

export interface CitiesTable {
  id: Generated<number>;
  city_name: string;
  state_code: string;
  state_name: string;
  country_code: string;
  /** Degrees (`many_cities`); null for a city added without them. */
  latitude: number | null;
  longitude: number | null;
}

export interface LanguagesTable {
  id: Generated<number>;
  lang_name: string;
}

export interface RacesTable {
  id: Generated<number>;
  race_name: string;
}

export interface PlaceTypesTable {
  id: Generated<number>;
  type: string;
  name: string;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  total_price: number;
  validity: number;
  number_of_ads_per_day: number;
  price_per_day: number;
  /** 1: no longer sold; the subscriptions that have it keep it. */
  retired: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProcessingCostsTable {
  id: Generated<number>;
  processing_fee: number;
  tax: number;
  shipping_cost: string;
  created_at: string;
  updated_at: string;
}

export interface SeedLogTable {
  key: string;
  applied_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}
