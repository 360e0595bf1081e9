/** What other features use of billing: the payment QR code, the tip, subscriptions and costs. */
export { PROCESSING_COSTS_QUERY_KEY, SUBSCRIPTIONS_QUERY_KEY, useCurrentSubscription } from './api.ts';
export type { PackageAttributes, ProcessingCostAttributes } from './api.ts';
export { PaymentQr } from './PaymentQr.tsx';
export { default as TipModal } from './TipModal.tsx';
