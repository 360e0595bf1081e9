import { resourceNamed } from '../../http/strapi/resource-registry.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { fileResource } from '../media/index.ts';

/**
 * An account as a relation shows it to others (an ad's, a place's, a subscription's or a payment's
 * owner, a reaction's author): its id only. The account's username, names, e-mail, phone and avatar
 * are never shown to another account; a provider's public name is the stage name on the ad.
 */
export const publicUserResource = defineResource({
  name: 'publicUser',
  table: 'users',
  fields: {},
  maxPageSize: 100,
  publicScope: (eb, a) => eb(eb.ref(`${a}.is_active`), '=', 1),
});

/**
 * A member as others see them beside what they wrote (a comment, a place review, a message, a
 * screening comment): the username, nothing else of the account (no e-mail, phone, names or picture).
 * `first_name` and `last_name` stay declared so the seed client's populate
 * (`populate[user][fields]=first_name,last_name`) still parses, but they are answered null and cannot
 * be filtered or sorted on: one member's real name is not another's to know (docs/decisions/0016).
 */
export const authorUserResource = defineResource({
  name: 'author',
  table: 'users',
  fields: {
    username: { type: 'string' },
    first_name: { type: 'string', withheld: true },
    last_name: { type: 'string', withheld: true },
  },
  maxPageSize: 100,
  publicScope: (eb, a) => eb(eb.ref(`${a}.is_active`), '=', 1),
});

/**
 * The account as its owner and the admin see it. Password, token and two-factor secret fields are never
 * declared.
 */
export const userResource = defineResource({
  name: 'user',
  table: 'users',
  fields: {
    username: { type: 'string' },
    email: { type: 'string' },
    provider: { type: 'string' },
    phone_number: { type: 'string' },
    dob: { type: 'string' },
    city: { type: 'string' },
    user_type: { type: 'string' },
    is_active: { type: 'boolean' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    role: { type: 'string' },
    // ID verification: null for accounts that need none.
    verification: { type: 'string' },
    verification_reason: { type: 'string', sortable: false },
    verified_at: { type: 'datetime' },
    // Whether a new message is announced by mail (My Profile's choice).
    message_mail: { type: 'boolean', filterable: false, sortable: false },
    // Whether two-factor sign-in is on: read from when it was enabled, shown as a boolean (the secret is
    // never declared).
    two_factor_enabled: {
      type: 'datetime',
      column: 'two_factor_enabled_at',
      filterable: false,
      sortable: false,
    },
    ...timestamps,
  },
  relations: {
    avatar: { kind: 'belongsTo', target: () => fileResource, column: 'avatar_id' },
    docs: {
      kind: 'manyToMany',
      target: () => fileResource,
      through: 'user_docs',
      sourceKey: 'user_id',
      targetKey: 'file_id',
    },
    // The account's packages bought (spec 000 §3; the session's `subscribed` flag reads them).
    subscriptions: { kind: 'hasMany', target: resourceNamed('subscription'), foreignKey: 'user_id' },
  },
  maxPageSize: 100,
  present: (attributes) =>
    'two_factor_enabled' in attributes
      ? { ...attributes, two_factor_enabled: attributes.two_factor_enabled !== null }
      : attributes,
});
