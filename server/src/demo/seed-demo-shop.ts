import { toCents } from '@app/domain';
import type { Insertable, Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { nowIso } from '../db/dialect.ts';
import type { DB, ProductsTable } from '../db/schema.ts';
import { storeGeneratedFile } from '../modules/media/index.ts';
import { findUserByEmail, insertUser, updateUser } from '../modules/users/index.ts';
import { placeholderImage } from './placeholder-images.ts';
import { storageFor } from '../storage/index.ts';

/**
 * Demo products for `npm run demo`: twelve tame products of vendor@demo.test and four of a
 * second demo vendor (vendor02@demo.test, made here), each with a generated placeholder picture
 * stored through the upload pipeline. Idempotent: recorded in `seed_log`.
 */

const SEED_KEY = 'demo-shop:v1';

/** The account of the first demo seller (seed-demo.ts makes it). */
export const DEMO_SELLER_EMAIL = 'vendor@demo.test';
/** The second demo seller, made here with the demo password. */
export const DEMO_SECOND_SELLER = {
  email: 'vendor02@demo.test',
  username: 'demo_vendor2',
  user_type: 'Vender',
  first_name: 'Vera',
  last_name: 'Demo',
} as const;

/** Name, picture label, price in whole dollars, description. */
type DemoProduct = readonly [name: string, label: string, dollars: number, description: string];

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  ['Massage Oil — Lavender', 'Lavender', 18, 'Light massage oil with a lavender scent, 100 ml.'],
  ['Massage Oil — Unscented', 'Unscented', 16, 'Light massage oil without scent, 100 ml.'],
  ['Scented Candle Set', 'Candles', 24, 'Three soy candles: vanilla, cedar and rose.'],
  ['Silk Blindfold', 'Silk', 15, 'A soft silk eye mask with an elastic strap.'],
  ['Bath Salts', 'Bath Salts', 12, 'Mineral bath salts with eucalyptus, 500 g.'],
  ['Body Lotion', 'Lotion', 14, 'Unscented body lotion for dry skin, 250 ml.'],
  ['Gift Card Box', 'Gift Box', 25, 'A small gift box with a card for your message.'],
  ['Bath Bombs (4 pack)', 'Bath Bombs', 10, 'Four fizzing bath bombs in citrus scents.'],
  ['Massage Stones', 'Stones', 30, 'Six smooth basalt stones for a warm massage.'],
  ['Satin Robe', 'Robe', 45, 'A knee-length satin robe, one size.'],
  ['Aroma Diffuser', 'Diffuser', 35, 'A small ultrasonic diffuser with a soft light.'],
  ['Spa Towel Set', 'Towels', 28, 'Two soft cotton towels in gift wrap.'],
];

export const DEMO_SECOND_SELLER_PRODUCTS: readonly DemoProduct[] = [
  ['Essential Oil Trio', 'Oils', 22, 'Three small bottles: orange, mint and lavender.'],
  ['Rose Petal Bath Soak', 'Bath Soak', 11, 'Dried rose petals and salts for the bath.'],
  ['Silk Pillowcase', 'Pillowcase', 32, 'A smooth silk pillowcase, standard size.'],
  ['Massage Candle', 'Candle', 19, 'A soy candle that melts into a warm massage oil.'],
];

const HOUR = 3600 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Seeds the demo products once; answers how many products the demo sellers have (also on later
 * runs). `passwordHash` is the demo password's, for the second seller's account.
 */
export async function seedDemoShop(
  db: Kysely<DB>,
  config: Config,
  passwordHash: string,
): Promise<{ products: number }> {
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('products as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('u.email', 'in', [DEMO_SELLER_EMAIL, DEMO_SECOND_SELLER.email])
          .executeTakeFirstOrThrow()
      ).n,
    );
  const done = await db.selectFrom('seed_log').select('key').where('key', '=', SEED_KEY).executeTakeFirst();
  if (done) return { products: await count() };

  const media = { db, storage: storageFor(config) };
  const first = await findUserByEmail(db, DEMO_SELLER_EMAIL);
  if (!first) return { products: 0 };
  let second = await findUserByEmail(db, DEMO_SECOND_SELLER.email);
  if (!second) {
    const id = await insertUser(db, {
      ...DEMO_SECOND_SELLER,
      password: passwordHash,
      city: 'Oakland',
      phone_number: '555-0102',
      dob: '1990-01-01',
    });
    const avatar = await storeGeneratedFile(
      media,
      id,
      `${DEMO_SECOND_SELLER.username}.png`,
      await placeholderImage('VD', 5),
    );
    await updateUser(db, id, { avatar_id: avatar.id });
    second = await findUserByEmail(db, DEMO_SECOND_SELLER.email);
  }

  const now = Date.now();
  const all = [
    ...DEMO_PRODUCTS.map((p) => ({ p, ownerId: Number(first.id) })),
    ...DEMO_SECOND_SELLER_PRODUCTS.map((p) => ({ p, ownerId: Number(second!.id) })),
  ];
  // Pictures first (files outside the transaction, as uploads are), then the rows in one go.
  const rows: Insertable<ProductsTable>[] = [];
  for (const [i, { p, ownerId }] of all.entries()) {
    const [name, label, dollars, description] = p;
    const bytes = await placeholderImage(label, i + 3, 600, 600);
    const picture = await storeGeneratedFile(media, ownerId, `demo-product-${pad(i + 1)}.png`, bytes);
    // Older first, so the shop (newest first) opens on the last ones.
    const at = new Date(now - (all.length - i) * HOUR).toISOString();
    rows.push({
      name,
      description,
      price: toCents(dollars),
      picture_id: picture.id,
      user_id: ownerId,
      archived_at: null,
      created_at: at,
      updated_at: at,
    });
  }
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.insertInto('products').values(row).execute();
    await trx.insertInto('seed_log').values({ key: SEED_KEY, applied_at: nowIso() }).execute();
  });
  return { products: await count() };
}
