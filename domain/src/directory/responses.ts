import type { ApiItem, ApiList, RelationMany, RelationOne } from '../api.ts';
import type { CountSection, NaSection, OptionSection } from './filter-contract.ts';

/**
 * What the directory's routes answer (docs/directory-contract.md), beside the request schemas in
 * schemas.ts: the server sends these shapes, the web reads them.
 */

/** An uploaded image or video as populated on a provider. */
export interface MediaAttributes {
  name: string;
  url: string;
  ext?: string;
  mime?: string;
  size?: number;
  width?: number | null;
  height?: number | null;
  /** Image sizes (`thumbnail`, `small`…); null for videos. */
  formats?: Record<string, { url: string; width?: number; height?: number } | undefined> | null;
}

/** The provider's account as populated publicly: never the e-mail. */
export interface ProviderUserAttributes {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
}

/**
 * The ad's answer to each option section, as text: `call` is `Incall`, `Outcall` or `Outcall/Incall`
 * (Both); yes/no ones lowercase words; list-valued ones comma-joined (`kissing_types: "Light,Heavy"`);
 * `cum` is `no`, `CIM`, `Anywhere` or `N/A`, with the types in `cum_type`.
 */
export type ServiceAnswers = { [K in OptionSection | 'cum']: string | null };

/**
 * One listed provider's attributes (contract "Item attributes"; spec 001 §3 "Provider" and "Ad"):
 * list-valued fields as comma-joined text (`"Light,Heavy"`), yes/no as lowercase words, money in
 * dollars. Relations are present only when populated (the listing populates images, language, race,
 * user and video).
 */
export interface ProviderAttributes extends ServiceAnswers {
  title: string;
  name: string;
  country: string;
  state: string;
  city: string;
  age: number;
  phone: string | null;
  /** Dollars. */
  donation_half_hour: number | null;
  /** Dollars. */
  donation_hour: number | null;
  message: string | null;
  services_provided_approval?: boolean;
  duration_ad?: number;
  duration_ad_unit?: string;
  ad_bonus_side_panel_ad?: boolean;
  discount_code?: string | null;
  isShowed: boolean;
  likes_count: number;
  dislikes_count: number;
  averages_count: number;
  comments_count: number;
  createdAt: string;
  updatedAt: string;
  images?: RelationMany<MediaAttributes>;
  video?: RelationOne<MediaAttributes>;
  language?: RelationOne<{ lang_name: string }>;
  race?: RelationOne<{ race_name: string }>;
  user?: RelationOne<ProviderUserAttributes>;
}

/** One listed provider, as `GET /api/providers/:id` and the listing give it. */
export type ProviderItem = ApiItem<ProviderAttributes>;
/** `GET /api/providers`. */
export type ProviderList = ApiList<ProviderAttributes>;

/**
 * `GET /api/filterdata` `data`: the listing's total; per section the disjunctive count of every option
 * (the total with that option chosen in its section and every other kept; 0 included); per section the
 * total its N/A gives (`na`); the totals of the Cum section's CIM and Anywhere controls (`cum`).
 */
export interface FilterDataResponse {
  total: number;
  counts: Record<CountSection, Record<string, number>>;
  na: Record<NaSection, number>;
  cum: { CIM: number; Anywhere: number };
}

/** A language or race with its count of shown providers; the last entry (id 0) is N/A. */
export interface LanguageAttributes {
  lang_name: string;
  provider?: number;
}
export interface RaceAttributes {
  race_name: string;
  provider?: number;
}

/** `GET /api/state-by-country` `data[]`. */
export interface StateCount {
  state_code: string;
  state_name: string;
  provider: number;
}
/** `GET /api/cityByState` `data[]`. */
export interface CityCount {
  city_name: string;
  state_code: string;
  state_name: string;
  provider: number;
}
/** `GET /api/provider-count-by-country` `data[]`. */
export interface CountryCount {
  country_code: string;
  provider: number;
}
