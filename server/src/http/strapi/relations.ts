import type { RelationDef, ResourceDef } from './resource.ts';

/**
 * The relations of a record an account leaves on an ad (a reaction, a comment, a message, a tip): its
 * author and the ad. The area passes both targets as thunks (`() => publicUserResource`), so the
 * modules that point at each other are not read while they load.
 */
export function authorAndProviderRelations(
  author: () => ResourceDef,
  provider: () => ResourceDef,
): Record<'user' | 'provider', RelationDef> {
  return {
    user: { kind: 'belongsTo', target: author, column: 'user_id' },
    provider: { kind: 'belongsTo', target: provider, column: 'provider_id' },
  };
}
