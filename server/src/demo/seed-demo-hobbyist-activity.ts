import { sql, type Insertable, type Kysely } from 'kysely';
import { shownProvider } from '../access/index.ts';
import { createMissingConversations } from '../modules/messages/index.ts';
import type { ReactionKind } from '../modules/reactions/index.ts';
import type { DB } from '../db/schema.ts';

/** Tame demo comments, as a hobbyist would leave them. */
export const DEMO_COMMENTS = ['Very friendly and on time.', 'Great conversation, would book again.'] as const;

/** Tame demo messages to providers, as a hobbyist would send them (a provider's Review Mail shows them). */
export const DEMO_MESSAGES = [
  'Hello! Are you available on Friday evening?',
  'Could we meet for coffee downtown next week?',
] as const;

/** The provider's tame answer in some of those conversations. */
export const DEMO_ANSWER =
  'Thank you for your message! Friday evening works; let us settle the details here.';

/** More likes than anything else, some averages, a few dislikes. */
const KIND_CYCLE: readonly ReactionKind[] = ['like', 'like', 'average', 'like', 'dislike'];
const HOUR = 3600 * 1000;
const CHUNK = 400;

/**
 * Demo reactions and comments from the demo hobbyists (Hobbyist accounts at @demo.test) on about
 * two thirds of the shown providers, with the providers' counters recounted from the rows so they
 * always agree, and a few messages. Idempotent: a second run adds nothing (one reaction per hobbyist
 * and provider; a comment or message only when that hobbyist has not sent that text there yet).
 */
export async function seedDemoHobbyistActivity(
  db: Kysely<DB>,
): Promise<{ reactions: number; comments: number; messages: number }> {
  return db.transaction().execute(async (trx) => {
    const hobbyists = await trx
      .selectFrom('users')
      .select('id')
      .where('user_type', '=', 'Hobbyist')
      .where('email', 'like', '%@demo.test')
      .orderBy('id')
      .execute();
    const providers = await trx
      .selectFrom('providers as p')
      .select('p.id')
      .where((eb) => shownProvider(eb as never, 'p'))
      .orderBy('p.id')
      .execute();
    const chosen = providers.map((p) => Number(p.id)).filter((id) => id % 3 !== 0);
    if (!hobbyists.length || !chosen.length) return { reactions: 0, comments: 0, messages: 0 };

    const hobbyistIds = hobbyists.map((h) => h.id);
    /** `user:provider:text` of what the demo hobbyists already wrote, so a rerun adds nothing twice. */
    const written = async (table: 'comments' | 'messages', column: 'comment' | 'text') => {
      const rows = (await trx
        .selectFrom(table)
        .select(['user_id', 'provider_id', column] as never)
        .where('user_id', 'in', hobbyistIds)
        .execute()) as Record<string, unknown>[];
      return new Set(rows.map((r) => `${String(r.user_id)}:${String(r.provider_id)}:${String(r[column])}`));
    };
    const said = await written('comments', 'comment');
    const sent = await written('messages', 'text');

    const now = Date.now();
    const reactions: DB['reactions'][] = [];
    const comments: Omit<DB['comments'], 'id'>[] = [];
    const messages: Insertable<DB['messages']>[] = [];
    hobbyists.forEach((h, i) => {
      for (const providerId of chosen) {
        const at = new Date(now - ((providerId * 7 + i * 13) % 400) * HOUR).toISOString();
        reactions.push({
          user_id: h.id,
          provider_id: providerId,
          kind: KIND_CYCLE[(providerId + i) % KIND_CYCLE.length]!,
          created_at: at,
          updated_at: at,
        } as DB['reactions']);
        if ((providerId + i) % 2 === 0) {
          const comment = DEMO_COMMENTS[(providerId + i) % 4 === 0 ? 0 : 1];
          if (!said.has(`${h.id}:${providerId}:${comment}`)) {
            comments.push({
              user_id: h.id,
              provider_id: providerId,
              comment,
              created_at: at,
              updated_at: at,
            });
          }
        }
        if ((providerId + i) % 5 === 0) {
          const text = DEMO_MESSAGES[(providerId + i) % 10 === 0 ? 0 : 1];
          if (!sent.has(`${h.id}:${providerId}:${text}`)) {
            const message = { user_id: h.id, provider_id: providerId, created_at: at, updated_at: at };
            messages.push({ ...message, text, from_provider: 0 });
            // Every other conversation has the provider's answer, an hour later.
            if ((providerId + i) % 10 === 0) {
              const later = new Date(Date.parse(at) + HOUR).toISOString();
              messages.push({
                ...message,
                text: DEMO_ANSWER,
                from_provider: 1,
                created_at: later,
                updated_at: later,
              });
            }
          }
        }
      }
    });

    let addedReactions = 0;
    for (let i = 0; i < reactions.length; i += CHUNK) {
      const rows = await trx
        .insertInto('reactions')
        .values(reactions.slice(i, i + CHUNK) as never)
        .onConflict((oc) => oc.columns(['user_id', 'provider_id']).doNothing())
        .returning('id')
        .execute();
      addedReactions += rows.length;
    }
    for (let i = 0; i < comments.length; i += CHUNK) {
      await trx
        .insertInto('comments')
        .values(comments.slice(i, i + CHUNK) as never)
        .execute();
    }
    for (let i = 0; i < messages.length; i += CHUNK) {
      await trx
        .insertInto('messages')
        .values(messages.slice(i, i + CHUNK) as never)
        .execute();
    }
    await createMissingConversations(trx);

    // Recount rather than increment: the counters then match the rows whatever ran before.
    const count = (table: 'reactions' | 'comments', kind?: ReactionKind) =>
      sql<number>`(select count(*) from ${sql.table(table)} x where x.provider_id = providers.id${
        kind ? sql` and x.kind = ${kind}` : sql``
      })`;
    for (let i = 0; i < chosen.length; i += CHUNK) {
      await trx
        .updateTable('providers')
        .set({
          likes_count: count('reactions', 'like'),
          dislikes_count: count('reactions', 'dislike'),
          averages_count: count('reactions', 'average'),
          comments_count: count('comments'),
        })
        .where('id', 'in', chosen.slice(i, i + CHUNK))
        .execute();
    }
    return { reactions: addedReactions, comments: comments.length, messages: messages.length };
  });
}
