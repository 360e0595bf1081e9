import { useId } from 'react';
import { Form } from 'react-bootstrap';
import type { ApiItem } from '@app/domain';
import { MESSAGES, TRANSACTION_ID_MAX } from '@app/domain';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import type { PackageAttributes, ProcessingCostAttributes } from './api.ts';
import { PaymentQr } from './PaymentQr.tsx';
import { PurchaseSummary } from './PurchaseSummary.tsx';
import { usePurchase } from './usePurchase.ts';

const T = MESSAGES.packages;

interface PurchasePanelProps {
  pkg: ApiItem<PackageAttributes>;
  costs: ProcessingCostAttributes;
}

/**
 * The selected package for a provider (spec 000 §2, §4, §9): its price, the wallet option (the
 * verified balance pays first; amount to pay = max(price - balance, 0)), the payment QR code and
 * steps, the transaction id (needed while something is left to pay; see decision 0005) and Submit.
 * The server computes the real amounts; this only shows them.
 */
export function PurchasePanel({ pkg, costs }: PurchasePanelProps) {
  const id = useId();
  const purchase = usePurchase(pkg, costs);
  const { nothingToPay, balance, handleBuy } = purchase;
  const {
    register,
    formState: { errors, isSubmitting },
  } = purchase.form;

  const field = (name: string) => `${id}-${name}`;
  // One form in a grid: price and wallet, then the payment, then the transaction id and Submit (on a
  // phone in that order; from md up the payment sits in its own column on the right).
  return (
    <Form noValidate onSubmit={handleBuy} aria-label={`${T.selected}: ${pkg.attributes.name}`}>
      <fieldset disabled={isSubmitting} className="purchase-grid">
        <PurchaseSummary
          purchase={purchase}
          fieldId={field('wallet')}
          walletField={register('use_wallet', { disabled: balance <= 0 })}
        />

        <section
          aria-labelledby={field('payment')}
          className={`purchase-grid__payment ${nothingToPay ? 'opacity-50' : ''}`}
        >
          <h3 id={field('payment')} className="h6">
            {T.payment}
          </h3>
          <PaymentQr texts={T} loadFailed={T.loadFailed} />
        </section>

        <div className="purchase-grid__pay">
          {nothingToPay && (
            <p className="alert alert-success py-2 small" role="status">
              <i className="bi bi-check-circle me-1" aria-hidden="true" />
              {T.nothingToPay}
            </p>
          )}
          <TextField
            id={field('transaction')}
            label={T.transactionId}
            autoComplete="off"
            maxLength={TRANSACTION_ID_MAX}
            registration={register('transaction_id', { disabled: nothingToPay })}
            error={nothingToPay ? undefined : errors.transaction_id}
          />
          <SubmitButton submitting={isSubmitting}>{T.submit}</SubmitButton>
        </div>
      </fieldset>
    </Form>
  );
}
