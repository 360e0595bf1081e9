import type { RelationOne } from '@app/domain';

/**
 * Whether a record the server answered with its `user` relation populated (`populate=*`) is the
 * signed-in account's: the owner the server names against the session's account id (the one the
 * server's sign-in answer gave). The edit pages show Not Found for anything else, another owner's
 * public ad, place or product included, rather than a filled form whose Save the server refuses.
 */
export function ownedBySignedIn(
  record: { attributes: { user?: RelationOne<unknown> | null } },
  userId: number | null,
): boolean {
  const ownerId = record.attributes.user?.data?.id;
  return userId !== null && ownerId !== undefined && ownerId === userId;
}
