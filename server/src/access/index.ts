/**
 * Who may do what, in one place: route presets (who may call a route) and the record-level rules
 * (which records an actor may see and change), checked in SQL. See docs/architecture.md.
 */
export { RULES, type Permission, type Rule } from './rules.ts';
export { checkAccess, findAccessRows, requireAccess, type AccessRow } from './require-access.ts';
export * from './presets.ts';
export * from './scopes.ts';
export { requireOwnedFiles, type FileClaim, type FileUse } from './files.ts';
