// The directory benchmark's rows (directory-data.mjs loads them): one `insert … select` a table, its values
// computed in SQL from a hash of the row number, the same on both engines.
import { loadDomain } from './domain.mjs';

// The filter contract's options (domain/src/directory/).
const { CALL_OPTIONS, CUM_TYPES, GROOMING, PERSONALITY, SUBTYPES, YES_NO } = await loadDomain();

/** The numbers from..to as a table `alias(i)`. */
export function series(engine, alias, from, to) {
  return engine === 'postgres'
    ? `generate_series(${from}, ${to}) as ${alias}(i)`
    : `(with recursive r(i) as (select ${from} union all select i + 1 from r where i < ${to}) select i from r) as ${alias}`;
}

const PRIME = 2147483647;
/**
 * A pseudo-random number in [0, 2^31) from a whole number and a salt, in SQL: an affine step modulo a
 * prime, then its square (so the salts' outputs are not linear in one another). Every intermediate
 * stays below 2^63 for x below 2^31.
 */
function mix(x, salt) {
  const m = 48_271 + salt * 69_621;
  const c = 12_345 + salt * 1_013_904;
  const a = `((cast(${x} as bigint) * ${m} + ${c}) % ${PRIME})`;
  return `((${a} * ${a}) % ${PRIME})`;
}

const quote = (v) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);

/** `list[h % list.length]` in SQL. */
const pick = (list, h) =>
  `(case (${h}) % ${list.length} ${list.map((v, i) => `when ${i} then ${quote(v)}`).join(' ')} end)`;

/** A non-empty subset of `list` (in its order, comma-separated) chosen by `h`. */
function subset(list, h) {
  const mask = `((${h}) % ${2 ** list.length - 1} + 1)`;
  const parts = list.map(
    (v, i) => `(case when (${mask} & ${2 ** i}) <> 0 then ${quote(`${v},`)} else '' end)`,
  );
  return `rtrim(${parts.join(' || ')}, ',')`;
}

/** A yes/no service with its types: 10 % unset, 30 % no, else yes with some types. */
const tri = (options, h) => ({
  yes: `(case when (${h}) % 10 = 0 then null when (${h}) % 10 < 4 then 'no' else 'yes' end)`,
  types: `(case when (${h}) % 10 < 4 then null else ${subset(options, `(${h}) / 10`)} end)`,
});

/**
 * How many of j in [0, n) have (p + j) % 5 = r: the reactions' kinds cycle like, like, average,
 * like, dislike over j, so the providers' counters follow from n without counting rows.
 */
const residueCount = (p, n, r) => `((${n} - ((${r} - ${p}) % 5 + 5) % 5 + 4) / 5)`;
const KINDS = ['like', 'like', 'average', 'like', 'dislike'];

const COMMENTS = [
  'Lovely and on time.',
  'Great conversation, would book again.',
  'As described.',
  'Very kind.',
];

/** Places providers are spread over (directory-data.mjs makes the table bench_places of them). */
export const PLACES = 5000;

/** A provider's hashed attribute `n` (the providers' statement selects `h0` … `h23` as `g`). */
const h = (n) => `g.h${n}`;
/** How many reactions provider `g` has (0 … maxReactions), from its hash 9 (salt 19). */
const reactionsOf = (c) => `(${h(9)} % ${c.maxReactions + 1})`;
/** How many comments provider `g` has: one in five has 1 to 3, from its hash 10 (salt 20). */
const commentsOf = `(case when ${h(10)} % 5 = 0 then 1 + (${h(10)} / 5) % 3 else 0 end)`;

/**
 * The statements of a load, in order, as [table, SQL, parameters]. `c`: the engine, the options, the
 * sizes (directory-data.mjs `dataSizes`), the time, the languages' and races' ids.
 */
export const loadStatements = (c) => [
  ...accountRows(c),
  ...providerRows(c),
  ...pictureRows(c),
  ...reactionRows(c),
];

/** The accounts and their packages. */
function accountRows(c) {
  const { engine, opts, providerAccounts, accounts, now } = c;
  const DAY = 24 * 60 * 60 * 1000;
  const rows = [];
  // Accounts: 1 … providerAccounts own ads, the rest are hobbyists; one in `blockedEvery` blocked.
  rows.push([
    'users',
    `insert into users (id, username, email, password, user_type, is_active, first_name, last_name, created_at, updated_at)
     select u.i, 'bench_' || u.i, 'bench' || u.i || '@bench.test', 'x',
       case when u.i <= ${providerAccounts} then 'Provider' else 'Hobbyist' end,
       case when u.i % ${opts.blockedEvery} = 0 then 0 else 1 end,
       ${pick(['Alex', 'Sam', 'Jo', 'Kim', 'Lee', 'Max'], mix('u.i', 1))}, 'User ' || u.i, ?, ?
     from ${series(engine, 'u', 1, accounts)}`,
    [now, now],
  ]);

  // Every provider account holds a package bought a month ago for a year; one in `endedEvery` ended.
  const start = new Date(Date.now() - 30 * DAY).toISOString();
  rows.push([
    'subscriptions',
    `insert into subscriptions (user_id, package_name, start_date, end_date, transaction_id, price, wallet_amount,
       amount, ads_allowed, payment_status, created_at, updated_at)
     select a.i, 'Premium', ?, case when a.i % ${opts.endedEvery} = 0 then ? else ? end, 'BENCH-' || a.i,
       16449, 0, 16449, 5, 'verified', ?, ?
     from ${series(engine, 'a', 1, providerAccounts)}`,
    [
      start,
      new Date(Date.now() - DAY).toISOString(),
      new Date(Date.now() + 335 * DAY).toISOString(),
      now,
      now,
    ],
  ]);

  return rows;
}

/** The providers, every filter attribute varied by its own hash. */
function providerRows(c) {
  const { engine, providers, providerAccounts, now, languages, races } = c;
  // Providers: provider p belongs to account 1 + (p - 1) % providerAccounts; every filter attribute
  // varied by its own hash; reactions and comments counted as the rows below are generated.
  const hashes = Array.from({ length: 24 }, (_, n) => `${mix('s.i', n + 10)} as h${n}`).join(', ');
  const kissing = tri(SUBTYPES.kissing.options, h(4));
  const fellatio = tri(SUBTYPES.fellatio.options, h(5));
  const anilingus = tri(SUBTYPES.anilingus.options, h(6));
  const vaginal = tri(SUBTYPES.vaginal.options, h(7));
  const anal = tri(SUBTYPES.anal.options, h(8));
  const count = (residues) => residues.map((r) => residueCount('g.i', reactionsOf(c), r)).join(' + ');
  const hourDollars = `(10 + ${h(11)} % 71) * 10`;
  const rows = [];
  rows.push([
    'providers',
    `insert into providers (id, user_id, title, name, country, state, city, age, phone, phone_digits, language_id,
       race_id, "call", massage, threesome, kissing, kissing_types, fellatio, fellatio_type, cunnilingus, anilingus,
       anilingus_act, vaginal, vaginal_type, anal, anal_activity, cum, cum_type, personality, grooming,
       donation_half_hour, donation_hour, is_showed, likes_count, dislikes_count, averages_count, comments_count,
       created_at, updated_at)
     select g.i, 1 + (g.i - 1) % ${providerAccounts}, 'Friendly companion in ' || pl.city, 'Stage ' || g.i, 'US',
       pl.state, pl.city, 21 + ${h(1)} % 40, '555' || cast(1000000 + g.i as text), '555' || cast(1000000 + g.i as text),
       case when ${h(2)} % 100 < 8 then null else ${pick(languages, `${h(2)} / 100`)} end,
       case when ${h(3)} % 100 < 8 then null else ${pick(races, `${h(3)} / 100`)} end,
       ${pick(CALL_OPTIONS, h(12))},
       case when ${h(13)} % 10 = 0 then null else ${pick(YES_NO, `${h(13)} / 10`)} end,
       case when ${h(14)} % 10 = 0 then null else ${pick(YES_NO, `${h(14)} / 10`)} end,
       ${kissing.yes}, ${kissing.types}, ${fellatio.yes}, ${fellatio.types},
       case when ${h(15)} % 10 = 0 then null else ${pick(YES_NO, `${h(15)} / 10`)} end,
       ${anilingus.yes}, ${anilingus.types}, ${vaginal.yes}, ${vaginal.types}, ${anal.yes}, ${anal.types},
       case when ${h(16)} % 4 = 0 then 'no' else 'Anywhere' end,
       case when ${h(16)} % 4 = 0 then null else ${subset(CUM_TYPES, `${h(16)} / 4`)} end,
       ${subset(PERSONALITY, h(17))}, ${pick(GROOMING, h(18))},
       (${hourDollars} * 6 / 10) * 100, ${hourDollars} * 100,
       case when ${h(19)} % 100 < 3 then 0 else 1 end,
       ${count([0, 1, 3])}, ${count([4])}, ${count([2])}, ${commentsOf}, ?, ?
     from (select s.i, ${hashes} from ${series(engine, 's', 1, providers)}) g
     join bench_places pl on pl.k = ${h(0)} % ${PLACES}`,
    [now, now],
  ]);

  return rows;
}

/** The pictures: files and their places in the providers' lists. */
function pictureRows(c) {
  const { engine, providers, providerAccounts, now } = c;
  const rows = [];
  // One to three pictures per provider, each its own file (ids 3(p-1)+1 … 3(p-1)+3): an 800x1200
  // JPEG with the four WebP formats an upload stores (media.images.ts).
  const fileName = `'bench-' || p.i || '-' || k.i || '.jpg'`;
  const FORMATS = {
    thumbnail: [104, 156, 5200],
    small: [333, 500, 24100],
    medium: [500, 750, 47300],
    large: [667, 1000, 76800],
  };
  const formats = Object.entries(FORMATS)
    .map(
      ([f, [width, height, size]]) =>
        `'"${f}":{"name":"${f}_' || ${fileName} || '","ext":".webp","mime":"image/webp","width":${width},"height":${height},"size":${size},"path":null}'`,
    )
    .join(" || ',' || ");
  const pictures = `from ${series(engine, 'p', 1, providers)} join ${series(engine, 'k', 0, 2)} on k.i <= p.i % 3`;
  rows.push([
    'files',
    `insert into files (id, name, storage_key, ext, mime, size, width, height, formats, is_private, purpose, owner_id,
       created_at, updated_at)
     select 3 * (p.i - 1) + k.i + 1, ${fileName}, 'bench-' || p.i || '-' || k.i, '.jpg', 'image/jpeg', 182000, 800, 1200,
       '{' || ${formats} || '}', 0, null, 1 + (p.i - 1) % ${providerAccounts}, ?, ?
     ${pictures}`,
    [now, now],
  ]);
  rows.push([
    'provider_images',
    `insert into provider_images (provider_id, file_id, position) select p.i, 3 * (p.i - 1) + k.i + 1, k.i ${pictures}`,
  ]);

  return rows;
}

/** The reactions and comments, as many as the providers' counters say. */
function reactionRows(c) {
  const { engine, providers, providerAccounts, hobbyists, maxReactions, now } = c;
  const rows = [];
  // Reactions: provider p's j-th comes from hobbyist (7p + 13j) mod hobbyists, its kind KINDS[(p + j) % 5].
  rows.push([
    'reactions',
    `insert into reactions (user_id, provider_id, kind, created_at, updated_at)
     select ${providerAccounts + 1} + (g.i * 7 + j.i * 13) % ${hobbyists}, g.i,
       ${pick(KINDS, '(g.i + j.i)')}, ?, ?
     from (select s.i, ${mix('s.i', 19)} as h9 from ${series(engine, 's', 1, providers)}) g
     join ${series(engine, 'j', 0, maxReactions)} on j.i < ${reactionsOf(c)}`,
    [now, now],
  ]);
  rows.push([
    'comments',
    `insert into comments (user_id, provider_id, comment, created_at, updated_at)
     select ${providerAccounts + 1} + (g.i * 11 + j.i * 17) % ${hobbyists}, g.i, ${pick(COMMENTS, '(g.i + j.i)')}, ?, ?
     from (select s.i, ${mix('s.i', 20)} as h10 from ${series(engine, 's', 1, providers)}) g
     join ${series(engine, 'j', 0, 2)} on j.i < ${commentsOf}`,
    [now, now],
  ]);
  return rows;
}
