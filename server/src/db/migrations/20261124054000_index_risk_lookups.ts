import { sql, type Kysely } from 'kysely';

/**
 * The risk signals' lookups of other records, each through an index (they run in the transaction
 * that submits an ad or a place; `docs/performance.md`, "What the figures rest on").
 *
 * - `providers.phone_digits`, `vendors.phone_digits`: the phone number as the signals compare it (its digits,
 *   without a leading US country code 1 on 11 digits; null under 7 digits), written with the phone; indexed.
 * - `file_phash_bands`: each picture's perceptual hash cut into 4 bands of 16 bits (band 0-3, value 0-65535),
 *   written at upload; indexed on (band, value). Two hashes within 7 bits differ in at most one bit in some
 *   band, so looking up each band's value and its 16 one-bit neighbours finds every candidate for the same
 *   photo (within 6 bits), about 1 in 65,536 pictures per lookup (`phashBandProbes`).
 * - `provider_images (file_id)`, `vendors (image_id)`: from a matched picture to the record that shows it.
 * - `providers (country, state, lower(city))`, `cities (country_code, state_code, lower(city_name))`: a city
 *   compared without regard to case.
 *
 * Existing rows are filled here with the same rules (copied, so this migration does not change with the app).
 */

/** The phone digits as `comparablePhone` (domain/src/trust/signals.ts) made them when this was written. */
function phoneDigits(phone: string | null): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length >= 7 ? digits : null;
}

const HASH = /^[0-9a-f]{16}$/;

/** Updates `table`'s `phone_digits` from its `phone`, a page of rows at a time. */
async function fillPhoneDigits(db: Kysely<any>, table: 'providers' | 'vendors'): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; phone: string | null }[] = await db
      .selectFrom(table)
      .select(['id', 'phone'])
      .where('id', '>', after)
      .where('phone', 'is not', null)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (!rows.length) return;
    const byDigits = new Map<string, number[]>();
    for (const r of rows) {
      const digits = phoneDigits(r.phone);
      if (digits) byDigits.set(digits, [...(byDigits.get(digits) ?? []), Number(r.id)]);
    }
    for (const [digits, ids] of byDigits) {
      await db.updateTable(table).set({ phone_digits: digits }).where('id', 'in', ids).execute();
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** Writes the bands of every file that has a hash, a page of files at a time. */
async function fillBands(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; phash: string }[] = await db
      .selectFrom('files')
      .select(['id', 'phash'])
      .where('id', '>', after)
      .where('phash', 'is not', null)
      .orderBy('id')
      .limit(500)
      .execute();
    if (!rows.length) return;
    const values = rows.flatMap((r) => {
      const hash = String(r.phash).toLowerCase();
      if (!HASH.test(hash)) return [];
      return Array.from({ length: 4 }, (_, band) => ({
        file_id: Number(r.id),
        band,
        value: parseInt(hash.slice(4 * band, 4 * band + 4), 16),
      }));
    });
    if (values.length) await db.insertInto('file_phash_bands').values(values).execute();
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['providers', 'vendors'] as const) {
    await db.schema.alterTable(table).addColumn('phone_digits', 'text').execute();
    await fillPhoneDigits(db, table);
    await db.schema.createIndex(`${table}_phone_digits_index`).on(table).column('phone_digits').execute();
  }

  await db.schema
    .createTable('file_phash_bands')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('band', 'smallint', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_phash_bands_pk', ['file_id', 'band'])
    .execute();
  await fillBands(db);
  await db.schema
    .createIndex('file_phash_bands_band_value_index')
    .on('file_phash_bands')
    .columns(['band', 'value'])
    .execute();

  await db.schema.createIndex('provider_images_file_index').on('provider_images').column('file_id').execute();
  await db.schema.createIndex('vendors_image_index').on('vendors').column('image_id').execute();
  // Expression indexes: the schema builder has no mixed column-and-expression form; both engines take this.
  await sql`create index providers_city_key_index on providers (country, state, lower(city))`.execute(db);
  await sql`create index cities_city_key_index on cities (country_code, state_code, lower(city_name))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cities_city_key_index').execute();
  await db.schema.dropIndex('providers_city_key_index').execute();
  await db.schema.dropIndex('vendors_image_index').execute();
  await db.schema.dropIndex('provider_images_file_index').execute();
  await db.schema.dropTable('file_phash_bands').execute();
  for (const table of ['vendors', 'providers'] as const) {
    await db.schema.dropIndex(`${table}_phone_digits_index`).execute();
    await db.schema.alterTable(table).dropColumn('phone_digits').execute();
  }
}
