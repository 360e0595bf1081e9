import { Badge } from 'react-bootstrap';
import type { TPaymentStatus } from '@app/domain';
import { MESSAGES } from '@app/domain';

const VARIANT: Record<TPaymentStatus, string> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
};

/** A payment's state: pending until an administrator verifies or rejects it. */
export function PaymentBadge({ status }: { status: TPaymentStatus }) {
  return (
    <Badge bg={VARIANT[status]} text={status === 'pending' ? 'dark' : undefined}>
      {MESSAGES.subscription.paymentStates[status]}
    </Badge>
  );
}
