import { describe, expect, it } from 'vitest';
import { ctx, db, expectHobbyistOnly, setUpHobbyistCast, shown } from './hobbyist-fixtures.ts';

/** Every write that is a hobbyist's own voice refuses anyone else, in every area. */
setUpHobbyistCast();

describe('hobbyist-only writes', () => {
  it('refuse anonymous visitors (401), providers, vendors and the admin (403), whatever the body', async () => {
    const writes: [string, unknown][] = [
      ['/api/likes', { data: { provider: shown } }],
      ['/api/dislikes', { data: { provider: shown } }],
      ['/api/averages', { data: { provider: shown } }],
      ['/api/comments', { data: { provider: shown, comment: 'Hello' } }],
      ['/api/messages', { data: { provider: shown, text: 'Hello' } }],
      [`/api/providers/${shown}/mail`, { data: { message: 'Hello' } }],
      ['/api/tips', { data: { provider: shown, tip_amount: 5, transaction_id: 'tx-1' } }],
      ['/api/likes', { data: {} }],
      ['/api/tips', {}],
    ];
    for (const [url, body] of writes) await expectHobbyistOnly('POST', url, body);
    expect(await db().selectFrom('reactions').select('id').execute()).toHaveLength(0);
    expect(await db().selectFrom('tips').select('id').execute()).toHaveLength(0);
    expect(ctx.mailer.sent).toHaveLength(0);
  });
});
