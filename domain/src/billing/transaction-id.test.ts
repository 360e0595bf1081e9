import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../catalogue/billing.ts';
import { ZTipRequest } from './tips.ts';
import { ZCheckoutForm } from '../shop/schemas.ts';
import { ZSubscriptionPurchase } from './subscriptions.ts';
import { isPlainTransactionId, normaliseTransactionId, transactionIdText } from './transaction-id.ts';

const CHARACTERS = BILLING_MESSAGES.transactionIds.characters;

describe('normaliseTransactionId: what is stored of a typed id', () => {
  it('drops format characters, folds compatibility forms and trims white space', () => {
    for (const invisible of ['\u200B', '\u200C', '\u200D', '\u2060', '\u00AD', '\u180E', '\uFEFF']) {
      expect(normaliseTransactionId(`TX-${invisible}12`)).toBe('TX-12');
    }
    expect(normaliseTransactionId('\uFF34\uFF38\uFF0D\uFF11\uFF12')).toBe('TX-12');
    expect(normaliseTransactionId('  TX \t 12\n')).toBe('TX 12');
  });

  it('keeps look-alike letters of other alphabets (they are refused, not rewritten)', () => {
    expect(normaliseTransactionId('T\u0425-12')).toBe('T\u0425-12');
    expect(isPlainTransactionId('T\u0425-12')).toBe(false);
  });
});

describe('transactionIdText and the schemas that read an id', () => {
  const schema = transactionIdText('required', 'too long', 20);
  const messages = (value: unknown) => {
    const r = schema.safeParse(value);
    return r.success ? r.data : r.error.issues.map((i) => i.message);
  };

  it('answers the cleaned id, or one message saying what is wrong', () => {
    expect(messages(' TX-1\u200B2 ')).toBe('TX-12');
    expect(messages('TX_2024.11:7/#88')).toBe('TX_2024.11:7/#88');
    expect(messages('\u200B ')).toEqual(['required']);
    expect(messages('x'.repeat(21))).toEqual(['too long']);
    for (const bad of ['T\u0425-12', 'TX<1>', 'TX-€', 'TX-%41', 'TX\u0301', 'TX-😀']) {
      expect(messages(bad), bad).toEqual([CHARACTERS]);
    }
  });

  it('every payer schema cleans and checks the id the same way', () => {
    const tip = ZTipRequest.safeParse({ provider: 1, tip_amount: 5, transaction_id: 'T\u0425-1' });
    expect(tip.success ? [] : tip.error.issues.map((i) => i.message)).toEqual([CHARACTERS]);
    const sub = ZSubscriptionPurchase.parse({ package: 1, transaction_id: '\uFF34X-1\u200B' });
    expect(sub.transaction_id).toBe('TX-1');
    expect(
      ZSubscriptionPurchase.parse({ package: 1, transaction_id: '\u200B' }).transaction_id,
    ).toBeUndefined();
    const badSub = ZSubscriptionPurchase.safeParse({ package: 1, transaction_id: 'T\u0425-1' });
    expect(badSub.success ? [] : badSub.error.issues.map((i) => i.message)).toEqual([CHARACTERS]);
    const form = ZCheckoutForm.shape.transaction_id.safeParse('TX-\u0410');
    expect(form.success ? [] : form.error.issues.map((i) => i.message)).toEqual([CHARACTERS]);
  });
});
