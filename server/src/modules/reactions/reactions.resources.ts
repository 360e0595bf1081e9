import { authorAndProviderRelations } from '../../http/strapi/relations.ts';
import { defineResource, timestamps, type ResourceDef } from '../../http/strapi/resource.ts';
import { providerResource } from '../directory/index.ts';
import { publicUserResource } from '../users/index.ts';

/**
 * Likes, dislikes and averages as the REST layer sees them: one table, one resource per kind (the
 * provider resource reaches them as its `likes`, `dislikes` and `averages`).
 */

export const REACTION_KINDS = ['like', 'dislike', 'average'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

function reactionResource(kind: ReactionKind): ResourceDef {
  return defineResource({
    name: kind,
    table: 'reactions',
    fields: { ...timestamps },
    relations: authorAndProviderRelations(
      () => publicUserResource,
      () => providerResource,
    ),
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
