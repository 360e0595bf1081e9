import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminPaymentKind, TAdminPaymentState } from '@app/domain';
import { apiPut } from '../../api/client.ts';
import { ADMIN_QUERY_KEY } from './adminApi.ts';

/**
 * The Payments page's calls (contract §5). The list is `GET /api/admin/payments`;
 * a decision goes to the payment's own record: subscriptions and tips take `{ data: { payment_status } }`,
 * and so do orders (`ZOrderUpdate` is read under `data`, like every Strapi write of the orders area).
 */

/** The record a payment decision is written to. */
const PAYMENT_PATHS: Record<TAdminPaymentKind, string> = {
  subscription: '/subscriptions',
  order: '/orders',
  tip: '/tips',
};

export type PaymentDecision = Exclude<TAdminPaymentState, 'pending'>;

export function decidePayment(kind: TAdminPaymentKind, id: number, decision: PaymentDecision) {
  return apiPut(`${PAYMENT_PATHS[kind]}/${id}`, { data: { payment_status: decision } });
}

/** Verify or reject a payment; the payments list, the dashboard and the account pages read afresh. */
export function useDecidePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      id,
      decision,
    }: {
      kind: TAdminPaymentKind;
      id: number;
      decision: PaymentDecision;
    }) => decidePayment(kind, id, decision),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
