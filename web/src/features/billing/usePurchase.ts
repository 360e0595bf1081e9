import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { ApiItem } from '@app/domain';
import { isPlainTransactionId, MESSAGES, splitPurchaseDollars, TRANSACTION_ID_MAX } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { ME_QUERY_KEY, useSession } from '../../app/session.tsx';
import { serverFieldErrors } from '../../ui/serverFieldErrors.ts';
import type { PackageAttributes, ProcessingCostAttributes } from './api.ts';
import { SUBSCRIPTIONS_QUERY_KEY, useBuyPackage, useWallet, WALLET_QUERY_KEY } from './api.ts';

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

/**
 * The purchase form of a package: the wallet's balance, the split of the price (what the wallet pays,
 * what is left to pay) and the submit, which buys, marks the session subscribed, refreshes the user,
 * the subscriptions and the wallet, and goes to the listing. A transaction id is needed while
 * something is left to pay; a 400 naming it is shown on the field.
 */
export function usePurchase(pkg: ApiItem<PackageAttributes>, costs: ProcessingCostAttributes) {
  const wallet = useWallet();
  const buy = useBuyPackage();
  const { setSubscribed } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<PurchaseForm>({
    resolver: zodResolver(ZPurchaseForm),
    defaultValues: { use_wallet: false, transaction_id: '' },
  });
  const { handleSubmit, setError, control } = form;

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

  return { form, wallet, balance, payFromWallet, split, nothingToPay, handleBuy };
}
