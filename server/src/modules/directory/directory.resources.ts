import { shownProvider } from '../../access/index.ts';
import type { FieldDef, RelationDef } from '../../http/strapi/resource.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { resourceNamed } from '../../http/strapi/resource-registry.ts';
import { fileResource } from '../media/index.ts';
import { languageResource, raceResource } from '../reference/index.ts';
import { publicUserResource } from '../users/index.ts';

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
  user: { kind: 'belongsTo', target: () => publicUserResource, column: 'user_id' },
  language: { kind: 'belongsTo', target: () => languageResource, column: 'language_id' },
  race: { kind: 'belongsTo', target: () => raceResource, column: 'race_id' },
  images: {
    kind: 'manyToMany',
    target: () => fileResource,
    through: 'provider_images',
    sourceKey: 'provider_id',
    targetKey: 'file_id',
    orderKey: 'position',
  },
  video: { kind: 'belongsTo', target: () => fileResource, column: 'video_id' },
  comments: { kind: 'hasMany', target: resourceNamed('comment'), foreignKey: 'provider_id' },
  likes: { kind: 'hasMany', target: resourceNamed('like'), foreignKey: 'provider_id' },
  dislikes: { kind: 'hasMany', target: resourceNamed('dislike'), foreignKey: 'provider_id' },
  averages: { kind: 'hasMany', target: resourceNamed('average'), foreignKey: 'provider_id' },
  // Never reachable publicly: not populatable, not filterable (a filter could probe their text).
  messages: {
    kind: 'hasMany',
    target: resourceNamed('message'),
    foreignKey: 'provider_id',
    populatable: false,
    filterable: false,
  },
  docs: {
    kind: 'manyToMany',
    target: () => fileResource,
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
  publicScope: shownProvider,
};

/** The public view: `messages` and `docs` can be neither populated nor filtered on. */
export const providerResource = defineResource({ name: 'provider', ...base, relations });

/**
 * The owner's and the admin's view: the same, with the review's state and reason, and the ad's ID
 * documents may be populated (the service picks this definition only for those callers).
 */
export const ownProviderResource = defineResource({
  name: 'ownProvider',
  ...base,
  // The review before publication: the owner reads the state and a rejection's reason.
  fields: {
    ...PROVIDER_FIELDS,
    review: { type: 'string', column: 'review_state' },
    review_reason: text,
    reviewed_at: { type: 'datetime' },
  },
  relations: { ...relations, docs: { ...relations.docs!, populatable: true } } as Record<string, RelationDef>,
});
