// The benchmark's reference: the raw SQL page query of the home listing, measured
// in-process on the same database with the driver alone (better-sqlite3 or pg, one connection, one
// statement at a time), no server. The statement returns the first page's ten shown providers with
// their pictures (as JSON), language, race and owner's public fields: what the listing serves, as
// plain SQL. The one-connection HTTP figure is compared with its p50 (target: within 3×).
/* global performance */
import Database from 'better-sqlite3';
import pg from 'pg';

const FILE_FIELDS = [
  'id',
  'name',
  'ext',
  'mime',
  'size',
  'width',
  'height',
  'is_private',
  'storage_key',
  'created_at',
  'updated_at',
];

/** The page query, with one parameter (now, ISO) and the page's offset. */
export function pageQuery(engine) {
  const shown = (now) => `p.is_showed = 1 and u.is_active = 1 and exists (
      select 1 from subscriptions s where s.user_id = p.user_id
        and s.end_date > ${now} and s.start_date <= ${now} and s.payment_status <> 'rejected')`;
  if (engine === 'sqlite') {
    const file = FILE_FIELDS.map((f) => `'${f}', f.${f}`).join(', ');
    return `select p.*, l.lang_name, r.race_name, u.username, u.first_name, u.last_name,
        (select json_group_array(json_object(${file}, 'formats', json(f.formats)))
           from (select f.* from provider_images pi join files f on f.id = pi.file_id
                 where pi.provider_id = p.id order by pi.position) f) as images
      from providers p
      join users u on u.id = p.user_id
      left join languages l on l.id = p.language_id
      left join races r on r.id = p.race_id
      where ${shown('@now')}
      order by p.id desc limit 10 offset @offset`;
  }
  const file = FILE_FIELDS.map((f) => `'${f}', f.${f}`).join(', ');
  return `select p.*, l.lang_name, r.race_name, u.username, u.first_name, u.last_name,
      coalesce((select json_agg(json_build_object(${file}, 'formats', f.formats::json) order by pi.position)
         from provider_images pi join files f on f.id = pi.file_id where pi.provider_id = p.id), '[]') as images
    from providers p
    join users u on u.id = p.user_id
    left join languages l on l.id = p.language_id
    left join races r on r.id = p.race_id
    where ${shown('$1')}
    order by p.id desc limit 10 offset $2`;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const round = (ms) => Math.round(ms * 1000) / 1000;

/** Times `fn` `runs` times after `warmup` runs; answers p50, p99 and mean in ms, and its rows. */
async function timeRuns(fn, runs, warmup) {
  let rows;
  for (let i = 0; i < warmup; i++) rows = await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    runs,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    mean: round(times.reduce((s, x) => s + x, 0) / runs),
    rows: rows.length,
  };
}

/** The page query's time on `target` (SQLite file or PostgreSQL URL), page 1. Run while no server runs. */
export async function measureReference(engine, target, { runs = 2000, warmup = 200 } = {}) {
  const now = new Date().toISOString();
  const sqlText = pageQuery(engine);
  if (engine === 'sqlite') {
    const db = new Database(target, { readonly: true });
    const stmt = db.prepare(sqlText);
    try {
      return {
        query: sqlText,
        page1: await timeRuns(() => stmt.all({ now, offset: 0 }), runs, warmup),
      };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    // A named statement: parsed and planned once, as a driver's prepared statement.
    const query = (offset) => client.query({ name: 'bench_page', text: sqlText, values: [now, offset] });
    return {
      query: sqlText,
      page1: await timeRuns(async () => (await query(0)).rows, runs, warmup),
    };
  } finally {
    await client.end();
  }
}
