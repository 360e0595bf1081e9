import { PLACE_TYPES } from '@app/domain';
import type { Kysely } from 'kysely';
import { nowIso } from '../dialect.ts';
import type { DB } from '../schema.ts';
import { LANGUAGES, PACKAGES, PROCESSING_COSTS, RACES, US_STATE_CODES } from './reference-data.ts';

/**
 * Each data set is applied once and recorded in `seed_log`; a later start skips it, so whatever an
 * operator changed or removed afterwards stays as the operator left it. A new version of a data set
 * gets a new key.
 */
async function once(
  db: Kysely<DB>,
  key: string,
  apply: (trx: Kysely<DB>) => Promise<void>,
): Promise<boolean> {
  const done = await db.selectFrom('seed_log').select('key').where('key', '=', key).executeTakeFirst();
  if (done) return false;
  await db.transaction().execute(async (trx) => {
    await apply(trx);
    await trx.insertInto('seed_log').values({ key, applied_at: nowIso() }).execute();
  });
  return true;
}

async function insertChunks<T extends keyof DB>(db: Kysely<DB>, table: T, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
}

export interface SeedOptions {
  /** US cities (about 20,000 rows); tests that do not need them skip them. */
  cities?: boolean;
}

/** Seeds the reference data; returns the keys applied now. The modules' settings: seedAtStart (src/seed.ts). */
export async function seedReference(db: Kysely<DB>, opts: SeedOptions = {}): Promise<string[]> {
  const applied: string[] = [];
  const run = async (key: string, apply: (trx: Kysely<DB>) => Promise<void>) => {
    if (await once(db, key, apply)) applied.push(key);
  };
  const now = nowIso();

  await run('countries:v1', (trx) =>
    insertChunks(trx, 'countries', [{ country_code: 'US', name: 'United States' }]),
  );
  await run('states:v1', async (trx) => {
    await insertChunks(
      trx,
      'states',
      US_STATE_CODES.map((code) => ({
        state_code: code,
        state_name: STATE_NAMES[code],
        country_code: 'US',
      })),
    );
  });
  if (opts.cities !== false) {
    await run('cities:v1', insertCities);
    // Databases seeded before the cities had coordinates (the `many_cities` risk signal) get them
    // once; a city the lookups package does not know (one an operator added) keeps none.
    await run('cities-coordinates:v1', addCityCoordinates);
  }
  await run('languages:v1', (trx) =>
    insertChunks(
      trx,
      'languages',
      LANGUAGES.map((lang_name) => ({ lang_name })),
    ),
  );
  await run('races:v1', (trx) =>
    insertChunks(
      trx,
      'races',
      RACES.map((race_name) => ({ race_name })),
    ),
  );
  await run('vendor-types:v1', (trx) =>
    insertChunks(
      trx,
      'place_types',
      PLACE_TYPES.map((t) => ({ type: t.type, name: t.name })),
    ),
  );
  await run('packages:v1', (trx) =>
    insertChunks(
      trx,
      'packages',
      PACKAGES.map((p) => ({ ...p, created_at: now, updated_at: now })),
    ),
  );
  await run('processing-costs:v1', (trx) =>
    insertChunks(trx, 'processing_costs', [{ ...PROCESSING_COSTS, created_at: now, updated_at: now }]),
  );
  return applied;
}

/** The US cities of the lookups package, one per name and state, with their coordinates. */
async function insertCities(trx: Kysely<DB>): Promise<void> {
  // Loaded only when the cities have not been seeded yet: the package holds every city on earth.
  const { City } = await import('country-state-city');
  const rows: Record<string, unknown>[] = [];
  for (const code of US_STATE_CODES) {
    const seen = new Set<string>();
    for (const c of City.getCitiesOfState('US', code)) {
      if (seen.has(c.name)) continue;
      seen.add(c.name);
      rows.push({
        city_name: c.name,
        state_code: code,
        state_name: STATE_NAMES[code],
        country_code: 'US',
        latitude: coordinate(c.latitude),
        longitude: coordinate(c.longitude),
      });
    }
  }
  await insertChunks(trx, 'cities', rows);
}

/** Gives the US cities without coordinates the lookups package's, where it knows the city. */
async function addCityCoordinates(trx: Kysely<DB>): Promise<void> {
  const missing = await trx
    .selectFrom('cities')
    .select(['id', 'city_name', 'state_code'])
    .where('country_code', '=', 'US')
    .where('latitude', 'is', null)
    .execute();
  if (!missing.length) return;
  const { City } = await import('country-state-city');
  const byState = new Map<string, Map<string, { latitude: number | null; longitude: number | null }>>();
  for (const row of missing) {
    let known = byState.get(row.state_code);
    if (!known) {
      known = new Map();
      for (const c of City.getCitiesOfState('US', row.state_code)) {
        if (!known.has(c.name))
          known.set(c.name, { latitude: coordinate(c.latitude), longitude: coordinate(c.longitude) });
      }
      byState.set(row.state_code, known);
    }
    const at = known.get(row.city_name);
    if (at?.latitude == null || at.longitude == null) continue;
    await trx.updateTable('cities').set(at).where('id', '=', row.id).execute();
  }
}

/** A coordinate as the lookups package writes it (decimal text), or null when it has none. */
function coordinate(text: string | null | undefined): number | null {
  const n = Number(text);
  return text && Number.isFinite(n) ? n : null;
}

const STATE_NAMES: Record<(typeof US_STATE_CODES)[number], string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};
