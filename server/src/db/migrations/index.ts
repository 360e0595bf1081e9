import type { Migration, MigrationProvider } from 'kysely';
import * as m20261122000000 from './20261122000000_create_platform.ts';
import * as m20261122010000 from './20261122010000_create_accounts.ts';
import * as m20261122020000 from './20261122020000_create_directory.ts';
import * as m20261122030000 from './20261122030000_unique_tip_transaction.ts';

/** Every migration, by name, in order. A static list works the same from source and from the bundle. */
const migrations: Record<string, Migration> = {
  '20261122000000_create_platform': m20261122000000,
  '20261122010000_create_accounts': m20261122010000,
  '20261122020000_create_directory': m20261122020000,
  '20261122030000_unique_tip_transaction': m20261122030000,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
