import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type {
  DefaultValues,
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormRegister,
} from 'react-hook-form';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { TextAreaField, TextField } from '../../../ui/FormField.tsx';
import type { FieldErrorLike } from '../../../ui/FormField.tsx';
import { SubmitButton } from '../../../ui/SubmitButton.tsx';
import { showWriteFailure } from './feedback.ts';

/**
 * The settings page's forms: the fields described rather than written out (each form lists its fields'
 * name, label, keyboard and help, and `SettingsFields` renders them), the form on the page and the form
 * in a modal, so the forms differ only in what they ask.
 */

const M = MESSAGES.adminSettings;

/**
 * A settings form's state and its save: checked with the domain's schema (`resolver`), then `save`,
 * then `savedText` as a toast and `onSaved`; a refusal puts the server's messages under the `fields`
 * it names, or shows a toast. The form says itself when to fill in its values again (`reset`).
 */
export function useSettingsForm<TForm extends FieldValues, TSaved>({
  resolver,
  defaultValues,
  fields,
  save,
  savedText,
  onSaved,
}: {
  resolver: Resolver<TForm, unknown, TSaved>;
  defaultValues: DefaultValues<TForm>;
  fields: readonly string[];
  save: (data: TSaved) => Promise<unknown>;
  savedText: string;
  onSaved?: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TForm, unknown, TSaved>({ resolver, defaultValues });
  const submit = handleSubmit(async (data) => {
    try {
      await save(data);
      toast.success(savedText);
      onSaved?.();
    } catch (error) {
      showWriteFailure(error, fields, setError);
    }
  });
  return { register, errors, isSubmitting, reset, submit };
}

/** One field of a settings form. */
export interface SettingsField<K extends string = string> {
  name: K;
  label: string;
  /** The number keyboard on phones. */
  numeric?: boolean;
  /** A web address: the address keyboard on phones. */
  url?: boolean;
  /** Read as a number (`valueAsNumber`) rather than as text. */
  asNumber?: boolean;
  help?: string;
  /** The help on a line of its own. */
  helpBlock?: boolean;
  /** A box of this many lines instead of a one-line field. */
  rows?: number;
  maxLength?: number;
}

/** The fields of a form, each labelled and wired to react-hook-form; its id is `<id>-<name>`. */
export function SettingsFields<T extends FieldValues>({
  id,
  fields,
  register,
  errors,
  autoComplete,
  flushLast = false,
}: {
  id: string;
  fields: readonly SettingsField<Path<T>>[];
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  autoComplete?: string;
  /** The last field without the space below it (the end of a modal's body). */
  flushLast?: boolean;
}) {
  return fields.map(({ name, label, numeric, url, asNumber, help, helpBlock, rows, maxLength }, index) => {
    const props = {
      id: `${id}-${name}`,
      label,
      help,
      helpBlock,
      error: errors[name] as FieldErrorLike | undefined,
      registration: register(name, asNumber ? { valueAsNumber: true } : undefined),
      className: flushLast && index === fields.length - 1 ? 'mb-0' : undefined,
      maxLength,
    };
    return rows ? (
      <TextAreaField key={name} rows={rows} {...props} />
    ) : (
      <TextField
        key={name}
        type={url ? 'url' : undefined}
        inputMode={numeric ? 'numeric' : url ? 'url' : undefined}
        autoComplete={url ? 'url' : autoComplete}
        {...props}
      />
    );
  });
}

/** A form on the page: its fields, disabled while it saves, then Save. */
export function InlineSettingsForm({
  submitting,
  onSubmit,
  children,
}: {
  submitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} className="admin-settings-form">
      <fieldset disabled={submitting}>
        {children}
        <SubmitButton submitting={submitting}>{M.save}</SubmitButton>
      </fieldset>
    </Form>
  );
}

/** A form in a modal (add or edit an entry): the title, the fields disabled while it saves, Cancel and Save. */
export function SettingsFormDialog({
  show,
  title,
  submitting,
  onSubmit,
  onClose,
  children,
}: {
  show: boolean;
  title: string;
  submitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Modal.Header closeButton closeLabel={M.cancel}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset disabled={submitting}>{children}</fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {M.cancel}
          </Button>
          <SubmitButton submitting={submitting}>{M.save}</SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
