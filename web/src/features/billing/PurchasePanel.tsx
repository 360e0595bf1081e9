import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { ApiItem } from '@app/domain';
import {
  formatMoney,
  isPlainTransactionId,
  MESSAGES,
  splitPurchaseDollars,
  TRANSACTION_ID_MAX,
} from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { ME_QUERY_KEY, useSession } from '../../app/session.tsx';
import { CheckboxField, TextField } from '../../ui/FormField.tsx';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { serverFieldErrors } from '../../ui/serverFieldErrors.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import type { PackageAttributes, ProcessingCostAttributes } from './api.ts';
import { SUBSCRIPTIONS_QUERY_KEY, useBuyPackage, useWallet, WALLET_QUERY_KEY } from './api.ts';
import { PaymentQr } from './PaymentQr.tsx';

const T = MESSAGES.packages;

// A disabled field has no value (react-hook-form), hence optional.
const ZPurchaseForm = z.object({
  use_wallet: z.boolean().optional(),
  transaction_id: z
    .string()
    .trim()
    .max(TRANSACTION_ID_MAX)
    .refine((v) => !v || isPlainTransactionId(v), MESSAGES.transactionIds.characters)
    .optional(),
});
type PurchaseForm = z.infer<typeof ZPurchaseForm>;

/** True when a 400 names the transaction id (`data.transaction_id`). */
function namesTransactionId(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.isBadRequest &&
    serverFieldErrors(error, ['data']).some(({ field }) => field === 'transaction_id')
  );
}

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
  const wallet = useWallet();
  const buy = useBuyPackage();
  const { setSubscribed } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PurchaseForm>({
    resolver: zodResolver(ZPurchaseForm),
    defaultValues: { use_wallet: false, transaction_id: '' },
  });

  const balance = wallet.data?.totalWalletBalance ?? 0;
  const payFromWallet = useWatch({ control, name: 'use_wallet' }) === true && balance > 0;
  const split = splitPurchaseDollars(pkg.attributes, costs, balance, payFromWallet);
  const nothingToPay = split.toPay <= 0;

  const handleBuy = handleSubmit(async (values) => {
    const transactionId = nothingToPay ? undefined : values.transaction_id;
    if (!nothingToPay && !transactionId) {
      setError('transaction_id', { message: T.transactionIdBlank }, { shouldFocus: true });
      toast.error(T.transactionIdBlank);
      return;
    }
    try {
      await buy.mutateAsync({
        package: pkg.id,
        use_wallet: payFromWallet,
        ...(transactionId ? { transaction_id: transactionId } : {}),
      });
    } catch (error) {
      if (namesTransactionId(error) && isApiError(error)) {
        setError('transaction_id', { message: error.message }, { shouldFocus: true });
      }
      if (isApiError(error) && error.isBadRequest) toast.error(error.message);
      else toast.error(T.failed);
      return;
    }
    toast.success(T.added);
    setSubscribed(true);
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    void navigate('/');
  });

  const field = (name: string) => `${id}-${name}`;
  // One form in a grid: price and wallet, then the payment, then the transaction id and Submit (on a
  // phone in that order; from md up the payment sits in its own column on the right).
  return (
    <Form noValidate onSubmit={handleBuy} aria-label={`${T.selected}: ${pkg.attributes.name}`}>
      <fieldset disabled={isSubmitting} className="purchase-grid">
        <div className="purchase-grid__summary">
          <dl className="mb-3">
            <div className="d-flex justify-content-between">
              <dt>{T.price}</dt>
              <dd className="mb-1" data-testid="package-price">
                {formatMoney(split.price)}
              </dd>
            </div>
            <div className="small text-body-secondary mb-2">{T.priceHelp}</div>
            {payFromWallet && (
              <div className="d-flex justify-content-between">
                <dt>{T.walletPart}</dt>
                <dd className="mb-1" data-testid="wallet-part">
                  −{formatMoney(split.wallet)}
                </dd>
              </div>
            )}
            <div className="d-flex justify-content-between border-top pt-2 fs-5">
              <dt>{T.amountToPay}</dt>
              <dd className="mb-0 fw-bold" data-testid="amount-to-pay">
                {formatMoney(split.toPay)}
              </dd>
            </div>
          </dl>

          {wallet.isPending ? (
            <PanelLoading />
          ) : (
            <>
              <CheckboxField
                id={field('wallet')}
                label={
                  <>
                    {T.useWallet} ({T.walletBalance}: <strong>{formatMoney(balance)}</strong>)
                  </>
                }
                registration={register('use_wallet', { disabled: balance <= 0 })}
                className="mb-1"
              />
              <p className="small text-body-secondary mb-0">{wallet.isError ? T.loadFailed : T.walletHelp}</p>
            </>
          )}
        </div>

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
