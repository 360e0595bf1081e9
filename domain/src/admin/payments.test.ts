import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  hiddenTransactionIdCharacters,
  orderPaymentDescription,
  paymentIdFlags,
  tipPaymentDescription,
} from './payments.ts';

const F = MESSAGES.payments.flags;
const malformed = (id: string | null) => paymentIdFlags(id).map((f) => f.explanation);

describe('paymentIdFlags: ids that look made up or were given twice', () => {
  it('passes ordinary payment app ids', () => {
    for (const id of ['TX-2024-0001', '8F3K2L9Q', 'pi_3NqK.7:ab', '  ABCDEF12  ', '112233']) {
      expect(paymentIdFlags(id), id).toEqual([]);
    }
  });

  it('flags a blank id', () => {
    expect(malformed(null)).toEqual([F.malformedBlank]);
    expect(malformed('')).toEqual([F.malformedBlank]);
    expect(malformed('   ')).toEqual([F.malformedBlank]);
  });

  it('flags characters outside the plain set (letters A-Z, digits, space and -_.:/#), invisible ones too', () => {
    expect(malformed('TX 12345')).toEqual([]);
    expect(malformed('abc#12345/7')).toEqual([]);
    expect(malformed('=HYPERLINK(1)')).toEqual([F.malformedCharacters]);
    expect(malformed('pago-ñ12345')).toEqual([F.malformedCharacters]);
    expect(malformed('TX-12345\u200b')).toEqual([F.malformedCharacters]);
    expect(malformed('T\u0425-12345')).toEqual([F.malformedCharacters]);
  });

  it('spells out the characters outside the plain set as code points', () => {
    expect(hiddenTransactionIdCharacters('TX-12345')).toEqual([]);
    expect(hiddenTransactionIdCharacters(null)).toEqual([]);
    expect(hiddenTransactionIdCharacters('T\u0425-1\u200b2\u{1F600}')).toEqual([
      'U+0425',
      'U+200B',
      'U+1F600',
    ]);
  });

  it('flags an id shorter than 6 characters', () => {
    expect(malformed('abc12')).toEqual([F.malformedShort]);
    expect(malformed('a')).toEqual([F.malformedShort]);
    expect(malformed('abc123')).toEqual([]);
  });

  it('flags an id that repeats one character', () => {
    expect(malformed('000000')).toEqual([F.malformedRepeated]);
    expect(malformed('xxxxxxxxxx')).toEqual([F.malformedRepeated]);
    expect(malformed('000001')).toEqual([]);
  });

  it('each flag has its kind; a duplicate names the other payments', () => {
    const flags = paymentIdFlags('aaaa', [
      { kind: 'order', id: 4 },
      { kind: 'tip', id: 2 },
    ]);
    expect(flags).toEqual([
      { kind: 'malformed', explanation: F.malformedShort },
      {
        kind: 'duplicate',
        explanation: `${F.duplicate} ${MESSAGES.payments.kinds.order} #4, ${MESSAGES.payments.kinds.tip} #2`,
      },
    ]);
    expect(paymentIdFlags('TX-123456', [{ kind: 'subscription', id: 9 }]).map((f) => f.kind)).toEqual([
      'duplicate',
    ]);
  });
});

describe('descriptions', () => {
  it('names an order with its line count and a tip with its ad', () => {
    expect(orderPaymentDescription(12, 1)).toBe(
      `${MESSAGES.payments.orderLabel}12 · 1 ${MESSAGES.payments.itemOne}`,
    );
    expect(orderPaymentDescription(12, 3)).toBe(
      `${MESSAGES.payments.orderLabel}12 · 3 ${MESSAGES.payments.itemMany}`,
    );
    expect(tipPaymentDescription('Aria')).toBe(`${MESSAGES.payments.tipTo} Aria`);
    expect(tipPaymentDescription(null)).toBe(MESSAGES.payments.kinds.tip);
  });
});
