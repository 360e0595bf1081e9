/**
 * Billing (payment info and its QR code, tips, wallet transactions, the wallet, payment settings):
 * what other modules may use of this area.
 */
export {
  DEFAULT_PAYMENT_ADDRESS,
  DEFAULT_TIP_MAX_AMOUNT,
  DEFAULT_TIPS_PER_HOUR,
  ensurePaymentSettings,
  PAYMENT_ADDRESS_KEY,
  readWholeNumberSetting,
  readPaymentAddress,
  readTipMaxCents,
  readTipsPerHour,
  TIP_MAX_AMOUNT_KEY,
  TIPS_PER_HOUR_KEY,
} from './billing.settings.ts';
export {
  insertPaymentReference,
  insertTransaction,
  readSetting,
  releasePaymentReference,
} from './billing.queries.ts';
export {
  findOwnPayments,
  orderIsPayment,
  paymentRowOf,
  paymentsTable,
  type PaymentColumns,
  type PaymentsOf,
} from './billing.payments.queries.ts';
export { walletBalanceCents, withPaymentRegister } from './billing.service.ts';
export { paymentKey, transactionKey } from '@app/domain/payment-key';
