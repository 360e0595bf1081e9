import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { storeGeneratedFile } from '../modules/media/index.ts';
import {
  ensureAdmin,
  findUserByEmail,
  hashPassword,
  insertUser,
  updateUser,
} from '../modules/users/index.ts';
import type { DB } from '../db/schema.ts';
import { placeholderImage } from './placeholder-images.ts';
import { demoPendingProviderEmail, DEMO_PENDING_PROVIDERS, seedDemoAdmin } from './seed-demo-admin.ts';
import { seedDemoHobbyistActivity } from './seed-demo-hobbyist-activity.ts';
import { seedDemoPlaces } from './seed-demo-places.ts';
import { seedDemoScreening } from './seed-demo-screening.ts';
import { DEMO_SECOND_SELLER, seedDemoShop } from './seed-demo-shop.ts';
import { seedDemoOrders } from './seed-demo-orders.ts';
import { DEMO_ADS, demoHobbyistEmail, demoProviderEmail, seedDemoProviders } from './seed-demo-providers.ts';
import { storageFor } from '../storage/index.ts';
import { DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './demo-accounts.ts';

export { DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL, DEMO_PASSWORD };

/**
 * Demo content for `npm run demo`: one account per role with a generated placeholder avatar (their
 * e-mail addresses and the password are printed); demo providers with a few hundred ads and demo
 * hobbyists (seed-demo-providers.ts), whose reactions, comments and messages
 * seed-demo-hobbyist-activity.ts adds; and demo places with reviews (seed-demo-places.ts); demo products of two sellers (seed-demo-shop.ts);
 * something in every queue of the admin console (seed-demo-admin.ts). Idempotent.
 */
export async function seedDemo(
  db: Kysely<DB>,
  config: Config,
  options: { clipFile?: string } = {},
): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const media = { db, storage: storageFor(config) };
  for (const [i, a] of DEMO_ACCOUNTS.entries()) {
    if (await findUserByEmail(db, a.email)) continue;
    const id = await insertUser(db, {
      ...a,
      password: hash,
      city: 'San Jose',
      phone_number: '555-0100',
      dob: '1990-01-01',
      // Demo providers are seeded with their ID verified: their ads can be approved.
      ...(a.user_type === 'Provider'
        ? { verification: 'verified' as const, verified_at: new Date().toISOString() }
        : {}),
    });
    const avatar = await storeGeneratedFile(
      media,
      id,
      `${a.username}.png`,
      await placeholderImage(`${a.first_name[0]}${a.last_name[0]}`, i),
    );
    await updateUser(db, id, { avatar_id: avatar.id });
  }
  await ensureAdmin(db, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  const directory = await seedDemoProviders(db, config, hash, options.clipFile);
  await seedDemoHobbyistActivity(db);
  const places = await seedDemoPlaces(db, config, { clipFile: options.clipFile });
  await seedDemoScreening(db);
  const shop = await seedDemoShop(db, config, hash);
  // After the shop: the demo hobbyist's orders are of the demo seller's products.
  const orders = await seedDemoOrders(db);
  // Last: the admin console's queues hold some of everything above.
  const queues = await seedDemoAdmin(db, config, hash);
  const lines = [
    `Demo accounts (password for all: ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.user_type.padEnd(9)} ${a.email}`),
    `  Admin     ${DEMO_ADMIN_EMAIL}`,
    `  Provider  ${demoProviderEmail(1)} … ${demoProviderEmail(directory.providers)} (${DEMO_ADS} ads between them, each with a package for a year)`,
    `  (the Provider account above has no package and no ad: buy one at /package, then post at /ads/submit)`,
    `  Hobbyist  ${demoHobbyistEmail(1)} … ${demoHobbyistEmail(directory.hobbyists)}`,
    `  (${places.places} demo places at /eroticbody, /sextoy and /stripclub; one waits for review)`,
    `  Vender    ${DEMO_SECOND_SELLER.email} (${shop.products} demo products at /products, of the two vendors)`,
    `  (${orders.orders} demo orders of ${DEMO_ACCOUNTS[0].email} at /orders/view, one paid: see /sales/view as ${DEMO_ACCOUNTS[2].email})`,
    `  Provider  ${demoPendingProviderEmail(1)} … ${demoPendingProviderEmail(DEMO_PENDING_PROVIDERS.length)} (ID awaiting verification)`,
    `  (/admin as ${DEMO_ADMIN_EMAIL}, after enrolling two-factor sign-in: ${queues.ads} ads to review, ${queues.verifications} IDs to verify, ${queues.payments} payments to check, ${queues.reports} reports and messages)`,
  ];
  console.log(lines.join('\n'));
}
