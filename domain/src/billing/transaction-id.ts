/**
 * A payment's transaction id as the payer types it (tips, package purchases, checkouts): how it is cleaned
 * and which characters it may hold (docs/decisions/0014-transaction-id-plain-set.md). The key under which two
 * ids count as one payment is the server's (`paymentKey`, billing), computed from the cleaned text.
 */
import { z } from 'zod';
import { BILLING_MESSAGES } from '../catalogue/billing.ts';

/** Longest transaction id a person can type (ids of payment apps are far shorter). */
export const TRANSACTION_ID_MAX = 100;

/** Format characters (Unicode category Cf): invisible, such as U+200B, U+200D, U+2060, U+00AD, U+180E. */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/**
 * The id as it is stored: compatibility forms folded (NFKC: a fullwidth `Ｔ` is `T`), invisible format
 * characters dropped, white space trimmed and each run of it made one space.
 */
export const normaliseTransactionId = (transactionId: string): string =>
  transactionId.normalize('NFKC').replace(FORMAT_CHARACTERS, '').replace(/\s+/g, ' ').trim();

/**
 * The plain set a cleaned id is made of: ASCII letters and digits, space and `- _ . : / #`. Letters of other
 * alphabets (a Cyrillic `Х`), other signs and control characters are refused.
 */
export const PLAIN_TRANSACTION_ID = /^[A-Za-z0-9 ._:/#-]+$/;

/** Whether `transactionId` (cleaned or not) holds only characters of the plain set once cleaned. */
export const isPlainTransactionId = (transactionId: string): boolean =>
  PLAIN_TRANSACTION_ID.test(normaliseTransactionId(transactionId));

/**
 * A typed transaction id: cleaned (`normaliseTransactionId`), then required (`required`), at most `max`
 * characters (`tooLong`) and of the plain set (`transactionIds.characters`). Every route that takes a
 * transaction id reads it through this schema.
 */
export const transactionIdText = (required: string, tooLong: string, max = TRANSACTION_ID_MAX) =>
  z
    .string({ error: required })
    .transform(normaliseTransactionId)
    .pipe(
      z
        .string()
        .min(1, { error: required, abort: true })
        .max(max, { error: tooLong, abort: true })
        .regex(PLAIN_TRANSACTION_ID, BILLING_MESSAGES.transactionIds.characters),
    );
