import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AD_FORM_PARSE_OPTIONS, EMPTY_AD_FORM, ZAdForm } from '@app/domain';
import type { AdFormValues, TAdForm } from '@app/domain';
import { useCheckedForm } from '../../../ui/useCheckedForm.ts';

/** The ad form as its field groups receive it. */
export type AdForm = UseFormReturn<AdFormValues, unknown, TAdForm>;

const resolver = zodResolver(ZAdForm, AD_FORM_PARSE_OPTIONS);

/** The new and edited ad's form state, empty at first. */
export function useAdForm(): AdForm {
  return useCheckedForm<AdFormValues, TAdForm>(resolver, EMPTY_AD_FORM);
}

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
