import { sql, type SqlBool } from 'kysely';
import { defineResource, timestamps, type ResourceDef } from '../../http/strapi/resource.ts';

/**
 * Reactions, comments, messages, tips and transactions as the REST layer sees them. The provider
 * resource (directory module) reaches `like`, `dislike`, `average` and `comment` through its
 * `likes`, `dislikes`, `averages` and `comments` relations; messages, tips and transactions are
 * never reachable from a public resource.
 */

/** Never visible through a relation or a public filter: routes pass their own caller scope. */
const privateScope = () => sql<SqlBool>`1 = 0`;

export const REACTION_KINDS = ['like', 'dislike', 'average'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

function reactionResource(kind: ReactionKind): ResourceDef {
  return defineResource({
    name: kind,
    table: 'reactions',
    fields: { ...timestamps },
    relations: {
      user: { kind: 'belongsTo', target: 'publicUser', column: 'user_id' },
      provider: { kind: 'belongsTo', target: 'provider', column: 'provider_id' },
    },
    maxPageSize: 100,
    defaultPageSize: 25,
    // One table holds the three kinds; each resource only ever sees its own.
    publicScope: (eb, a) => eb(eb.ref(`${a}.kind`), '=', kind),
  });
}

export const likeResource = reactionResource('like');
export const dislikeResource = reactionResource('dislike');
export const averageResource = reactionResource('average');

export const REACTION_RESOURCES: Record<ReactionKind, ResourceDef> = {
  like: likeResource,
  dislike: dislikeResource,
  average: averageResource,
};

/** Public comments on a provider's card. */
export const commentResource = defineResource({
  name: 'comment',
  table: 'comments',
  fields: {
    comment: { type: 'string' },
    ...timestamps,
  },
  relations: {
    user: { kind: 'belongsTo', target: 'publicUser', column: 'user_id' },
    provider: { kind: 'belongsTo', target: 'provider', column: 'provider_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
});

/** Messages from hobbyists to a provider; read only by their author, the provider's owner and the admin. */
export const messageResource = defineResource({
  name: 'message',
  table: 'messages',
  fields: {
    text: { type: 'string' },
    createdAt: timestamps.createdAt,
  },
  relations: {
    user: { kind: 'belongsTo', target: 'publicUser', column: 'user_id' },
    provider: { kind: 'belongsTo', target: 'provider', column: 'provider_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
  publicScope: privateScope,
});

/** Tips (amount stored in cents, served in dollars; `payment_status` as on the tip's ledger row). */
export const tipResource = defineResource({
  name: 'tip',
  table: 'tips',
  fields: {
    transaction_id: { type: 'string' },
    tip_amount: { type: 'money' },
    payment_status: { type: 'string' },
    createdAt: timestamps.createdAt,
  },
  relations: {
    user: { kind: 'belongsTo', target: 'publicUser', column: 'user_id' },
    provider: { kind: 'belongsTo', target: 'provider', column: 'provider_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
});

/** Wallet entries (amount stored in cents, served in dollars; only `verified` ones count in a wallet). */
export const transactionResource = defineResource({
  name: 'transaction',
  table: 'transactions',
  fields: {
    transaction_uid: { type: 'string' },
    transaction_amount: { type: 'money' },
    order_type: { type: 'string' },
    transaction_type: { type: 'string' },
    payment_status: { type: 'string' },
    createdAt: timestamps.createdAt,
  },
  relations: {
    user: { kind: 'belongsTo', target: 'publicUser', column: 'user_id' },
    tip: { kind: 'belongsTo', target: 'tip', column: 'tip_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
  publicScope: privateScope,
});
