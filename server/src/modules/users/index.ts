/**
 * Accounts: what other modules may use of this area. Auth signs accounts in and out through these
 * (the password hash, the account rows, the flat account); a relation to an account uses
 * `publicUserResource` (its id) or, beside a comment, review, message or screening comment,
 * `authorUserResource` (the username; names answered null).
 */
export { authorUserResource, publicUserResource, userResource } from './users.resources.ts';
export {
  ensureAdmin,
  getAccount,
  hashPassword,
  signOutEverywhere,
  verifyPassword,
  type ReviewedPlaces,
} from './users.service.ts';
export {
  bumpTokenVersion,
  findUserByEmail,
  findUserById,
  findUserByIdentifier,
  findUsersWithEmailOrUsername,
  insertUser,
  setUserPassword,
  updateUser,
} from './users.queries.ts';
export { DOCUMENT_RETENTION_DAYS_KEY, readDocumentRetentionDays } from './users.settings.ts';
// The daily job that deletes ID documents once the retention after a decision has passed.
export { deleteDecidedIdDocuments } from './users.verification.ts';
