import { SCREENING_LIMITS, type THobbyistRatingKind } from '@app/domain';
import {
  defineResource,
  timestamps,
  type RelationDef,
  type ResourceDef,
} from '../../http/strapi/resource.ts';
import { authorUserResource } from '../users/index.ts';

/**
 * Screening as the REST layer sees it: records (a phone number, stored as its digits),
 * the providers' ratings of them (one table, one resource per kind, as the listing's reactions) and
 * their comments. Only provider accounts and the admin reach any of them (the routes say so), so no
 * resource here has a caller scope of its own; a rating resource sees only its own kind.
 */

/**
 * A rating's and a comment's relations: the record and the provider who wrote it, shown to other
 * providers as any member beside what they wrote (their username, names null).
 */
const entryRelations: Record<'customer_hobbyist' | 'user_provider', RelationDef> = {
  customer_hobbyist: {
    kind: 'belongsTo',
    target: () => customerHobbyistResource,
    column: 'customer_hobbyist_id',
  },
  user_provider: { kind: 'belongsTo', target: () => authorUserResource, column: 'user_id' },
};

function hobbyistRatingResource(kind: THobbyistRatingKind): ResourceDef {
  return defineResource({
    name: `hobbyist-${kind}`,
    table: 'hobbyist_ratings',
    fields: { ...timestamps },
    relations: entryRelations,
    maxPageSize: SCREENING_LIMITS.maxPageSize,
    defaultPageSize: SCREENING_LIMITS.maxPageSize,
    // One table holds the three kinds; each resource only ever sees its own.
    publicScope: (eb, a) => eb(eb.ref(`${a}.kind`), '=', kind),
  });
}

export const hobbyistLikeResource = hobbyistRatingResource('like');
export const hobbyistAverageResource = hobbyistRatingResource('average');
export const hobbyistDislikeResource = hobbyistRatingResource('dislike');

export const HOBBYIST_RATING_RESOURCES: Record<THobbyistRatingKind, ResourceDef> = {
  like: hobbyistLikeResource,
  average: hobbyistAverageResource,
  dislike: hobbyistDislikeResource,
};

/** Comments on a record: newest first, pages of 20 (the most a screening page holds). */
export const hobbyistCommentResource = defineResource({
  name: 'hobbyistComment',
  table: 'hobbyist_comments',
  fields: {
    hobbyist_comment: { type: 'string' },
    ...timestamps,
  },
  relations: entryRelations,
  maxPageSize: SCREENING_LIMITS.maxPageSize,
  defaultPageSize: SCREENING_LIMITS.maxPageSize,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
});

/**
 * A screened phone number: newest first, pages of 10, at most 20 (a larger page is clamped to 20, so
 * a page is a look-up, not a copy). Its counters and the caller's own
 * rating are computed by the service (`likes_count` …, `my_rating`); the to-many relations are there
 * for clients that populate them (`populate=*`).
 */
export const customerHobbyistResource = defineResource({
  name: 'customerHobbyist',
  table: 'customer_hobbyists',
  fields: {
    phone_number: { type: 'string' },
    ...timestamps,
  },
  relations: {
    hobbyist_likes: {
      kind: 'hasMany',
      target: () => hobbyistLikeResource,
      foreignKey: 'customer_hobbyist_id',
    },
    hobbyist_averages: {
      kind: 'hasMany',
      target: () => hobbyistAverageResource,
      foreignKey: 'customer_hobbyist_id',
    },
    hobbyist_dislikes: {
      kind: 'hasMany',
      target: () => hobbyistDislikeResource,
      foreignKey: 'customer_hobbyist_id',
    },
    comments: { kind: 'hasMany', target: () => hobbyistCommentResource, foreignKey: 'customer_hobbyist_id' },
  },
  maxPageSize: SCREENING_LIMITS.maxPageSize,
  defaultPageSize: SCREENING_LIMITS.pageSize,
});
