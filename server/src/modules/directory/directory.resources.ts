import type { FieldDef, RelationDef, ResourceDef } from '../../http/strapi/resource.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { shownScope } from './directory.queries.ts';

/**
 * Providers (the listed ads) as the REST layer sees them (docs/directory-contract.md "Item attributes").
 * Money is cents in the database and dollars here; yes/no answers are lowercase words; list-valued
 * attributes are comma-joined text.
 */
const text: FieldDef = { type: 'string' };

export const PROVIDER_FIELDS = {
  title: text,
  name: text,
  country: text,
  state: text,
  city: text,
  age: { type: 'integer' },
  phone: text,
  call: text,
  massage: text,
  threesome: text,
  kissing: text,
  kissing_types: text,
  fellatio: text,
  fellatio_type: text,
  cunnilingus: text,
  anilingus: text,
  anilingus_act: text,
  vaginal: text,
  vaginal_type: text,
  anal: text,
  anal_activity: text,
  cum: text,
  cum_type: text,
  personality: text,
  grooming: text,
  donation_half_hour: { type: 'money' },
  donation_hour: { type: 'money' },
  message: text,
  services_provided_approval: { type: 'boolean' },
  duration_ad: { type: 'integer' },
  duration_ad_unit: text,
  ad_bonus_side_panel_ad: { type: 'boolean' },
  discount_code: text,
  isShowed: { type: 'boolean', column: 'is_showed' },
  likes_count: { type: 'integer' },
  dislikes_count: { type: 'integer' },
  averages_count: { type: 'integer' },
  comments_count: { type: 'integer' },
  ...timestamps,
} satisfies Record<string, FieldDef>;

const relations: Record<string, RelationDef> = {
  user: { kind: 'belongsTo', target: 'publicUser', column: 'user_id' },
  language: { kind: 'belongsTo', target: 'language', column: 'language_id' },
  race: { kind: 'belongsTo', target: 'race', column: 'race_id' },
  images: {
    kind: 'manyToMany',
    target: 'file',
    through: 'provider_images',
    sourceKey: 'provider_id',
    targetKey: 'file_id',
    orderKey: 'position',
  },
  video: { kind: 'belongsTo', target: 'file', column: 'video_id' },
  // Engagement resources (server/src/modules/engagement/engagement.resources.ts).
  comments: { kind: 'hasMany', target: 'comment', foreignKey: 'provider_id' },
  likes: { kind: 'hasMany', target: 'like', foreignKey: 'provider_id' },
  dislikes: { kind: 'hasMany', target: 'dislike', foreignKey: 'provider_id' },
  averages: { kind: 'hasMany', target: 'average', foreignKey: 'provider_id' },
  // Never reachable publicly: not populatable, not filterable (a filter could probe their text).
  messages: {
    kind: 'hasMany',
    target: 'message',
    foreignKey: 'provider_id',
    populatable: false,
    filterable: false,
  },
  docs: {
    kind: 'manyToMany',
    target: 'file',
    through: 'provider_docs',
    sourceKey: 'provider_id',
    targetKey: 'file_id',
    populatable: false,
    filterable: false,
  },
};

const base = {
  table: 'providers',
  fields: PROVIDER_FIELDS,
  maxPageSize: 40,
  defaultPageSize: 10,
  defaultSort: [{ field: 'id', direction: 'desc' as const }],
  // Reached through a relation (a reaction's or comment's provider) only shown providers appear.
  publicScope: (eb: Parameters<NonNullable<ResourceDef['publicScope']>>[0], a: string) => shownScope(eb, a),
};

/** The public view: `messages` and `docs` can be neither populated nor filtered on. */
export const providerResource = defineResource({ name: 'provider', ...base, relations });

/**
 * The owner's and the admin's view: the same, but the ad's ID documents may be populated (the
 * service picks this definition only for those callers).
 */
export const ownProviderResource = defineResource({
  name: 'ownProvider',
  ...base,
  relations: { ...relations, docs: { ...relations.docs!, populatable: true } } as Record<string, RelationDef>,
});
