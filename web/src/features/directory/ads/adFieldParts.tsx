import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import type { AdFormValues, TAdForm } from '@app/domain';

/** The ad form as its field groups receive it. */
export type AdForm = UseFormReturn<AdFormValues, unknown, TAdForm>;

/** The field groups' props: the form, and the id of a field (unique on the page, the same in every group). */
export interface AdFieldsProps {
  form: AdForm;
  id: (name: string) => string;
}

/** Sets the answers a rule derived from a click, each marked as changed by the owner. */
export function applyAnswers(form: AdForm, patch: Partial<AdFormValues>): void {
  for (const [key, value] of Object.entries(patch) as [keyof AdFormValues, never][])
    form.setValue(key, value, { shouldDirty: true });
}

/** A number input in the kit's shape: a visible label, its error below, the same ARIA wiring. */
export function NumberField({
  id,
  label,
  error,
  help,
  min,
  step,
  registration,
}: {
  id: string;
  label: string;
  error?: FieldError;
  help?: string;
  min: number;
  step: number;
  registration: ReturnType<AdForm['register']>;
}) {
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="number"
        inputMode={step < 1 ? 'decimal' : 'numeric'}
        min={min}
        step={step}
        isInvalid={!!error}
        aria-invalid={!!error}
        aria-describedby={describedBy || undefined}
        {...registration}
      />
      {error?.message && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error.message}
        </Form.Control.Feedback>
      )}
      {help && <Form.Text id={`${id}-help`}>{help}</Form.Text>}
    </Form.Group>
  );
}

/** A group of inline radios or checkboxes under a legend (the field's visible name). */
export function Choices({
  legend,
  children,
  className,
}: {
  legend: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`ad-choices ${className ?? ''}`}>
      <legend className="ad-choices__legend">{legend}</legend>
      <div className="ad-choices__options">{children}</div>
    </fieldset>
  );
}
