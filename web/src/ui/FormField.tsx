import type { ChangeEventHandler, ComponentProps, ReactNode, Ref } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The form-field kit: every field of a form is one of these, so each has a visible label tied to its
 * control, Bootstrap's invalid feedback below it and the same ARIA wiring (`aria-invalid`, and
 * `aria-describedby` naming the error first, then the help text).
 */

/**
 * A react-hook-form field error (also the merged kind it gives for object-valued fields such as a
 * FileList); only the message is shown.
 */
export interface FieldErrorLike {
  message?: unknown;
}

/** What every labelled field has. */
export interface FieldProps {
  /** Id of the control; the label points at it, the error and help texts are `<id>-error`, `<id>-help`. */
  id: string;
  label: string;
  error?: FieldErrorLike;
  help?: ReactNode;
  /** The help text on a line of its own (block, with Bootstrap's top margin) instead of inline. */
  helpBlock?: boolean;
  /** Of the form group; `mb-3` by default. */
  className?: string;
}

/** What a field hands its control. */
interface ControlWiring {
  isInvalid: boolean;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
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

/** Separates the props of the field (label, error, help) from those of its control. */
function splitFieldProps<P extends FieldProps>({
  id,
  label,
  error,
  help,
  helpBlock,
  className,
  ...control
}: P) {
  return { field: { id, label, error, help, helpBlock, className }, control };
}

/** A labelled form group: the control, then its invalid feedback, then its help text. */
function Field({
  id,
  label,
  error,
  help,
  helpBlock = false,
  className,
  children,
}: FieldProps & { children: (wiring: ControlWiring) => ReactNode }) {
  const message = messageOf(error);
  const invalid = error !== undefined;
  const wiring: ControlWiring = {
    isInvalid: invalid,
    'aria-invalid': invalid,
    'aria-describedby': describedBy(id, message !== undefined, help !== undefined),
  };
  return (
    <Form.Group controlId={id} className={className ?? 'mb-3'}>
      <Form.Label>{label}</Form.Label>
      {children(wiring)}
      {message && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {message}
        </Form.Control.Feedback>
      )}
      {help && (
        <Form.Text id={`${id}-help`} className={helpBlock ? 'd-block' : undefined}>
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}

interface ControlFieldProps {
  /** The field's props: those of the field itself, then the control's. */
  props: FieldProps & { registration?: UseFormRegisterReturn };
  /** What the kind of field sets on its control, before the caller's props. */
  preset: ComponentProps<typeof Form.Control>;
}

/** A field whose control is a `Form.Control`: the preset, the wiring, the caller's props, the registration. */
function ControlField({ props, preset }: ControlFieldProps) {
  const { field, control } = splitFieldProps(props);
  const { registration, ...rest } = control;
  return (
    <Field {...field}>
      {(wiring) => <Form.Control {...preset} {...wiring} {...rest} {...registration} />}
    </Field>
  );
}

export interface TextFieldProps extends FieldProps {
  /** What `register(name)` returned. */
  registration: UseFormRegisterReturn;
  /** An `email` field brings the e-mail keyboard and autofill unless told otherwise. */
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'url';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email' | 'url';
  placeholder?: string;
  maxLength?: number;
  /** For `type="date"`. */
  min?: string;
  max?: string;
}

const TEXT_PRESET = { type: 'text' } as const;
const EMAIL_PRESET = { type: 'email', inputMode: 'email', autoComplete: 'email' } as const;

/** A text-like input wired to react-hook-form. */
export function TextField(props: TextFieldProps) {
  return <ControlField props={props} preset={props.type === 'email' ? EMAIL_PRESET : TEXT_PRESET} />;
}

export interface TextAreaFieldProps extends FieldProps {
  registration: UseFormRegisterReturn;
  rows?: number;
  maxLength?: number;
}

/** A textarea wired to react-hook-form. */
export function TextAreaField(props: TextAreaFieldProps) {
  return <ControlField props={props} preset={{ as: 'textarea' }} />;
}

export interface SelectFieldProps extends FieldProps {
  registration: UseFormRegisterReturn;
  /** First, empty option (value ''), e.g. "Choose…". */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
}

/** A select wired to react-hook-form. */
export function SelectField(props: SelectFieldProps) {
  const { field, control } = splitFieldProps(props);
  const { registration, placeholder, options } = control;
  return (
    <Field {...field}>
      {(wiring) => (
        <Form.Select {...wiring} {...registration}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      )}
    </Field>
  );
}

export type FileFieldProps = FieldProps & {
  accept?: string;
  multiple?: boolean;
} & (
    | { registration: UseFormRegisterReturn; onChange?: never; ref?: never }
    /** A file the page keeps itself (not in a react-hook-form form). */
    | { registration?: never; onChange: ChangeEventHandler<HTMLInputElement>; ref?: Ref<HTMLInputElement> }
  );

/** A file input, wired to react-hook-form or to the page's own change handler. */
export function FileField(props: FileFieldProps) {
  return <ControlField props={props} preset={{ type: 'file' }} />;
}

export interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldErrorLike;
  className?: string;
}

/** A checkbox wired to react-hook-form, its label beside it and its validation message below. */
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
          aria-describedby={describedBy(id, message !== undefined, false)}
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
