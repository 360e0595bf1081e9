import { defineResource, timestamps, type ResourceDef } from '../../http/strapi/resource.ts';
import { authorAndProviderRelations, linkProviderRelation } from '../directory/index.ts';

/**
 * Likes, dislikes and averages as the REST layer sees them: one table, one resource per kind. The
 * provider resource reaches them through its `likes`, `dislikes` and `averages` relations, linked
 * here (the directory does not import this area).
 */

export const REACTION_KINDS = ['like', 'dislike', 'average'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

function reactionResource(kind: ReactionKind): ResourceDef {
  return defineResource({
    name: kind,
    table: 'reactions',
    fields: { ...timestamps },
    relations: authorAndProviderRelations(),
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

linkProviderRelation('likes', likeResource);
linkProviderRelation('dislikes', dislikeResource);
linkProviderRelation('averages', averageResource);
