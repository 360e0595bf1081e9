/**
 * Uploaded files (Strapi's upload plugin): what other modules may use of this area. Records that
 * name files point at `fileResource`; registration claims anonymous uploads (`claimFiles`); the demo
 * stores its placeholders through the upload pipeline; the jobs clean up unclaimed uploads.
 */
export { fileResource, formatsWithUrls } from './media.resources.ts';
export { MEDIA_LIMITS } from './media.limits.ts';
export { deleteUnusedFiles, makeFilesPrivate, type MediaContext } from './media.service.ts';
// A deleted account's files: named first, their records deleted, then their bytes.
export {
  deleteUnusedOwnedFileRecords,
  listOwnedFiles,
  removeStoredOfGone,
  type StoredFiles,
} from './media.service.ts';
export {
  claimFiles,
  deleteExpiredAnonymousUploads,
  storeGeneratedFile,
  uploadFiles,
} from './media.upload.ts';
// Places' multipart create (`files.image`) runs its one file through the same pipeline.
export { readParts, type UploadPart } from './media.intake.ts';
// The stored files against the records: the orphan clean-up (jobs) and storage-copy (cli.ts).
export { copyStoredFiles, deleteOrphanFiles, type CopyCounts } from './media.stored.ts';
// The public files shown somewhere: an ID document must be shown nowhere (the directory's check).
export { findPublicFilesShown } from './media.queries.ts';
