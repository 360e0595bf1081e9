import type { FormEvent, ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { focusFirstInvalidField } from './focusFirstInvalidField.ts';
import { waitsForReview } from './PendingRevision.tsx';
import { SubmitButton } from './SubmitButton.tsx';

/**
 * A form of fields and its full-width submit button, named by `label`, every control disabled while
 * it submits (the ad and place forms, new and edited).
 */
export function FieldsForm({
  label,
  submitting,
  submitLabel,
  onSubmit,
  children,
}: {
  label: string;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={label}>
      <fieldset disabled={submitting}>
        {children}
        <SubmitButton submitting={submitting} className="w-100">
          {submitLabel}
        </SubmitButton>
      </fieldset>
    </Form>
  );
}

/**
 * The details form of an owner's ad or place: Save sends `save`, whose answer says whether the
 * change waits for review ('saved for review') or is live (`updatedText`); a refusal goes to
 * `onFailure`. Named and labelled by the form's `details` and `save` texts.
 */
export function DetailsForm<In extends FieldValues, Out>({
  form,
  texts,
  save,
  updatedText,
  onFailure,
  children,
}: {
  form: UseFormReturn<In, unknown, Out>;
  texts: { details: string; save: string };
  save: (values: Out) => Promise<Parameters<typeof waitsForReview>[0]>;
  updatedText: string;
  onFailure: (error: unknown) => void;
  children: ReactNode;
}) {
  const handleSave = form.handleSubmit(async (values) => {
    try {
      const saved = await save(values);
      toast.success(waitsForReview(saved) ? MESSAGES.revisions.savedForReview : updatedText);
    } catch (error) {
      onFailure(error);
    }
  }, focusFirstInvalidField);
  return (
    <FieldsForm
      label={texts.details}
      submitting={form.formState.isSubmitting}
      submitLabel={texts.save}
      onSubmit={(event) => void handleSave(event)}
    >
      {children}
    </FieldsForm>
  );
}
