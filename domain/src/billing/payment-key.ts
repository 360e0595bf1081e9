/**
 * The key of a transaction id (`@app/domain/payment-key`): kept out of the package's index, so the web app,
 * which never computes it, does not carry the confusables table.
 */
import { normaliseTransactionId } from './transaction-id.ts';
import unhomoglyph from 'unhomoglyph';

/**
 * The confusable skeleton of Unicode TS #39: decomposed (NFD), each character mapped to its prototype by
 * Unicode's confusables table (the `unhomoglyph` package: `Х` Cyrillic, `0`, `1`, `I` and `m` become `X`, `O`,
 * `l`, `l` and `rn`), decomposed again. Two strings that look alike have one skeleton.
 */
const skeleton = (text: string): string => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/**
 * The one key under which the payment register keeps a transaction id, and the admin's payments queue groups
 * ids: the id cleaned (`normaliseTransactionId`: NFKC, format characters dropped) and upper-cased, so the key
 * ignores letter case from the start (and an old key, kept lower-cased, gives the same key again); its
 * skeleton lower-cased and taken again (`M` → `m` → `rn`); then without white space and dashes. So `TX-1`,
 * `tx 1`, `Tx1`, `ТХ-1` (Cyrillic), `ＴX-1` (fullwidth), `TX-1` with a zero-width space, `tx-l` and `TX-I` are
 * one payment: ids that look the same pay once.
 */
export const paymentKey = (transactionId: string): string =>
  skeleton(skeleton(normaliseTransactionId(transactionId).toUpperCase()).toLowerCase()).replace(
    /[\s-]+/g,
    '',
  );

/** The `transaction_key` column of a payment quoting `transactionId` (none without an id). */
export const transactionKey = (transactionId: string | null | undefined): string | null =>
  transactionId ? paymentKey(transactionId) : null;
