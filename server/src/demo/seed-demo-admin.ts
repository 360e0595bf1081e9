import {
  addMonths,
  MESSAGES,
  packagePriceCents,
  REPORT_REASONS,
  reportSubjectOf,
  seededRandom,
  toCents,
  type ReportReason,
  type SeededRandom,
} from '@app/domain';
import { comparablePhone } from '@app/domain/trust';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import { nowIso } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { insertTransaction, transactionKey, withPaymentRegister } from '../modules/billing/index.ts';
import { fileReportOnce } from '../modules/content/index.ts';
import { claimFiles, storeGeneratedFile, uploadFiles, type UploadPart } from '../modules/media/index.ts';
import { BACK_TO_REVIEW, computeRiskSignals } from '../modules/moderation/index.ts';
import { findProcessingCosts } from '../modules/reference/index.ts';
import { findActiveSubscription, takeAdSlot } from '../modules/subscriptions/index.ts';
import { findUserByEmail, insertUser } from '../modules/users/index.ts';
import { demoAd, demoHobbyistEmail, demoProviderEmail } from './seed-demo-providers.ts';
import { DEMO_SCREENING_COMMENTS } from './seed-demo-screening.ts';
import { storageFor } from '../storage/index.ts';

/**
 * Something for the admin console to show on a fresh `npm run demo`, tame and with placeholder
 * names only:
 * - two providers who registered with an ID document and wait for its check (Verifications), each with a
 *   package bought by transaction id (Payments) and one ad waiting for review that cannot be approved
 *   until their ID is verified (Moderation);
 * - two ads of verified demo providers waiting for review, one with a phone number hidden in its text
 *   (the `hidden_contact` risk signal);
 * - a report from the Report Trafficking page, a listing report from a card, a provider's flag of a
 *   screening comment and a Contact Us message (Reports);
 * - a tip of hobbyist@demo.test paid by transaction id, waiting for its check (Payments).
 * Made the way the product makes them (registration's claim of an anonymous upload, the content module's
 * reports, the payment register, the moderation module's signals). Runs after the other demo seeds.
 * Idempotent: recorded in `seed_log`; each step also looks for what it made before.
 */

const SEED_KEY = 'demo-admin:v1';
const HOUR = 3600 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

export const demoPendingProviderEmail = (n: number) => `pendingprovider${pad(n)}@demo.test`;

/** The providers waiting for ID verification: placeholder names, adults by their date of birth. */
export const DEMO_PENDING_PROVIDERS = [
  { n: 1, first_name: 'Sample', last_name: 'Person One', dob: '1994-03-15', city: 'San Jose' },
  { n: 2, first_name: 'Sample', last_name: 'Person Two', dob: '1989-11-02', city: 'Oakland' },
] as const;

/** The pending ads' texts; the second verified one hides a phone number in words. */
const PENDING_AD_MESSAGE = 'New in town. Happy to chat about plans beforehand. Placeholder demo text.';
export const DEMO_HIDDEN_CONTACT_MESSAGE =
  'Friendly company for dinner and conversation. Text me at five five five, zero one nine nine.';

/** Fictional numbers (555-01xx), on no other demo ad or place. */
const PHONE = (n: number) => `408-555-01${pad(70 + n)}`;

export const DEMO_TIP_TRANSACTION_ID = 'DEMO-TIP-0001';
const SUBSCRIPTION_TRANSACTION_ID = (n: number) => `DEMO-PAY-PENDING-${pad(n)}`;

const TRAFFICKING_DETAILS =
  'Demo report (sample data): the wording of this ad worried me. Please take a look.';
const CARD_DETAILS = 'Demo report (sample data): this ad looks like a copy of another one.';
const FLAG_DETAILS = 'Demo flag (sample data): this comment seems to be about another number.';
const CONTACT = {
  name: 'Placeholder Visitor',
  email: 'visitor@demo.test',
  note: 'Demo message (sample data): how long does the review of a new ad usually take?',
};

/** A tame sample ID card: a plain card saying it is a demo, a placeholder name and a date of birth. */
export async function sampleIdDocument(name: string, dob: string, seed: number): Promise<Buffer> {
  const tint = ['#e7f1ff', '#e8f7ef'][seed % 2]!;
  const clean = (s: string) => s.replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
  <rect width="100%" height="100%" rx="24" fill="${tint}" stroke="#495057" stroke-width="6"/>
  <rect x="40" y="110" width="160" height="200" rx="12" fill="#adb5bd"/>
  <circle cx="120" cy="180" r="38" fill="#dee2e6"/>
  <rect x="70" y="230" width="100" height="60" rx="30" fill="#dee2e6"/>
  <g font-family="sans-serif" fill="#212529">
    <text x="320" y="70" text-anchor="middle" font-size="34" font-weight="700">SAMPLE ID \u2014 DEMO</text>
    <text x="230" y="150" font-size="18" fill="#6c757d">Name</text>
    <text x="230" y="180" font-size="26" font-weight="700">${clean(name)}</text>
    <text x="230" y="230" font-size="18" fill="#6c757d">Date of birth</text>
    <text x="230" y="260" font-size="26" font-weight="700">${clean(dob)}</text>
    <text x="320" y="360" text-anchor="middle" font-size="18" fill="#dc3545">NOT A REAL DOCUMENT</text>
  </g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A tame placeholder picture for an ad waiting for review: a mosaic of tiles of one hue in seeded shades,
 * with a short label. Unlike the gradients of placeholder-images.ts, which all have one perceptual hash,
 * each mosaic has its own, so the queue shows no "same photo" signal these demo pictures do not deserve.
 */
export async function mosaicPlaceholder(label: string, rnd: SeededRandom): Promise<Buffer> {
  const [cols, rows, size] = [9, 8, 600];
  const hue = rnd.int(0, 359);
  const tiles: string[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const light = rnd.int(25, 80);
      tiles.push(
        `<rect x="${((x * size) / cols).toFixed(1)}" y="${(y * size) / rows}" width="${(size / cols + 1).toFixed(1)}" height="${size / rows + 1}" fill="hsl(${hue},55%,${light}%)"/>`,
      );
    }
  }
  const text = label.replace(/[<>&"']/g, '').slice(0, 24);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  ${tiles.join('\n  ')}
  <text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="64" fill="#ffffff" fill-opacity="0.92">${text}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** What the console's queues hold of the demo, for the printout. */
export interface DemoAdminCounts {
  verifications: number;
  ads: number;
  reports: number;
  payments: number;
}

async function counts(db: Kysely<DB>): Promise<DemoAdminCounts> {
  const n = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
  const [verifications, ads, reports, contacts, subs, tips, orders] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_type', '=', 'Provider')
      .where('verification', '=', 'pending')
      .executeTakeFirst(),
    db
      .selectFrom('providers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('review_state', '=', 'pending')
      .executeTakeFirst(),
    db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '<>', 'closed')
      .executeTakeFirst(),
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '<>', 'closed')
      .executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('payment_status', '=', 'pending')
      .where('transaction_id', 'is not', null)
      .executeTakeFirst(),
    db
      .selectFrom('tips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('payment_status', '=', 'pending')
      .executeTakeFirst(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('payment_status', '=', 'pending')
      .where('transaction_id', 'is not', null)
      .where('status', '<>', MESSAGES.orderStatus.cancelled)
      .executeTakeFirst(),
  ]);
  return {
    verifications: n(verifications),
    ads: n(ads),
    reports: n(reports) + n(contacts),
    payments: n(subs) + n(tips) + n(orders),
  };
}

/** Seeds the console's demo content once; answers what its queues hold (also on later runs). */
export async function seedDemoAdmin(
  db: Kysely<DB>,
  config: Config,
  passwordHash: string,
): Promise<DemoAdminCounts> {
  const done = await db.selectFrom('seed_log').select('key').where('key', '=', SEED_KEY).executeTakeFirst();
  if (done) return counts(db);

  const media = { db, storage: storageFor(config), addressKey: config.jwtSecret };
  const byEmail = async (email: string) => {
    const u = await findUserByEmail(db, email);
    return u ? Number(u.id) : undefined;
  };
  const verified = [await byEmail(demoProviderEmail(5)), await byEmail(demoProviderEmail(6))];
  const hobbyist = await byEmail('hobbyist@demo.test');
  if (verified.some((id) => id === undefined) || hobbyist === undefined) return counts(db);

  // 1. Providers who registered with an ID document, as registration makes them: the document uploaded
  // without a login (private, with a claim token), then the account and its claim in one transaction.
  const pending: number[] = [];
  for (const p of DEMO_PENDING_PROVIDERS) {
    const email = demoPendingProviderEmail(p.n);
    const existing = await byEmail(email);
    if (existing !== undefined) {
      pending.push(existing);
      continue;
    }
    const bytes = await sampleIdDocument(`${p.first_name} ${p.last_name}`, p.dob, p.n);
    const [doc] = await uploadFiles(
      media,
      null,
      () =>
        (async function* (): AsyncGenerator<UploadPart> {
          const file = Object.assign(
            (async function* () {
              yield bytes;
            })(),
            { truncated: false },
          );
          yield { type: 'file', fieldname: 'files', filename: `sample-id-${pad(p.n)}.png`, file };
        })(),
      'demo',
    );
    const id = await db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, {
        email,
        username: `demo_pending_provider_${pad(p.n)}`,
        password: passwordHash,
        user_type: 'Provider',
        verification: 'pending',
        role: 'authenticated',
        is_active: 1,
        first_name: p.first_name,
        last_name: p.last_name,
        phone_number: PHONE(p.n),
        dob: p.dob,
        city: p.city,
      });
      const claimed = await claimFiles(trx, [{ id: doc!.item.id, token: doc!.claimToken! }], userId);
      await trx
        .insertInto('user_docs')
        .values(claimed.map((fileId) => ({ user_id: userId, file_id: fileId })))
        .execute();
      return userId;
    });
    pending.push(id);
  }

  // Each pending provider bought the smallest package with a transaction id (active, payment pending),
  // as a purchase writes it: the register, the subscription and its two ledger rows.
  const pkg = await db
    .selectFrom('packages')
    .selectAll()
    .where('retired', '=', 0)
    .orderBy('number_of_ads_per_day')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const costs = await findProcessingCosts(db);
  for (const [i, userId] of pending.entries()) {
    const transactionId = SUBSCRIPTION_TRANSACTION_ID(i + 1);
    if (!pkg || (await findActiveSubscription(db, userId))) continue;
    const price = packagePriceCents(pkg.total_price, costs.tax, costs.processing_fee);
    await withPaymentRegister(db, transactionId, 'subscription', async (trx, register) => {
      await register();
      const start = new Date(Date.now() - 2 * HOUR);
      const now = nowIso();
      const sub = await trx
        .insertInto('subscriptions')
        .values({
          user_id: userId,
          package_id: pkg.id,
          package_name: pkg.name,
          start_date: start.toISOString(),
          end_date: addMonths(start, pkg.validity).toISOString(),
          transaction_id: transactionId,
          transaction_key: transactionKey(transactionId),
          price,
          wallet_amount: 0,
          amount: price,
          ads_allowed: pkg.number_of_ads_per_day,
          payment_status: 'pending',
          reviewed_by: null,
          reviewed_at: null,
          reminder_sent_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = {
        transaction_uid: transactionId,
        user_id: userId,
        tip_id: null,
        subscription_id: Number(sub.id),
        order_type: 'package',
        payment_status: 'pending',
      } as const;
      await insertTransaction(trx, { ...row, transaction_type: 'credit', transaction_amount: price });
      await insertTransaction(trx, { ...row, transaction_type: 'debit', transaction_amount: price });
    });
  }

  // 2. One ad each waiting for review: the pending providers' (cannot be approved until verified) and two
  // of verified providers, one with a phone number hidden in its text. Each with its own placeholder
  // picture, an ad slot of the owner's subscription and its risk signals, as a submitted ad has them.
  const [languages, races] = await Promise.all([
    db.selectFrom('languages').select('id').orderBy('id').execute(),
    db.selectFrom('races').select('id').orderBy('id').execute(),
  ]);
  const refs = { languageIds: languages.map((l) => l.id), raceIds: races.map((r) => r.id) };
  const rnd = seededRandom(1414);
  const pictures = seededRandom(2828);
  const ads = [
    { owner: pending[0]!, title: 'Friendly companion in San Jose', city: 'San Jose', phone: PHONE(1) },
    { owner: pending[1]!, title: 'Relaxed evening company in Oakland', city: 'Oakland', phone: PHONE(2) },
    { owner: verified[0]!, title: 'Charming dinner date in San Jose', city: 'San Jose', phone: PHONE(3) },
    {
      owner: verified[1]!,
      title: 'Warm conversation in San Jose',
      city: 'San Jose',
      phone: PHONE(4),
      message: DEMO_HIDDEN_CONTACT_MESSAGE,
    },
  ];
  for (const [k, ad] of ads.entries()) {
    const held = await db
      .selectFrom('providers')
      .select('id')
      .where('user_id', '=', ad.owner)
      .where('title', '=', ad.title)
      .executeTakeFirst();
    if (held) continue;
    const picture = await mosaicPlaceholder(`Demo ${k + 1}`, pictures);
    const image = await storeGeneratedFile(media, ad.owner, `demo-review-${pad(k + 1)}.png`, picture);
    const at = new Date(Date.now() - (6 - k) * HOUR).toISOString();
    const values = {
      ...demoAd(rnd, 40 + k, { ...refs, userId: ad.owner }),
      title: ad.title,
      state: 'CA',
      city: ad.city,
      age: 24 + k * 3,
      phone: ad.phone,
      // The digits the shared-phone signal compares, as the directory stores them with the phone.
      phone_digits: comparablePhone(ad.phone),
      donation_hour: toCents(300),
      donation_half_hour: toCents(180),
      message: ad.message ?? PENDING_AD_MESSAGE,
      ...BACK_TO_REVIEW,
      created_at: at,
      updated_at: at,
    };
    await db.transaction().execute(async (trx) => {
      const slot = await findActiveSubscription(trx, ad.owner);
      if (slot) await takeAdSlot(trx, slot.id);
      const row = await trx.insertInto('providers').values(values).returning('id').executeTakeFirstOrThrow();
      const id = Number(row.id);
      await trx
        .insertInto('provider_images')
        .values({ provider_id: id, file_id: image.id, position: 0 })
        .execute();
      await computeRiskSignals(trx, { type: 'provider', id });
    });
  }

  // 3. Reports, through the content module (the reported record kept as `subject`): one from the Report
  // Trafficking page and one from a card's report button, each naming a public demo ad as the card's
  // report form prefills it; and a provider's flag of another provider's screening comment.
  const publicAd = async (email: string) => {
    const owner = await byEmail(email);
    if (owner === undefined) return undefined;
    return db
      .selectFrom('providers')
      .select(['id', 'name'])
      .where('user_id', '=', owner)
      .where('review_state', '=', 'approved')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  };
  const cardListing = (ad: { id: number; name: string }) =>
    `${MESSAGES.card.reportListing} #${ad.id}: ${ad.name}`.slice(0, 200);
  const reports: { reporter: string; email: string; reason: ReportReason; details: string }[] = [
    {
      reporter: demoHobbyistEmail(2),
      email: demoProviderEmail(7),
      reason: REPORT_REASONS[0],
      details: TRAFFICKING_DETAILS,
    },
    {
      reporter: demoHobbyistEmail(3),
      email: demoProviderEmail(8),
      reason: 'Spam or scam',
      details: CARD_DETAILS,
    },
  ];
  for (const r of reports) {
    const [reporter, ad] = [await byEmail(r.reporter), await publicAd(r.email)];
    if (reporter === undefined || !ad) continue;
    const listing = cardListing(ad);
    await fileReportOnce(db, reporter, {
      reason: r.reason,
      details: r.details,
      listing,
      subject: reportSubjectOf(listing) ?? undefined,
    });
  }
  // The screening module's flag, as it files it: provider02 flags provider01's demo comment.
  const flagger = await byEmail(demoProviderEmail(2));
  const author = await byEmail(demoProviderEmail(1));
  const comment =
    author === undefined
      ? undefined
      : await db
          .selectFrom('hobbyist_comments')
          .select(['id', 'hobbyist_comment'])
          .where('user_id', '=', author)
          .where('hobbyist_comment', '=', DEMO_SCREENING_COMMENTS[0])
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
  if (flagger !== undefined && comment) {
    const named = `hobbyist-comment:${comment.id}`;
    await fileReportOnce(db, flagger, {
      reason: 'Offensive or illegal content',
      details: [MESSAGES.screening.flagReason, FLAG_DETAILS, `"${comment.hobbyist_comment}"`].join('\n'),
      listing: named,
      subject: named,
    });
  }
  // A Contact Us message, as the form stores it.
  const said = await db
    .selectFrom('contact_messages')
    .select('id')
    .where('email', '=', CONTACT.email)
    .where('note', '=', CONTACT.note)
    .executeTakeFirst();
  if (!said) {
    const at = nowIso();
    await db
      .insertInto('contact_messages')
      .values({ ...CONTACT, created_at: at, updated_at: at })
      .execute();
  }

  // 4. A tip of the demo hobbyist to a public ad of provider04, paid by transaction id and waiting for the
  // check, as a tip is written: the register, the tip and the owner's pending ledger credit.
  const tipped = await publicAd(demoProviderEmail(4));
  const tipOwner = await byEmail(demoProviderEmail(4));
  const tipHeld = await db
    .selectFrom('tips')
    .select('id')
    .where('transaction_id', '=', DEMO_TIP_TRANSACTION_ID)
    .executeTakeFirst();
  if (tipped && tipOwner !== undefined && !tipHeld) {
    const cents = toCents(20);
    await withPaymentRegister(db, DEMO_TIP_TRANSACTION_ID, 'tip', async (trx, register) => {
      await register();
      const at = nowIso();
      const tip = await trx
        .insertInto('tips')
        .values({
          user_id: hobbyist,
          provider_id: Number(tipped.id),
          transaction_id: DEMO_TIP_TRANSACTION_ID,
          transaction_key: transactionKey(DEMO_TIP_TRANSACTION_ID),
          tip_amount: cents,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertTransaction(trx, {
        transaction_uid: DEMO_TIP_TRANSACTION_ID,
        transaction_amount: cents,
        user_id: tipOwner,
        tip_id: Number(tip.id),
        order_type: 'tip',
        transaction_type: 'credit',
        payment_status: 'pending',
      });
    });
  }

  await db.insertInto('seed_log').values({ key: SEED_KEY, applied_at: nowIso() }).execute();
  return counts(db);
}
