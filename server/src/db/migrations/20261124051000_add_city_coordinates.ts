import type { Kysely } from 'kysely';

/**
 * For the `many_cities` risk signal ("one account posting in many distant cities within a day"):
 * each city of the lookups gets its coordinates (degrees, from the same package the cities are seeded from;
 * `seed-reference.ts` fills them). A city an operator adds later has none: the signal then judges by state.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cities').addColumn('latitude', 'real').execute();
  await db.schema.alterTable('cities').addColumn('longitude', 'real').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cities').dropColumn('longitude').execute();
  await db.schema.alterTable('cities').dropColumn('latitude').execute();
}
