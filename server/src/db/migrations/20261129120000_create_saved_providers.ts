import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * `saved_providers`: a hobbyist's saved ads, one per hobbyist and ad (the unique key makes a second save,
 * however parallel, nothing). A deleted ad leaves its row with `provider_id` null and the name and city
 * it had, so the list can say it is gone; a deleted account takes its rows with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('saved_providers'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c) => c.references('providers.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('saved_providers_user_provider_unique', ['user_id', 'provider_id'])
    .execute();
  await db.schema
    .createIndex('saved_providers_provider_index')
    .on('saved_providers')
    .column('provider_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_providers').execute();
}
