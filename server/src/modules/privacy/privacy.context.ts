import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Storage } from '../../storage/index.ts';

/** What exports and deletions work on: the database and the storage (uploads, and the exports' zips). */
export interface PrivacyContext {
  db: Kysely<DB>;
  /**
   * Where uploaded files are kept (server/src/storage/), and the exports' zips with the private files: never
   * served as they are; a zip leaves only through its owner's download.
   */
  storage: Storage;
}

/** The context of the database and the site's storage. */
export const privacyContext = (db: Kysely<DB>, storage: Storage): PrivacyContext => ({ db, storage });
