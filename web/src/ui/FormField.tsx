import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A react-hook-form field error (also the merged kind it gives for object-valued fields such as a
 * FileList); only the message is shown.
 */
export interface FieldErrorLike {
  message?: unknown;
}

/** The message of a react-hook-form field error, if any. */
function messageOf(error: FieldErrorLike | undefined): string | undefined {
  return typeof error?.message === 'string' && error.message !== '' ? error.message : undefined;
}

/** `aria-describedby` for a control: its error first (read out first), then its help text. */
function describedBy(id: string, hasError: boolean, hasHelp: boolean): string | undefined {
  const ids = [hasError ? `${id}-error` : null, hasHelp ? `${id}-help` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: FieldErrorLike;
  help?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A labelled form group with Bootstrap's invalid feedback below the control and optional help text. */
function FieldShell({ id, label, error, help, className, children }: FieldShellProps) {
  const message = messageOf(error);
  return (
    <Form.Group controlId={id} className={className ?? 'mb-3'}>
      <Form.Label>{label}</Form.Label>
      {children}
      {message && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {message}
        </Form.Control.Feedback>
      )}
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}

export interface TextFieldProps {
  /** Id of the control; the label points at it. */
  id: string;
  label: string;
  /** What `register(name)` returned. */
  registration: UseFormRegisterReturn;
  error?: FieldErrorLike;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'file';
  autoComplete?: string;
  placeholder?: string;
  help?: ReactNode;
  className?: string;
  /** For `type="file"`. */
  accept?: string;
  multiple?: boolean;
  /** For `type="date"`. */
  min?: string;
  max?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
}

/** A text-like input wired to react-hook-form, with a visible label and its validation message. */
export function TextField({
  id,
  label,
  registration,
  error,
  type = 'text',
  help,
  className,
  ...rest
}: TextFieldProps) {
  const invalid = error !== undefined;
  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      <Form.Control
        type={type}
        isInvalid={invalid}
        aria-invalid={invalid}
        aria-describedby={describedBy(id, messageOf(error) !== undefined, help !== undefined)}
        {...rest}
        {...registration}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldErrorLike;
  /** First, empty option (value ''), e.g. "Choose…". */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  help?: ReactNode;
  className?: string;
}

/** A select wired to react-hook-form, with a visible label and its validation message. */
export function SelectField({
  id,
  label,
  registration,
  error,
  placeholder,
  options,
  help,
  className,
}: SelectFieldProps) {
  const invalid = error !== undefined;
  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      <Form.Select
        isInvalid={invalid}
        aria-invalid={invalid}
        aria-describedby={describedBy(id, messageOf(error) !== undefined, help !== undefined)}
        {...registration}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </FieldShell>
  );
}

export interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldErrorLike;
  className?: string;
}

/** A checkbox wired to react-hook-form, with its validation message below. */
export function CheckboxField({ id, label, registration, error, className }: CheckboxFieldProps) {
  const message = messageOf(error);
  const invalid = error !== undefined;
  return (
    <Form.Group controlId={id} className={className ?? 'mb-3'}>
      <Form.Check type="checkbox">
        <Form.Check.Input
          type="checkbox"
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-describedby={message ? `${id}-error` : undefined}
          {...registration}
        />
        <Form.Check.Label>{label}</Form.Check.Label>
        {message && (
          <Form.Control.Feedback type="invalid" id={`${id}-error`}>
            {message}
          </Form.Control.Feedback>
        )}
      </Form.Check>
    </Form.Group>
  );
}
