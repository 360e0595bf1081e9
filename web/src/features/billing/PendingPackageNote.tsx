import { formatMoney, MESSAGES } from '@app/domain';

const T = MESSAGES.wallet;

/**
 * The package purchases whose payment an admin has not checked yet, beside the expenses: their price is
 * spent at once while what was paid for them is not income (spec 000 §4), so the figures alone would read
 * as money gone. `amount` is the server's pending debits (`pending.totalDebit`): those purchases' prices.
 */
export function PendingPackageNote({ amount, className = '' }: { amount: number; className?: string }) {
  if (amount <= 0) return null;
  return (
    <p className={`small text-warning-emphasis mb-0 ${className}`}>
      <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
      {T.pendingPackage} <strong data-field={T.pendingPackage}>{formatMoney(amount)}</strong>
    </p>
  );
}
