import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Storage } from '../../storage/index.ts';

/** What exports and deletions work on: the database, the uploads and the folder the exports are kept in. */
export interface PrivacyContext {
  db: Kysely<DB>;
  /** Where uploaded files are kept (server/src/storage/). */
  storage: Storage;
  /** `<DATA_DIR>/exports`: never served as it is; a zip leaves only through its owner's download. */
  exportsRoot: string;
}

/** The context of a data folder and the site's storage. */
export const privacyContext = (db: Kysely<DB>, dataDir: string, storage: Storage): PrivacyContext => ({
  db,
  storage,
  exportsRoot: path.join(dataDir, 'exports'),
});
