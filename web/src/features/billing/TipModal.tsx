import { useId } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { ToastOptions } from 'react-toastify';
import type { z } from 'zod';
import { formatMoney, MESSAGES, TIP_LIMITS, ZTipRequest } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { PaymentQr } from './PaymentQr.tsx';
import { usePaymentInfo, usePostTip } from './api.ts';

const M = MESSAGES.tip;

/** Tip toasts last 3 seconds, top right, with a progress bar (spec 001 §8, §9). */
export const TIP_TOAST: ToastOptions = { autoClose: 3000, position: 'top-right', hideProgressBar: false };

const ZTipForm = ZTipRequest.omit({ provider: true });
type TipFormInput = z.input<typeof ZTipForm>;
type TipFormValues = z.output<typeof ZTipForm>;
// The amount field starts (and resets to) empty, not 0.
const EMPTY = { tip_amount: '' as unknown as number, transaction_id: '' } satisfies TipFormInput;

/** The toast for a failed tip (spec 001 §8): a refused request, or anything else. */
export function toastTipFailure(error: unknown): void {
  if (isApiError(error) && error.status >= 400 && error.status < 500) toast.error(M.badRequest, TIP_TOAST);
  else toast.warning(M.failed, TIP_TOAST);
}

interface TipModalProps {
  show: boolean;
  onHide: () => void;
  providerId: number;
  providerName: string;
}

/**
 * The tip form: the operator's cap, and a submit that posts the tip, toasts the outcome and resets; a
 * tip that was taken also closes the modal (`onPaid`): the toast says it is paid, and a form still open
 * and empty would look as if nothing had happened. A refused one leaves it open to try again.
 */
function useTipForm(show: boolean, providerId: number, onPaid: () => void) {
  const payment = usePaymentInfo(show);
  const postTip = usePostTip(providerId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TipFormInput, unknown, TipFormValues>({
    resolver: zodResolver(ZTipForm),
    defaultValues: EMPTY,
  });

  const maxTip = payment.data?.tip_max_amount ?? TIP_LIMITS.maxTip;
  const handleTip = handleSubmit(async (values) => {
    // The server refuses a tip above the operator's cap; say so at the field rather than after.
    if (values.tip_amount > maxTip) {
      setError('tip_amount', { message: `${M.amountOverCap} ${formatMoney(maxTip)}` }, { shouldFocus: true });
      return;
    }
    try {
      await postTip.mutateAsync(values);
      toast.success(M.paid, TIP_TOAST);
      onPaid();
    } catch (error) {
      toastTipFailure(error);
    } finally {
      reset(EMPTY);
    }
  });

  return { register, errors, isSubmitting, maxTip, handleTip };
}

/**
 * The tip modal (spec 001 §2, §5, §8): the payment QR code and address, the five steps, and the
 * form (amount in dollars, transaction id) posted to `/api/tips`. The form resets after a submit, and
 * the modal closes once the tip is taken (the hobbyist finds it in My Payments).
 */
export default function TipModal({ show, onHide, providerId, providerName }: TipModalProps) {
  const id = useId();
  const { register, errors, isSubmitting, maxTip, handleTip } = useTipForm(show, providerId, onHide);
  const field = (name: string) => `${id}-${name}`;
  return (
    <Modal show={show} onHide={onHide} centered scrollable aria-labelledby={field('title')}>
      <Modal.Header closeButton closeLabel={M.close}>
        <Modal.Title id={field('title')} as="h2" className="h5">
          <i className="bi bi-cash-coin me-2 text-accent" aria-hidden="true" />
          {M.title} · {providerName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="mb-3">
          <PaymentQr texts={M} loadFailed={MESSAGES.card.loadFailed} enabled={show} />
        </div>
        <Form noValidate onSubmit={handleTip} aria-labelledby={field('title')}>
          <fieldset disabled={isSubmitting}>
            <Form.Group className="mb-3" controlId={field('amount')}>
              <Form.Label>{M.amount}</Form.Label>
              <Form.Control
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                max={maxTip}
                required
                isInvalid={!!errors.tip_amount}
                aria-invalid={!!errors.tip_amount}
                aria-describedby={errors.tip_amount ? field('amount-error') : undefined}
                {...register('tip_amount', { valueAsNumber: true })}
              />
              <Form.Control.Feedback type="invalid" id={field('amount-error')}>
                {errors.tip_amount?.message}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId={field('transaction')}>
              <Form.Label>{M.transactionId}</Form.Label>
              <Form.Control
                type="text"
                autoComplete="off"
                maxLength={TIP_LIMITS.transactionId}
                required
                isInvalid={!!errors.transaction_id}
                aria-invalid={!!errors.transaction_id}
                aria-describedby={errors.transaction_id ? field('transaction-error') : undefined}
                {...register('transaction_id')}
              />
              <Form.Control.Feedback type="invalid" id={field('transaction-error')}>
                {errors.transaction_id?.message}
              </Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex justify-content-end gap-2">
              <Button variant="outline-secondary" onClick={onHide}>
                {M.close}
              </Button>
              <SubmitButton submitting={isSubmitting}>{M.submit}</SubmitButton>
            </div>
          </fieldset>
        </Form>
      </Modal.Body>
    </Modal>
  );
}
