import { useId } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MESSAGES, SCREENING_LIMITS, ZCustomerHobbyistRequest } from '@app/domain';
import type { TCustomerHobbyistRequest } from '@app/domain';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useAddHobbyist } from './api.ts';
import type { HobbyistRecord } from './api.ts';
import { badRequestReason, SCREENING_FAILURE } from './feedback.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';

const S = MESSAGES.screening;
const resolver = zodResolver(ZCustomerHobbyistRequest);

interface AddPhoneDialogProps {
  show: boolean;
  onHide: () => void;
  /** The record the number now has: new, or the one that was there already (`existing`). */
  onAdded: (record: HobbyistRecord, existing: boolean) => void;
}

/**
 * 'Add Phone Number' (spec 001 §2, §5): one labelled Phone Number field, non-empty, checked with the
 * shared schema; Add and Close. An existing number is answered with its record, not a duplicate.
 */
export function AddPhoneDialog({ show, onHide, onAdded }: AddPhoneDialogProps) {
  const titleId = useId();
  const fieldId = useId();
  const add = useAddHobbyist();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ phone_number: string }, unknown, TCustomerHobbyistRequest>({
    resolver,
    defaultValues: { phone_number: '' },
  });

  const handleClose = () => {
    reset({ phone_number: '' });
    onHide();
  };

  const handleAdd = handleSubmit(async (values) => {
    try {
      const answer = await add.mutateAsync(values.phone_number);
      const existing = answer.meta?.existing === true;
      if (!existing) toast.success(S.added);
      reset({ phone_number: '' });
      onAdded(answer.data, existing);
    } catch (error) {
      const reason = badRequestReason(error);
      if (reason) {
        setError('phone_number', { type: 'server', message: reason }, { shouldFocus: true });
      } else {
        toastApiFailure(error, SCREENING_FAILURE);
      }
    }
  });

  return (
    <Modal show={show} onHide={handleClose} aria-labelledby={titleId} centered>
      <Form noValidate onSubmit={(event) => void handleAdd(event)}>
        <Modal.Header closeButton closeLabel={S.close}>
          <Modal.Title id={titleId} as="h2" className="h5">
            <i className="bi bi-telephone-plus me-2 text-accent" aria-hidden="true" />
            {S.addPhone}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset disabled={isSubmitting}>
            <TextField
              id={fieldId}
              label={S.phoneNumber}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={SCREENING_LIMITS.phoneMaxDigits + 10}
              placeholder="555-123-4567"
              error={errors.phone_number}
              registration={register('phone_number')}
              className="mb-0"
            />
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={handleClose}>
            {S.close}
          </Button>
          <SubmitButton submitting={isSubmitting}>{S.add}</SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
