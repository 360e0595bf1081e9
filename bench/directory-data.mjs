// The directory benchmark's data (docs/performance.md): accounts, 100,000 providers with their
// options drawn from the filter contract, images and reactions, loaded straight through SQL on
// either engine; and the cost of the stored-version read each request makes.
/* global performance */
import Database from 'better-sqlite3';
import pg from 'pg';
import { loadDomain } from './domain.mjs';

// The filter contract's options (domain/src/directory/), money in cents (domain/src/money.ts) and the
// seeded generator the demo and the tests use too (domain/src/random.ts).
const {
  CALL_OPTIONS: CALL,
  CUM_TYPES,
  GROOMING,
  PERSONALITY,
  SUBTYPES,
  seededRandom,
  toCents,
  YES_NO,
} = await loadDomain();
const KINDS = ['like', 'like', 'average', 'like', 'dislike'];

/** A small adapter over either engine: batched inserts and a few statements. */
export async function openLoader(engine, target) {
  if (engine === 'sqlite') {
    const db = new Database(target);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    return {
      async all(sqlText, params = []) {
        return db.prepare(sqlText).all(...params);
      },
      async exec(sqlText) {
        db.exec(sqlText);
      },
      async insert(table, columns, rows) {
        const stmt = db.prepare(
          `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        );
        db.transaction((list) => {
          for (const r of list) stmt.run(...r);
        })(rows);
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  return {
    async all(sqlText, params = []) {
      let i = 0;
      return (
        await client.query(
          sqlText.replace(/\?/g, () => `$${++i}`),
          params,
        )
      ).rows;
    },
    async exec(sqlText) {
      await client.query(sqlText);
    },
    async insert(table, columns, rows) {
      const per = Math.max(1, Math.floor(30_000 / columns.length));
      await client.query('begin');
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        const params = [];
        const values = chunk.map(
          (r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`,
        );
        await client.query(
          `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values ${values.join(', ')}`,
          params,
        );
      }
      await client.query('commit');
    },
    async close() {
      await client.end();
    },
  };
}

const PROVIDER_COLUMNS = [
  'id',
  'user_id',
  'title',
  'name',
  'country',
  'state',
  'city',
  'age',
  'phone',
  'language_id',
  'race_id',
  'call',
  'massage',
  'threesome',
  'kissing',
  'kissing_types',
  'fellatio',
  'fellatio_type',
  'cunnilingus',
  'anilingus',
  'anilingus_act',
  'vaginal',
  'vaginal_type',
  'anal',
  'anal_activity',
  'cum',
  'cum_type',
  'personality',
  'grooming',
  'donation_half_hour',
  'donation_hour',
  'is_showed',
  'likes_count',
  'dislikes_count',
  'averages_count',
  'comments_count',
  'created_at',
  'updated_at',
];

/** Loads the accounts, providers, images and reactions; returns what the requests need. */
export async function loadData(loader, opts) {
  const rnd = seededRandom(100_000);
  const now = new Date().toISOString();
  const t0 = Date.now();

  const users = [];
  for (let i = 1; i <= opts.providerAccounts + opts.hobbyists; i++) {
    const provider = i <= opts.providerAccounts;
    users.push([
      i,
      `bench_${i}`,
      `bench${i}@bench.test`,
      'x',
      provider ? 'Provider' : 'Hobbyist',
      i % opts.blockedEvery === 0 ? 0 : 1,
      'Bench',
      `User ${i}`,
      now,
      now,
    ]);
  }
  await loader.insert(
    'users',
    [
      'id',
      'username',
      'email',
      'password',
      'user_type',
      'is_active',
      'first_name',
      'last_name',
      'created_at',
      'updated_at',
    ],
    users,
  );

  const files = [];
  for (let i = 1; i <= opts.images; i++) {
    files.push([i, `bench-${i}.png`, `bench-${i}`, '.png', 'image/png', 1000, 600, 600, 0, 1, now, now]);
  }
  await loader.insert(
    'files',
    [
      'id',
      'name',
      'storage_key',
      'ext',
      'mime',
      'size',
      'width',
      'height',
      'is_private',
      'owner_id',
      'created_at',
      'updated_at',
    ],
    files,
  );

  const languages = (await loader.all('select id from languages order by id')).map((r) => Number(r.id));
  const races = (await loader.all('select id from races order by id')).map((r) => Number(r.id));
  const states = (await loader.all("select state_code from states where country_code = 'US'")).map(
    (r) => r.state_code,
  );
  const cityRows = await loader.all('select city_name, state_code from cities');
  const citiesOf = new Map();
  for (const r of cityRows) {
    const list = citiesOf.get(r.state_code) ?? [];
    if (list.length < (r.state_code === 'CA' ? 200 : 25)) list.push(r.city_name);
    citiesOf.set(r.state_code, list);
  }

  const tri = (options) => {
    if (rnd.chance(0.1)) return [null, null];
    if (rnd.chance(0.3)) return ['no', null];
    const list = rnd.some(options, 0.5);
    return ['yes', (list.length ? list : [rnd.pick(options)]).join(',')];
  };
  const providers = [];
  const links = [];
  const reactions = [];
  let reactionId = 0;
  for (let id = 1; id <= opts.providers; id++) {
    const state = rnd.chance(0.4) ? 'CA' : rnd.pick(states);
    const city = rnd.pick(citiesOf.get(state) ?? [`City ${state}`]);
    const hour = rnd.int(10, 80) * 10;
    const [kissing, kissing_types] = tri(SUBTYPES.kissing.options);
    const [fellatio, fellatio_type] = tri(SUBTYPES.fellatio.options);
    const [anilingus, anilingus_act] = tri(SUBTYPES.anilingus.options);
    const [vaginal, vaginal_type] = tri(SUBTYPES.vaginal.options);
    const [anal, anal_activity] = tri(SUBTYPES.anal.options);
    const cumTypes = rnd.some(CUM_TYPES, 0.3);
    const counts = { like: 0, dislike: 0, average: 0 };
    const n = rnd.int(0, opts.reactions * 2);
    for (let j = 0; j < n; j++) {
      const kind = KINDS[(id + j) % KINDS.length];
      counts[kind]++;
      const userId = opts.providerAccounts + 1 + ((id * 7 + j * 13) % opts.hobbyists);
      reactions.push([++reactionId, userId, id, kind, now, now]);
    }
    providers.push([
      id,
      1 + (id % opts.providerAccounts),
      `Friendly companion in ${city}`,
      `Stage ${id}`,
      'US',
      state,
      city,
      rnd.int(21, 60),
      '555-0100',
      rnd.chance(0.08) ? null : rnd.pick(languages),
      rnd.chance(0.08) ? null : rnd.pick(races),
      rnd.pick(CALL),
      rnd.chance(0.1) ? null : rnd.pick(YES_NO),
      rnd.chance(0.1) ? null : rnd.pick(YES_NO),
      kissing,
      kissing_types,
      fellatio,
      fellatio_type,
      rnd.chance(0.1) ? null : rnd.pick(YES_NO),
      anilingus,
      anilingus_act,
      vaginal,
      vaginal_type,
      anal,
      anal_activity,
      cumTypes.length ? 'Anywhere' : 'no',
      cumTypes.length ? cumTypes.join(',') : null,
      rnd.some(PERSONALITY, 0.4).join(',') || rnd.pick(PERSONALITY),
      rnd.pick(GROOMING),
      toCents(Math.round(hour * 0.6)),
      toCents(hour),
      rnd.chance(0.03) ? 0 : 1,
      counts.like,
      counts.dislike,
      counts.average,
      0,
      now,
      now,
    ]);
    for (let k = 0; k <= id % 3; k++) links.push([id, 1 + ((id * 5 + k * 7) % opts.images), k]);
  }
  await loader.insert('providers', PROVIDER_COLUMNS, providers);
  await loader.insert('provider_images', ['provider_id', 'file_id', 'position'], links);
  await loader.insert(
    'reactions',
    ['id', 'user_id', 'provider_id', 'kind', 'created_at', 'updated_at'],
    reactions,
  );
  // Every provider account holds an active package (issue 11: ads are public only then), bought a
  // month ago for a year; one in 50 accounts' package has ended, so its ads are not shown.
  const DAY = 24 * 60 * 60 * 1000;
  const subscriptions = [];
  for (let account = 1; account <= opts.providerAccounts; account++) {
    const start = new Date(Date.now() - 30 * DAY);
    const end = new Date(account % 50 === 0 ? Date.now() - DAY : start.getTime() + 365 * DAY);
    subscriptions.push([
      account,
      account,
      'Premium',
      start.toISOString(),
      end.toISOString(),
      `BENCH-${account}`,
      16449,
      0,
      16449,
      5,
      'verified',
      now,
      now,
    ]);
  }
  await loader.insert(
    'subscriptions',
    [
      'id',
      'user_id',
      'package_name',
      'start_date',
      'end_date',
      'transaction_id',
      'price',
      'wallet_amount',
      'amount',
      'ads_allowed',
      'payment_status',
      'created_at',
      'updated_at',
    ],
    subscriptions,
  );
  await loader.exec(
    "insert into settings (key, value) values ('directory_version', '1') on conflict (key) do update set value = cast(cast(settings.value as integer) + 1 as text)",
  );
  // Shown: approved, the owner's account not blocked, its package running.
  const isShown = (p) => p[31] === 1 && p[1] % opts.blockedEvery !== 0 && p[1] % 50 !== 0;
  const middle = providers.find((p) => p[0] >= opts.providers * 0.54 && isShown(p)) ?? providers[0];
  return {
    sampleId: middle[0],
    seconds: (Date.now() - t0) / 1000,
    providers: providers.length,
    shown: providers.filter(isShown).length,
    accounts: users.length,
    blockedAccounts: users.filter((u) => u[5] === 0).length,
    reactions: reactions.length,
    imageLinks: links.length,
  };
}

/** Time of the stored-version read each request makes (docs/performance.md "index freshness"). */
export async function versionCheckCost(engine, target) {
  const n = 5000;
  if (engine === 'sqlite') {
    const db = new Database(target, { readonly: true });
    const stmt = db.prepare("select value from settings where key = 'directory_version'");
    const t = performance.now();
    for (let i = 0; i < n; i++) stmt.get();
    const us = ((performance.now() - t) * 1000) / n;
    db.close();
    return Math.round(us * 10) / 10;
  }
  const pool = new pg.Pool({ connectionString: target, max: 1 });
  await pool.query('select 1');
  const t = performance.now();
  for (let i = 0; i < n; i++) await pool.query("select value from settings where key = 'directory_version'");
  const us = ((performance.now() - t) * 1000) / n;
  await pool.end();
  return Math.round(us * 10) / 10;
}
