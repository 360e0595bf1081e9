import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_COMMENTS,
  DEMO_MESSAGES,
  seedDemoHobbyistActivity,
} from '../src/demo/seed-demo-hobbyist-activity.ts';
import { DEFAULT_PAYMENT_ADDRESS, PAYMENT_ADDRESS_KEY } from '../src/modules/billing/index.ts';
import { insertUser } from '../src/modules/users/users.queries.ts';
import { seedAtStart } from '../src/seed.ts';
import { buildProviderAd } from './factories.ts';
import { buildHobbyist, buildProvider, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
const db = () => ctx.database.db;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const demoHobbyist = (n: number) =>
  insertUser(db(), {
    username: `demo_hob_${n}`,
    email: `hobbyist${n}@demo.test`,
    password: 'not-a-real-hash',
    user_type: 'Hobbyist',
    first_name: 'Demo',
    last_name: 'Hobbyist',
  });

describe('payment address setting', () => {
  it('is seeded with the placeholder and never overwritten by a later seed', async () => {
    const read = () =>
      db().selectFrom('settings').select('value').where('key', '=', PAYMENT_ADDRESS_KEY).executeTakeFirst();
    expect((await read())?.value).toBe(DEFAULT_PAYMENT_ADDRESS);
    await db()
      .updateTable('settings')
      .set({ value: 'PAY-TO: operator@example.test' })
      .where('key', '=', PAYMENT_ADDRESS_KEY)
      .execute();
    expect(await seedAtStart(db(), { cities: false })).toEqual([]);
    expect((await read())?.value).toBe('PAY-TO: operator@example.test');
  });
});

describe('seedDemoHobbyistActivity', () => {
  it('does nothing without demo hobbyists or shown providers', async () => {
    expect(await seedDemoHobbyistActivity(db())).toEqual({ reactions: 0, comments: 0, messages: 0 });
  });

  it('reacts and comments on about two thirds of the shown providers, counters consistent, idempotent', async () => {
    const owner = await buildProvider(ctx);
    const shown: number[] = [];
    for (let i = 0; i < 9; i++) shown.push(await buildProviderAd(ctx, owner));
    const hidden = await buildProviderAd(ctx, owner, { is_showed: 0 });
    const hobbyists = [await demoHobbyist(1), await demoHobbyist(2)];
    const outsider = await buildHobbyist(ctx);

    const first = await seedDemoHobbyistActivity(db());
    expect(first.reactions).toBeGreaterThanOrEqual(10);
    expect(first.comments).toBeGreaterThan(0);
    expect(first.messages).toBeGreaterThan(0);

    const reactions = await db().selectFrom('reactions').select(['user_id', 'provider_id', 'kind']).execute();
    const comments = await db()
      .selectFrom('comments')
      .select(['user_id', 'provider_id', 'comment'])
      .execute();
    expect(new Set(reactions.map((r) => r.user_id))).toEqual(new Set(hobbyists));
    expect(reactions.some((r) => r.user_id === outsider.id || r.provider_id === hidden)).toBe(false);
    const reacted = new Set(reactions.map((r) => r.provider_id));
    expect(reacted.size).toBeGreaterThanOrEqual(Math.floor((shown.length * 2) / 3));
    expect(reacted.size).toBeLessThan(shown.length);
    for (const c of comments) expect(DEMO_COMMENTS).toContain(c.comment);
    const messages = await db().selectFrom('messages').select(['user_id', 'provider_id', 'text']).execute();
    expect(messages).toHaveLength(first.messages);
    for (const m of messages) {
      expect(DEMO_MESSAGES).toContain(m.text);
      expect(hobbyists).toContain(m.user_id);
      expect(shown).toContain(m.provider_id);
    }

    const check = async () => {
      const rows = await db()
        .selectFrom('providers')
        .select(['id', 'likes_count', 'dislikes_count', 'averages_count', 'comments_count'])
        .execute();
      const now = await db().selectFrom('reactions').select(['provider_id', 'kind']).execute();
      const said = await db().selectFrom('comments').select(['provider_id']).execute();
      for (const p of rows) {
        const of = (kind: string) => now.filter((r) => r.provider_id === p.id && r.kind === kind).length;
        expect(Number(p.likes_count)).toBe(of('like'));
        expect(Number(p.dislikes_count)).toBe(of('dislike'));
        expect(Number(p.averages_count)).toBe(of('average'));
        expect(Number(p.comments_count)).toBe(said.filter((c) => c.provider_id === p.id).length);
      }
    };
    await check();

    expect(await seedDemoHobbyistActivity(db())).toEqual({ reactions: 0, comments: 0, messages: 0 });
    expect(await db().selectFrom('reactions').select('id').execute()).toHaveLength(reactions.length);
    expect(await db().selectFrom('comments').select('id').execute()).toHaveLength(comments.length);
    expect(await db().selectFrom('messages').select('id').execute()).toHaveLength(messages.length);
    await check();
  });
});
