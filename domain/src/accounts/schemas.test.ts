import { describe, expect, it } from 'vitest';
import { ZBillingDetails } from '../shop/schemas.ts';
import { ZPlaceForm } from '../places/schemas.ts';
import { ZReportRequest } from '../content/schemas.ts';
import { MESSAGES } from '../messages.ts';
import { profileFields, ZContactMessage as ZContact, ZEmail, ZEmailAddress } from './schemas.ts';

const V = MESSAGES.validation;

/** The messages a schema answers for a value (empty when it passes). */
const messagesOf = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  v: unknown,
) => {
  const r = schema.safeParse(v) as { success: boolean; error?: { issues: { message: string }[] } };
  return r.success ? [] : r.error!.issues.map((i) => i.message);
};

const VALID = [
  'robin@example.info',
  'robin@example.email',
  'robin@shop.online',
  'robin@example.co',
  'robin@example.com',
  'robin.lane+news@mail.example.co.uk',
  'r_l-2@example.museum',
];
const INVALID = [
  'robin@example.c',
  'robin@example',
  'robin example@example.com',
  'robin@@example.com',
  'robin@example..com',
  '.robin@example.com',
  'robin@example.com.',
  'robin@-example.com',
  'robin@example.c0m',
  '@example.com',
  'robin@',
];

describe('the e-mail rule: every valid address, whatever its ending (decision 0028)', () => {
  it.each(VALID)('takes %s everywhere an e-mail is asked for', (email) => {
    expect(messagesOf(ZEmailAddress, email)).toEqual([]);
    expect(messagesOf(ZEmail, email)).toEqual([]);
    // Registration and My Profile (the spec's 2-3 letter ending refused .info, .email, .online).
    expect(messagesOf(profileFields.email, email)).toEqual([]);
  });

  it.each(INVALID)('refuses %s as not valid', (email) => {
    expect(messagesOf(ZEmailAddress, email)).toEqual([V.emailInvalid]);
    expect(messagesOf(ZEmail, email)).toEqual([V.emailInvalid]);
    expect(messagesOf(profileFields.email, email.length < 6 ? `${email}xxxxxx` : email)).toEqual([
      V.emailInvalid,
    ]);
  });

  it('keeps each field its own length limits and required message', () => {
    expect(messagesOf(profileFields.email, '')[0]).toBe(V.emailRequired);
    expect(messagesOf(profileFields.email, 'a@b.c')).toEqual([V.emailTooShort]);
    expect(messagesOf(profileFields.email, `${'a'.repeat(60)}@example.info`)).toEqual([
      V.emailProfileTooLong,
    ]);
    expect(messagesOf(ZEmail, `${'a'.repeat(150)}@example.info`)).toEqual([V.emailTooLong]);
    expect(profileFields.email.parse('  robin@example.online ')).toBe('robin@example.online');
  });

  it('is the same rule in the contact, checkout, place and report forms', () => {
    const email = 'robin@example.online';
    expect(messagesOf(ZContact.shape.email, email)).toEqual([]);
    expect(messagesOf(ZBillingDetails.shape.email_address, email)).toEqual([]);
    expect(messagesOf(ZPlaceForm.shape.email, email)).toEqual([]);
    expect(messagesOf(ZReportRequest.shape.email, email)).toEqual([]);
    for (const schema of [
      ZContact.shape.email,
      ZBillingDetails.shape.email_address,
      ZPlaceForm.shape.email,
      ZReportRequest.shape.email,
    ]) {
      expect(messagesOf(schema, 'robin@example')).toEqual([V.emailInvalid]);
    }
  });
});
