import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatMoney, MESSAGES } from '@app/domain';
import { CheckboxField } from '../../ui/FormField.tsx';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import type { usePurchase } from './usePurchase.ts';

const T = MESSAGES.packages;

/** A line of the price summary: its label and the amount; the total in bold below a rule. */
function SummaryLine({
  label,
  testId,
  total = false,
  children,
}: {
  label: string;
  testId: string;
  total?: boolean;
  children: string;
}) {
  return (
    <div className={`d-flex justify-content-between${total ? ' border-top pt-2 fs-5' : ''}`}>
      <dt>{label}</dt>
      <dd className={total ? 'mb-0 fw-bold' : 'mb-1'} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The purchase's price, the wallet's part (when it pays) and the amount to pay, then the "use my
 * wallet" tick with the balance (disabled without one).
 */
export function PurchaseSummary({
  purchase: { wallet, balance, payFromWallet, split },
  fieldId,
  walletField,
}: {
  purchase: ReturnType<typeof usePurchase>;
  fieldId: string;
  walletField: UseFormRegisterReturn;
}) {
  return (
    <div className="purchase-grid__summary">
      <dl className="mb-3">
        <SummaryLine label={T.price} testId="package-price">
          {formatMoney(split.price)}
        </SummaryLine>
        <div className="small text-body-secondary mb-2">{T.priceHelp}</div>
        {payFromWallet && (
          <SummaryLine
            label={T.walletPart}
            testId="wallet-part"
          >{`−${formatMoney(split.wallet)}`}</SummaryLine>
        )}
        <SummaryLine label={T.amountToPay} testId="amount-to-pay" total>
          {formatMoney(split.toPay)}
        </SummaryLine>
      </dl>

      {wallet.isPending ? (
        <PanelLoading />
      ) : (
        <>
          <CheckboxField
            id={fieldId}
            label={
              <>
                {T.useWallet} ({T.walletBalance}: <strong>{formatMoney(balance)}</strong>)
              </>
            }
            registration={walletField}
            className="mb-1"
          />
          <p className="small text-body-secondary mb-0">{wallet.isError ? T.loadFailed : T.walletHelp}</p>
        </>
      )}
    </div>
  );
}
