import { readFile } from 'node:fs/promises';
import { comparablePhone } from '@app/domain/trust';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { nowIso } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { storeGeneratedFile } from '../modules/media/index.ts';
import { recountPlaceRating } from '../modules/places/index.ts';
import { placeholderImage } from './placeholder-images.ts';
import { demoProviderEmail } from './seed-demo-providers.ts';
import { storageFor } from '../storage/index.ts';

/**
 * Demo places for `npm run demo`: a few approved places of every type in four Californian
 * cities, owned by the demo providers, each with a generated placeholder picture and one to three tame
 * reviews from the demo hobbyists; one place per type has the placeholder clip as its video (when the
 * clip is given), and provider01 has one place waiting for review. Idempotent: recorded in `seed_log`.
 */

const SEED_KEY = 'demo-places:v1';
/** Places of each type. */
export const DEMO_PLACES_PER_TYPE = 4;

const CITIES = [
  { city: 'San Jose', postal: '95112' },
  { city: 'Oakland', postal: '94612' },
  { city: 'Los Angeles', postal: '90012' },
  { city: 'San Francisco', postal: '94103' },
] as const;

/** The name of each type's placeholders: "Placeholder Spa 1", "Placeholder Shop 2", … */
const NAME_OF: Record<string, string> = {
  eroticbody: 'Placeholder Spa',
  sextoy: 'Placeholder Shop',
  stripclub: 'Placeholder Club',
};

/** Tame review texts, as a hobbyist might leave them. */
export const DEMO_VENUE_REVIEWS = [
  'Clean and friendly staff.',
  'Quiet place, easy parking.',
  'Welcoming front desk and fair prices.',
  'Nice atmosphere, would visit again.',
  'Good service, a short wait.',
] as const;

const HOUR = 3600 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Seeds the demo places once; answers how many places there are (also on later runs). */
export async function seedDemoPlaces(
  db: Kysely<DB>,
  config: Config,
  options: { clipFile?: string | undefined } = {},
): Promise<{ places: number }> {
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('places as v')
          .innerJoin('users as u', 'u.id', 'v.user_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('u.email', 'like', '%@demo.test')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const done = await db.selectFrom('seed_log').select('key').where('key', '=', SEED_KEY).executeTakeFirst();
  if (done) return { places: await count() };

  const providers = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      Array.from({ length: 6 }, (_, i) => demoProviderEmail(i + 1)),
    )
    .orderBy('email')
    .execute();
  const hobbyists = await db
    .selectFrom('users')
    .select('id')
    .where('user_type', '=', 'Hobbyist')
    .where('email', 'like', '%@demo.test')
    .orderBy('id')
    .execute();
  const types = await db.selectFrom('place_types').select(['id', 'type']).orderBy('id').execute();
  if (!providers.length || !types.length) return { places: 0 };

  const media = { db, storage: storageFor(config) };
  const clip = options.clipFile ? await readFile(options.clipFile) : undefined;
  const clipOf = new Map<number, number>();
  const now = Date.now();

  /** One place with its address and picture, approved unless `pending`. Answers its id. */
  const addPlace = async (
    n: number,
    ownerId: number,
    type: { id: number; type: string },
    label: string,
    opts: { pending?: boolean; video?: boolean } = {},
  ): Promise<number> => {
    const where = CITIES[n % CITIES.length]!;
    const at = new Date(now - (200 - n) * HOUR).toISOString();
    const picture = await placeholderImage(label.replace('Placeholder ', ''), n, 600, 400);
    const image = await storeGeneratedFile(media, ownerId, `demo-place-${pad(n)}.png`, picture);
    let video: number | null = null;
    if (opts.video && clip) {
      if (!clipOf.has(ownerId))
        clipOf.set(ownerId, (await storeGeneratedFile(media, ownerId, 'demo-clip.webm', clip)).id);
      video = clipOf.get(ownerId)!;
    }
    const address = await db
      .insertInto('addresses')
      .values({
        location: `${100 + n * 7} Placeholder Street`,
        city: where.city,
        state: 'CA',
        postal_code: where.postal,
        country: 'US',
        user_id: ownerId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const place = await db
      .insertInto('places')
      .values({
        name: label,
        place_type_id: type.id,
        address_id: Number(address.id),
        phone: `55501${pad(n)}`,
        phone_digits: comparablePhone(`55501${pad(n)}`),
        email: `place${pad(n)}@demo.test`,
        website: n % 2 ? null : 'https://example.com',
        image_id: image.id,
        video_id: video,
        has_video: video === null ? 0 : 1,
        user_id: ownerId,
        is_showed: opts.pending ? 0 : 1,
        review_state: opts.pending ? 'pending' : 'approved',
        review_reason: null,
        reviewed_at: opts.pending ? null : at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(place.id);
  };

  const placeIds: number[] = [];
  let n = 0;
  for (const type of types) {
    for (let k = 1; k <= DEMO_PLACES_PER_TYPE; k++) {
      n++;
      const owner = providers[n % providers.length]!;
      const label = `${NAME_OF[type.type] ?? 'Placeholder Place'} ${k}`;
      placeIds.push(await addPlace(n, owner.id, type, label, { video: k === 2 }));
    }
  }
  await addPlace(
    ++n,
    providers[0]!.id,
    types[0]!,
    `${NAME_OF[types[0]!.type] ?? 'Placeholder Place'} Pending`,
    {
      pending: true,
    },
  );

  await db.transaction().execute(async (trx) => {
    if (hobbyists.length) {
      for (const [i, placeId] of placeIds.entries()) {
        const reviewers = 1 + ((i * 7) % 3);
        for (let r = 0; r < Math.min(reviewers, hobbyists.length); r++) {
          const at = new Date(now - (i * 5 + r) * HOUR).toISOString();
          await trx
            .insertInto('place_reviews')
            .values({
              place_id: placeId,
              user_id: hobbyists[(i + r) % hobbyists.length]!.id,
              rating: 2 + ((i * 3 + r * 2) % 4),
              review: DEMO_VENUE_REVIEWS[(i + r) % DEMO_VENUE_REVIEWS.length]!,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.columns(['place_id', 'user_id']).doNothing())
            .execute();
        }
        await recountPlaceRating(trx, placeId);
      }
    }
    await trx.insertInto('seed_log').values({ key: SEED_KEY, applied_at: nowIso() }).execute();
  });
  return { places: await count() };
}
