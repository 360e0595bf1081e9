import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { uploadsRoot } from '../media/index.ts';

/** What exports and deletions work on: the database, the uploads and the folder the exports are kept in. */
export interface PrivacyContext {
  db: Kysely<DB>;
  /** `<DATA_DIR>/uploads`. */
  storageRoot: string;
  /** `<DATA_DIR>/exports`: never served as it is; a zip leaves only through its owner's download. */
  exportsRoot: string;
}

/** The context of a data folder. */
export const privacyContext = (db: Kysely<DB>, dataDir: string): PrivacyContext => ({
  db,
  storageRoot: uploadsRoot(dataDir),
  exportsRoot: path.join(dataDir, 'exports'),
});
