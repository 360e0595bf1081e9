import type { THobbyistRatingKind } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { demoProviderEmail } from './seed-demo-providers.ts';

/**
 * Fictional numbers (the 555-01xx range is reserved for fiction), stored as digits like every
 * screening record.
 */
export const DEMO_SCREENING_NUMBERS = [
  '4085550101',
  '4085550114',
  '4085550127',
  '4085550133',
  '4085550148',
  '4085550162',
] as const;

/** Tame demo comments, as a provider would leave them. */
export const DEMO_SCREENING_COMMENTS = ['Polite and on time.', 'Paid as agreed, friendly.'] as const;

const KINDS: readonly THobbyistRatingKind[] = ['like', 'like', 'average', 'dislike', 'like'];
const DAY = 24 * 3600 * 1000;

/**
 * Demo screening: a handful of records added by the first demo providers
 * (provider01@demo.test …), some ratings and two tame comments, all dated a few days back (so they
 * do not count towards anyone's daily limit). Idempotent: numbers and ratings are unique, and a
 * comment is added only when its provider has not left that text on that record yet.
 */
export async function seedDemoScreening(
  db: Kysely<DB>,
): Promise<{ records: number; ratings: number; comments: number }> {
  return db.transaction().execute(async (trx) => {
    const providers = await trx
      .selectFrom('users')
      .select('id')
      .where(
        'email',
        'in',
        [1, 2, 3].map((n) => demoProviderEmail(n)),
      )
      .orderBy('id')
      .execute();
    if (!providers.length) return { records: 0, ratings: 0, comments: 0 };
    const ids = providers.map((p) => Number(p.id));
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();

    let records = 0;
    for (const [i, phone] of DEMO_SCREENING_NUMBERS.entries()) {
      const when = at(2 + i);
      const res = await trx
        .insertInto('customer_hobbyists')
        .values({ phone_number: phone, created_by: ids[i % ids.length]!, created_at: when, updated_at: when })
        .onConflict((oc) => oc.column('phone_number').doNothing())
        .executeTakeFirst();
      records += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    const rows = await trx
      .selectFrom('customer_hobbyists')
      .select('id')
      .where('phone_number', 'in', [...DEMO_SCREENING_NUMBERS])
      .orderBy('id')
      .execute();
    const recordIds = rows.map((r) => Number(r.id));

    let ratings = 0;
    for (const [i, recordId] of recordIds.entries()) {
      for (const [j, userId] of ids.entries()) {
        if ((i + j) % 3 === 2) continue;
        const when = at(1 + ((i + j) % 3));
        const res = await trx
          .insertInto('hobbyist_ratings')
          .values({
            customer_hobbyist_id: recordId,
            user_id: userId,
            kind: KINDS[(i + j) % KINDS.length]!,
            created_at: when,
            updated_at: when,
          })
          .onConflict((oc) => oc.columns(['customer_hobbyist_id', 'user_id']).doNothing())
          .executeTakeFirst();
        ratings += Number(res.numInsertedOrUpdatedRows ?? 0);
      }
    }

    let comments = 0;
    for (const [k, text] of DEMO_SCREENING_COMMENTS.entries()) {
      const recordId = recordIds[k];
      const userId = ids[k % ids.length]!;
      if (recordId === undefined) continue;
      const said = await trx
        .selectFrom('hobbyist_comments')
        .select('id')
        .where('customer_hobbyist_id', '=', recordId)
        .where('user_id', '=', userId)
        .where('hobbyist_comment', '=', text)
        .executeTakeFirst();
      if (said) continue;
      const when = at(2);
      await trx
        .insertInto('hobbyist_comments')
        .values({
          customer_hobbyist_id: recordId,
          user_id: userId,
          hobbyist_comment: text,
          created_at: when,
          updated_at: when,
        })
        .execute();
      comments++;
    }
    return { records, ratings, comments };
  });
}
