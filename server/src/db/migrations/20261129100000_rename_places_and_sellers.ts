import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * Places are places and sellers are sellers in the database, as in the code. The tables were named after
 * the spec's word for a place ("vendor"), which the spec also uses for the account that sells in the shop,
 * so `order_lines.vendor_id` (the seller) read like a place. This renames, keeping every row:
 *
 * - `vendor_types` → `place_types`; `vendors` → `places` (`vendor_type_id` → `place_type_id`);
 *   `vendor_reviews` → `place_reviews` (`vendor_id` → `place_id`); `pending_revisions.vendor_id` → `place_id`;
 * - `order_lines.vendor_id` → `seller_id`;
 * - the indexes named after them; on PostgreSQL also the id sequences and the constraints (keys, unique,
 *   foreign keys) whose generated names carried the old names.
 *
 * Both engines rename in place: the foreign keys that point at a renamed table or column follow it. The wire
 * (`/api/vendors`, `/api/vendor-reviews` and their field names) does not change: the REST resources name the
 * columns. Stored values that the wire or the append-only audit log show (`vendor:3`, `vendor.update`) stay.
 */
const TABLES: [string, string][] = [
  ['vendor_types', 'place_types'],
  ['vendors', 'places'],
  ['vendor_reviews', 'place_reviews'],
];

const COLUMNS: [table: string, from: string, to: string][] = [
  ['places', 'vendor_type_id', 'place_type_id'],
  ['place_reviews', 'vendor_id', 'place_id'],
  ['pending_revisions', 'vendor_id', 'place_id'],
  ['order_lines', 'vendor_id', 'seller_id'],
];

/** Index renames: old name, new name, the table (after the table renames) and its columns. */
const INDEXES: [from: string, to: string, table: string, columns: string[]][] = [
  ['vendors_user_index', 'places_user_index', 'places', ['user_id']],
  ['vendors_type_shown_index', 'places_type_shown_index', 'places', ['place_type_id', 'is_showed']],
  ['vendors_address_index', 'places_address_index', 'places', ['address_id']],
  ['vendors_image_index', 'places_image_index', 'places', ['image_id']],
  ['vendors_phone_digits_index', 'places_phone_digits_index', 'places', ['phone_digits']],
  ['vendor_reviews_user_index', 'place_reviews_user_index', 'place_reviews', ['user_id']],
  ['order_lines_vendor_index', 'order_lines_seller_index', 'order_lines', ['seller_id']],
];

const SEQUENCES: [string, string][] = [
  ['vendor_types_id_seq', 'place_types_id_seq'],
  ['vendors_id_seq', 'places_id_seq'],
  ['vendor_reviews_id_seq', 'place_reviews_id_seq'],
];

const oldTable = (table: string) => TABLES.find(([, to]) => to === table)?.[0] ?? table;
const oldColumn = (table: string, column: string) =>
  COLUMNS.find(([t, , to]) => t === table && to === column)?.[1] ?? column;

/** SQLite cannot rename an index: it is made again under the other name, on the same columns. */
async function renameIndex(db: Kysely<any>, from: string, to: string, table: string, columns: string[]) {
  if (isPostgres(db)) {
    await sql`alter index ${sql.ref(from)} rename to ${sql.ref(to)}`.execute(db);
    return;
  }
  await db.schema.dropIndex(from).execute();
  await db.schema.createIndex(to).on(table).columns(columns).execute();
}

/** A PostgreSQL constraint's or sequence's new name: the table part and the column part renamed. */
function renamedUp(table: string, name: string): string {
  if (table === 'order_lines') return name.replace('vendor_id', 'seller_id');
  return name
    .replace('vendor_reviews_vendor_user', 'place_reviews_place_user')
    .replace(/^vendor_reviews/, 'place_reviews')
    .replace(/^vendor_types/, 'place_types')
    .replace(/^vendors/, 'places')
    .replace('vendor_type_id', 'place_type_id')
    .replace('vendor_id', 'place_id');
}

function renamedDown(table: string, name: string): string {
  if (table === 'order_lines') return name.replace('seller_id', 'vendor_id');
  return name
    .replace('place_reviews_place_user', 'vendor_reviews_vendor_user')
    .replace(/^place_reviews/, 'vendor_reviews')
    .replace(/^place_types/, 'vendor_types')
    .replace(/^places/, 'vendors')
    .replace('place_type_id', 'vendor_type_id')
    .replace('place_id', 'vendor_id');
}

/** PostgreSQL: the renamed tables' constraints and id sequences get names that match them. */
async function renameConstraints(db: Kysely<any>, rename: (table: string, name: string) => string) {
  const tables = ['places', 'place_types', 'place_reviews', 'pending_revisions', 'order_lines'];
  const { rows } = await sql<{ tbl: string; name: string }>`
    select c.relname as tbl, k.conname as name from pg_constraint k join pg_class c on c.oid = k.conrelid
    where c.relname in (${sql.join(tables)})`.execute(db);
  for (const { tbl: table, name } of rows) {
    const to = rename(table, name);
    if (to !== name) {
      await sql`alter table ${sql.table(table)} rename constraint ${sql.ref(name)} to ${sql.ref(to)}`.execute(
        db,
      );
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [from, to] of TABLES) await db.schema.alterTable(from).renameTo(to).execute();
  for (const [table, from, to] of COLUMNS) await db.schema.alterTable(table).renameColumn(from, to).execute();
  for (const [from, to, table, columns] of INDEXES) await renameIndex(db, from, to, table, columns);
  if (!isPostgres(db)) return;
  for (const [from, to] of SEQUENCES)
    await sql`alter sequence ${sql.ref(from)} rename to ${sql.ref(to)}`.execute(db);
  await renameConstraints(db, renamedUp);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await renameConstraints(db, renamedDown);
    for (const [from, to] of SEQUENCES)
      await sql`alter sequence ${sql.ref(to)} rename to ${sql.ref(from)}`.execute(db);
  }
  // Columns and tables back first (an index follows its columns), then the indexes' names.
  for (const [table, from, to] of COLUMNS) await db.schema.alterTable(table).renameColumn(to, from).execute();
  for (const [from, to] of TABLES) await db.schema.alterTable(to).renameTo(from).execute();
  for (const [from, to, table, columns] of INDEXES) {
    await renameIndex(
      db,
      to,
      from,
      oldTable(table),
      columns.map((c) => oldColumn(table, c)),
    );
  }
}
