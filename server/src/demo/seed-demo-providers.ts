import { seedDemoSubscriptions } from './seed-demo-subscriptions.ts';
import { readFile } from 'node:fs/promises';
import {
  CALL_OPTIONS,
  CUM_TYPES,
  GROOMING,
  PERSONALITY,
  seededRandom,
  SUBTYPES,
  toCents,
  YES_NO,
  CUM_OPTIONS,
  type SeededRandom,
} from '@app/domain';
import { comparablePhone } from '@app/domain/trust';
import type { Insertable, Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { recordDirectoryChange } from '../db/directory-version.ts';
import { storeGeneratedFile } from '../modules/media/index.ts';
import { findUserByEmail, insertUser } from '../modules/users/index.ts';
import { nowIso } from '../db/dialect.ts';
import type { DB, ProvidersTable } from '../db/schema.ts';
import { placeholderImage } from './placeholder-images.ts';
import { DEMO_AD_PLACES } from './demo-ad-places.ts';
import { demoHobbyistEmail, demoProviderEmail } from './demo-accounts.ts';
import { storageFor } from '../storage/index.ts';

/**
 * Demo directory content for `npm run demo`: demo provider accounts with a few hundred ads spread over
 * many Californian cities and other states, every filter option used by some, sharing locally generated
 * placeholder pictures; and demo hobbyist accounts (whose reactions and comments
 * seed-demo-hobbyist-activity.ts adds). Tame placeholders only. Idempotent: recorded in `seed_log`.
 */

export const DEMO_PROVIDER_ACCOUNTS = 20;
export const DEMO_HOBBYIST_ACCOUNTS = 10;
export const DEMO_ADS = 320;
export const DEMO_IMAGES = 24;
const SEED_KEY = 'demo-providers:v1';
const VIDEO_SEED_KEY = 'demo-videos:v1';
/** Every this many demo ads (in id order) has the placeholder clip as its video. */
export const DEMO_VIDEO_EVERY = 40;

const pad = (n: number) => String(n).padStart(2, '0');
export { demoHobbyistEmail, demoProviderEmail };

const STAGE_NAMES = [
  'Aria',
  'Bella',
  'Chloe',
  'Daisy',
  'Eden',
  'Fiona',
  'Grace',
  'Hazel',
  'Iris',
  'Jade',
  'Kira',
  'Luna',
  'Maya',
  'Nora',
  'Olive',
  'Piper',
  'Quinn',
  'Ruby',
  'Sage',
  'Tessa',
  'Uma',
  'Vera',
  'Willow',
  'Zoe',
];
const TITLE_WORDS = [
  'Friendly companion',
  'Warm conversation',
  'Charming dinner date',
  'Relaxed evening company',
  'Cheerful city guide',
  'Elegant event companion',
  'Easygoing coffee date',
  'Thoughtful listener',
];

function pickPlace(rnd: SeededRandom): [string, string] {
  const total = Object.values(DEMO_AD_PLACES).reduce((a, p) => a + p.weight, 0);
  let r = rnd.int(1, total);
  for (const [state, p] of Object.entries(DEMO_AD_PLACES)) {
    r -= p.weight;
    if (r <= 0) return [state, rnd.pick(p.cities)];
  }
  return ['CA', 'San Jose'];
}

/** A yes/no answer with its sub-types (yes: one or more; no: none), sometimes unanswered. */
function tri(rnd: SeededRandom, options: readonly string[]): [string | null, string | null] {
  if (rnd.chance(0.1)) return [null, null];
  if (rnd.chance(0.3)) return ['no', null];
  const list = rnd.some(options, 0.5);
  return ['yes', (list.length ? list : [rnd.pick(options)]).join(',')];
}

/** One demo ad; `n` makes sure every option of every section is used by the first few. */
export function demoAd(
  rnd: SeededRandom,
  n: number,
  refs: { userId: number; languageIds: number[]; raceIds: number[] },
): Insertable<ProvidersTable> {
  const [state, city] = pickPlace(rnd);
  const name = STAGE_NAMES[n % STAGE_NAMES.length]!;
  const hour = rnd.int(10, 80) * 10;
  const [kissing, kissing_types] = tri(rnd, SUBTYPES.kissing.options);
  const [fellatio, fellatio_type] = tri(rnd, SUBTYPES.fellatio.options);
  const [anilingus, anilingus_act] = tri(rnd, SUBTYPES.anilingus.options);
  const [vaginal, vaginal_type] = tri(rnd, SUBTYPES.vaginal.options);
  const [anal, anal_activity] = tri(rnd, SUBTYPES.anal.options);
  const cumTypes = rnd.some(CUM_TYPES, 0.3);
  const now = new Date(Date.now() - (DEMO_ADS - n) * 3_600_000).toISOString();
  return {
    user_id: refs.userId,
    title: `${rnd.pick(TITLE_WORDS)} in ${city}`,
    name,
    country: 'US',
    state,
    city,
    age: rnd.int(21, 60),
    phone: `555-01${pad(n % 100)}`,
    phone_digits: comparablePhone(`555-01${pad(n % 100)}`),
    language_id: rnd.chance(0.08) ? null : refs.languageIds[n % refs.languageIds.length]!,
    race_id: rnd.chance(0.08) ? null : refs.raceIds[(n * 7) % refs.raceIds.length]!,
    call: CALL_OPTIONS[n % CALL_OPTIONS.length]!,
    massage: rnd.chance(0.1) ? null : YES_NO[n % 2]!,
    threesome: rnd.chance(0.1) ? null : YES_NO[(n >> 1) % 2]!,
    kissing,
    kissing_types,
    fellatio,
    fellatio_type,
    cunnilingus: rnd.chance(0.1) ? null : rnd.pick(YES_NO),
    anilingus,
    anilingus_act,
    vaginal,
    vaginal_type,
    anal,
    anal_activity,
    cum: cumTypes.length ? 'Anywhere' : rnd.pick(CUM_OPTIONS),
    cum_type: cumTypes.length ? cumTypes.join(',') : null,
    personality: rnd.some(PERSONALITY, 0.4).join(',') || PERSONALITY[n % PERSONALITY.length]!,
    grooming: GROOMING[n % GROOMING.length]!,
    donation_hour: toCents(hour),
    donation_half_hour: toCents(Math.round(hour * 0.6)),
    message: rnd.chance(0.3) ? 'Happy to chat about plans beforehand. Placeholder demo text.' : null,
    services_provided_approval: rnd.chance(0.3) ? 1 : 0,
    is_showed: 1,
    created_at: now,
    updated_at: now,
  };
}

/** The demo provider and hobbyist accounts (created when missing). Returns their ids. */
async function ensureAccounts(db: Kysely<DB>, passwordHash: string) {
  const ensure = async (email: string, values: Record<string, string>) => {
    const existing = await findUserByEmail(db, email);
    if (existing) return existing.id;
    return insertUser(db, {
      email,
      password: passwordHash,
      city: 'San Jose',
      phone_number: '555-0100',
      dob: '1990-01-01',
      ...values,
    } as Parameters<typeof insertUser>[1]);
  };
  const providers: number[] = [];
  for (let n = 1; n <= DEMO_PROVIDER_ACCOUNTS; n++) {
    providers.push(
      await ensure(demoProviderEmail(n), {
        username: `demo_provider_${pad(n)}`,
        user_type: 'Provider',
        // Seeded with their ID verified.
        verification: 'verified',
        verified_at: new Date().toISOString(),
        first_name: 'Demo',
        last_name: `Provider ${n}`,
      }),
    );
  }
  const hobbyists: number[] = [];
  for (let n = 1; n <= DEMO_HOBBYIST_ACCOUNTS; n++) {
    hobbyists.push(
      await ensure(demoHobbyistEmail(n), {
        username: `demo_hobbyist_${pad(n)}`,
        user_type: 'Hobbyist',
        first_name: 'Demo',
        last_name: `Hobbyist ${n}`,
      }),
    );
  }
  return { providers, hobbyists };
}

/** The shared placeholder pictures, made once (kept by name), owned by the first demo provider. */
async function ensureImages(db: Kysely<DB>, config: Config, ownerId: number): Promise<number[]> {
  const names = Array.from({ length: DEMO_IMAGES }, (_, i) => `demo-ad-${pad(i + 1)}.png`);
  const existing = await db
    .selectFrom('files')
    .select(['id', 'name'])
    .where('owner_id', '=', ownerId)
    .where('name', 'in', names)
    .execute();
  const byName = new Map(existing.map((f) => [f.name, f.id]));
  const media = { db, storage: storageFor(config) };
  const ids: number[] = [];
  // Two at a time: sharp uses the other core.
  for (let i = 0; i < names.length; i += 2) {
    const batch = names.slice(i, i + 2);
    const made = await Promise.all(
      batch.map(async (name, j) => {
        const id = byName.get(name);
        if (id) return id;
        // As large as a phone's photo, so the pictures get every format the card offers (up to `large`).
        const bytes = await placeholderImage(`Demo ${i + j + 1}`, i + j, 1200, 1200);
        return (await storeGeneratedFile(media, ownerId, name, bytes)).id;
      }),
    );
    ids.push(...made);
  }
  return ids;
}

/**
 * Gives every DEMO_VIDEO_EVERY-th demo ad the placeholder clip (`server/assets/demo-clip.webm`, a few
 * seconds of a moving gradient titled "Demo clip", recorded once in Chromium) as its video, stored once
 * per owning provider through the upload pipeline. Once, recorded in `seed_log`.
 */
async function ensureVideos(db: Kysely<DB>, config: Config, providerIds: number[], clipFile: string) {
  const done = await db
    .selectFrom('seed_log')
    .select('key')
    .where('key', '=', VIDEO_SEED_KEY)
    .executeTakeFirst();
  if (done) return;
  const ads = await db
    .selectFrom('providers')
    .select(['id', 'user_id'])
    .where('user_id', 'in', providerIds)
    .orderBy('id')
    .execute();
  const chosen = ads.filter((_, n) => n % DEMO_VIDEO_EVERY === 0);
  const clip = await readFile(clipFile);
  const media = { db, storage: storageFor(config) };
  const fileOf = new Map<number, number>();
  for (const { user_id: owner } of chosen) {
    if (!fileOf.has(owner))
      fileOf.set(owner, (await storeGeneratedFile(media, owner, 'demo-clip.webm', clip)).id);
  }
  await db.transaction().execute(async (trx) => {
    for (const ad of chosen) {
      await trx
        .updateTable('providers')
        .set({ video_id: fileOf.get(ad.user_id)! })
        .where('id', '=', ad.id)
        .execute();
    }
    await recordDirectoryChange(trx);
    await trx.insertInto('seed_log').values({ key: VIDEO_SEED_KEY, applied_at: nowIso() }).execute();
  });
}

/**
 * Seeds the demo providers once, and their videos when `clipFile` is given. Returns what the demo has
 * (also on later runs), for the printout.
 */
export async function seedDemoProviders(
  db: Kysely<DB>,
  config: Config,
  passwordHash: string,
  clipFile?: string,
) {
  const { providers, hobbyists } = await ensureAccounts(db, passwordHash);
  const done = await db.selectFrom('seed_log').select('key').where('key', '=', SEED_KEY).executeTakeFirst();
  if (!done) {
    const images = await ensureImages(db, config, providers[0]!);
    const [languages, races] = await Promise.all([
      db.selectFrom('languages').select('id').orderBy('id').execute(),
      db.selectFrom('races').select('id').orderBy('id').execute(),
    ]);
    const refs = { languageIds: languages.map((l) => l.id), raceIds: races.map((r) => r.id) };
    const rnd = seededRandom(4242);
    const ads = Array.from({ length: DEMO_ADS }, (_, n) =>
      demoAd(rnd, n, { ...refs, userId: providers[n % providers.length]! }),
    );
    await db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (let i = 0; i < ads.length; i += 100) {
        const rows = await trx
          .insertInto('providers')
          .values(ads.slice(i, i + 100))
          .returning('id')
          .execute();
        ids.push(...rows.map((r) => Number(r.id)));
      }
      const links = ids.flatMap((providerId, n) =>
        Array.from({ length: 1 + (n % 3) }, (_, k) => ({
          provider_id: providerId,
          file_id: images[(n * 5 + k * 7) % images.length]!,
          position: k,
        })),
      );
      for (let i = 0; i < links.length; i += 300) {
        await trx
          .insertInto('provider_images')
          .values(links.slice(i, i + 300))
          .execute();
      }
      await recordDirectoryChange(trx);
      await trx.insertInto('seed_log').values({ key: SEED_KEY, applied_at: nowIso() }).execute();
    });
  }
  if (clipFile) await ensureVideos(db, config, providers, clipFile);
  await seedDemoSubscriptions(db, providers);
  return { providers: providers.length, hobbyists: hobbyists.length };
}
