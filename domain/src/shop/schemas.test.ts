import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { ZCheckoutItem, ZCheckoutRequest, ZPrice, ZPriceText, ZProductForm } from './schemas.ts';

const P = MESSAGES.productForm;

/** The messages a schema answers for a value (empty when it passes). */
const messagesOf = (schema: typeof ZPrice | typeof ZPriceText, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('ZPriceText and ZPrice: one set of price rules for the form and the API', () => {
  it('answers one message a price, the first rule it breaks', () => {
    const cases: [string, string][] = [
      ['', P.priceRequired],
      ['   ', P.priceRequired],
      ['12.345', P.priceInvalid],
      ['12.', P.priceInvalid],
      ['.50', P.priceInvalid],
      ['12,50', P.priceInvalid],
      ['1e3', P.priceInvalid],
      ['0.00', P.priceInvalid],
      ['abc', P.priceInvalid],
      ['-5', P.priceInvalid],
      ['0', P.priceInvalid],
      ['12345678901', P.priceInvalid],
      ['100001', MESSAGES.shopErrors.priceTooHigh],
      ['100000.01', MESSAGES.shopErrors.priceTooHigh],
      ['9999999999', MESSAGES.shopErrors.priceTooHigh],
    ];
    for (const [text, message] of cases) {
      expect(messagesOf(ZPriceText, text), text).toEqual([message]);
      expect(messagesOf(ZPrice, text), text).toEqual([message]);
    }
    expect(messagesOf(ZPriceText, undefined)).toEqual([P.priceRequired]);
    expect(messagesOf(ZPrice, undefined)).toEqual([P.priceRequired]);
  });

  it('takes cents: dollars with one or two decimals, from one cent', () => {
    for (const text of ['12.50', '12.5', '0.01', '0.5', '99999.99', '100000.00', '7']) {
      expect(messagesOf(ZPriceText, text), text).toEqual([]);
      expect(messagesOf(ZPrice, text), text).toEqual([]);
    }
    expect(ZPrice.parse('12.50')).toBe(12.5);
    expect(ZPrice.parse(12.5)).toBe(12.5);
    expect(ZPrice.parse('0.01')).toBe(0.01);
    expect(ZProductForm.shape.price.parse(' 12.50 ')).toBe('12.50');
    // A number in whole cents is read to the cent, whatever its binary noise; a fraction of a cent is refused.
    expect(ZPrice.parse(0.1 + 0.2)).toBe(0.3);
    expect(ZPrice.parse(19.99)).toBe(19.99);
    expect(messagesOf(ZPrice, 12.345)).toEqual([P.priceInvalid]);
    expect(messagesOf(ZPrice, 0.001)).toEqual([P.priceInvalid]);
  });

  it('the form keeps the text; the API also takes a number and answers dollars', () => {
    expect(ZPriceText.parse(' 18 ')).toBe('18');
    expect(ZProductForm.shape.price.parse('100000')).toBe('100000');
    expect(ZPrice.parse(' 18 ')).toBe(18);
    expect(ZPrice.parse(1)).toBe(1);
    expect(ZPrice.parse('100000')).toBe(100_000);
    expect(messagesOf(ZPrice, 1e21)).toEqual([P.priceInvalid]);
    expect(messagesOf(ZPrice, 100_001)).toEqual([MESSAGES.shopErrors.priceTooHigh]);
  });
});

describe('ZCheckoutItem and ZCheckoutRequest: messages that say what is wrong', () => {
  const E = MESSAGES.shopErrors;
  const quantityMessages = (quantity: unknown) => {
    const r = ZCheckoutItem.safeParse({ product: 1, quantity });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('a quantity that is not a whole number, zero or over 99 each has its own message', () => {
    expect(quantityMessages('two')).toEqual([E.quantityWhole]);
    expect(quantityMessages(1.5)).toEqual([E.quantityWhole]);
    expect(quantityMessages(0)).toEqual([MESSAGES.productDetails.quantityZero]);
    expect(quantityMessages(-1)).toEqual([MESSAGES.productDetails.quantityZero]);
    expect(quantityMessages(100)).toEqual([E.quantityTooHigh]);
    expect(quantityMessages(99)).toEqual([]);
  });

  it('reads a transaction id sent as a JSON number as its digits', () => {
    const billing = {
      first_name: 'Robin',
      last_name: 'Lane',
      email_address: 'robin@example.test',
      phone: '4085550123',
      country: 'US',
      address: '1 Main St',
      town: 'San Jose',
      postcode: '95112',
    };
    const parsed = ZCheckoutRequest.parse({
      items: [{ product: 1, quantity: 1 }],
      billing,
      transaction_id: 123456,
    });
    expect(parsed.transaction_id).toBe('123456');
    const blank = ZCheckoutRequest.safeParse({
      items: [{ product: 1, quantity: 1 }],
      billing,
      transaction_id: ' ',
    });
    expect(blank.success ? [] : blank.error.issues.map((i) => i.message)).toEqual([
      MESSAGES.checkout.transactionIdRequired,
    ]);
  });
});
