import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../schema.ts';
import { insertUser, findUserByEmail } from '../../modules/users/users.queries.ts';
import { hashPassword, ensureAdmin } from '../../modules/users/users.service.ts';

export const DEMO_PASSWORD = 'Demo-pass-1';
const DEMO_ACCOUNTS = [
  {
    email: 'hobbyist@demo.test',
    username: 'demo_hobbyist',
    user_type: 'Hobbyist',
    first_name: 'Harper',
    last_name: 'Demo',
  },
  {
    email: 'provider@demo.test',
    username: 'demo_provider',
    user_type: 'Provider',
    first_name: 'Paige',
    last_name: 'Demo',
  },
  {
    email: 'vendor@demo.test',
    username: 'demo_vendor',
    user_type: 'Vender',
    first_name: 'Victor',
    last_name: 'Demo',
  },
] as const;

/** Demo content for `npm run demo`: one account per role (printed), more as features arrive. */
export async function seedDemo(db: Kysely<DB>, _config: Config): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const a of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, a.email)) continue;
    await insertUser(db, {
      ...a,
      password: hash,
      city: 'San Jose',
      phone_number: '555-0100',
      dob: '1990-01-01',
    });
  }
  await ensureAdmin(db, 'admin@demo.test', DEMO_PASSWORD);
  const lines = [
    'Demo accounts (password for all: ' + DEMO_PASSWORD + '):',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.user_type.padEnd(9)} ${a.email}`),
    `  Admin     admin@demo.test`,
  ];
  console.log(lines.join('\n'));
}
