import type { Kysely } from 'kysely';
import type { DB } from './db/schema.ts';
import { seedReference, type SeedOptions } from './db/seed/seed-reference.ts';
import { ensurePaymentSettings } from './modules/billing/index.ts';

/**
 * What every start applies after the migrations (main.ts, `cli migrate`, the tests' app): the
 * reference data (db/seed/, each data set once) and the default settings of the modules that have
 * some (an operator's values stay). Returns the reference data sets applied now.
 */
export async function seedAtStart(db: Kysely<DB>, opts: SeedOptions = {}): Promise<string[]> {
  const applied = await seedReference(db, opts);
  await ensurePaymentSettings(db);
  return applied;
}
