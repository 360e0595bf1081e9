import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

/* The console's dialogs: the confirmation of an action, and a decision with a reason. */

const T = MESSAGES.adminConsole;

/**
 * The console's confirmation for an action that cannot be undone (approve, verify, block): the one
 * confirmation dialog of the site (`ConfirmDeleteDialog`) with the console's title and buttons.
 */
export function ConfirmDialog({
  busy,
  title = T.dialog.confirmTitle,
  confirmLabel = T.dialog.confirm,
  cancelLabel = T.dialog.cancel,
  variant = 'accent',
  ...shared
}: {
  show: boolean;
  busy: boolean;
  prompt: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: string;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  // `show`, `prompt`, `children` and the handlers pass through as they are; the rest are the console's names.
  return (
    <ConfirmDeleteDialog
      {...shared}
      deleting={busy}
      title={title}
      confirmLabel={confirmLabel}
      closeLabel={cancelLabel}
      confirmVariant={variant}
    />
  );
}

/** The quick picks of a reason: one button per template, the chosen one pressed. */
function ReasonTemplates({
  templates,
  labels,
  label,
  chosen,
  onChoose,
}: {
  templates: readonly string[];
  labels?: readonly string[];
  label?: string;
  chosen: string;
  onChoose: (template: string) => void;
}) {
  return (
    <div className="mb-3" role="group" aria-label={label}>
      {label && <div className="form-label">{label}</div>}
      <div className="d-flex flex-wrap gap-2">
        {templates.map((template, index) => (
          <Button
            key={template}
            size="sm"
            variant={chosen === template ? 'secondary' : 'outline-secondary'}
            aria-pressed={chosen === template}
            onClick={() => onChoose(template)}
          >
            {labels?.[index] ?? template}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** The reason's box with its error and help text, each named by the box for screen readers. */
function ReasonField({
  id,
  label,
  help,
  value,
  maxLength,
  error,
  onChange,
}: {
  id: string;
  label: string;
  help?: string;
  value: string;
  maxLength: number;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={4}
        value={value}
        maxLength={maxLength + 50}
        isInvalid={error !== null}
        aria-invalid={error !== null}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
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

interface ReasonDialogProps {
  show: boolean;
  busy: boolean;
  title: string;
  intro?: ReactNode;
  label: string;
  help?: string;
  templates?: readonly string[];
  /** What each template's button says, when it differs from the text it puts in the box. */
  templateLabels?: readonly string[];
  templatesLabel?: string;
  requiredMessage: string;
  tooLongMessage?: string;
  minLength?: number;
  maxLength?: number;
  confirmLabel: string;
  cancelLabel?: string;
  extra?: (reason: string) => ReactNode;
  /** A shared schema's check of the trimmed reason (the error's text, or null); replaces the length rule. */
  validate?: (reason: string) => string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** The reason typed so far and its error; `submit` checks it (trimmed) and hands it on, `close` forgets it. */
function useReason({
  requiredMessage,
  tooLongMessage,
  minLength = 1,
  maxLength = 500,
  validate,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    const text = reason.trim();
    const invalid = validate?.(text);
    if (invalid) return setError(invalid);
    if (!validate && text.length < minLength) return setError(requiredMessage);
    if (!validate && text.length > maxLength) return setError(tooLongMessage ?? requiredMessage);
    setError(null);
    onSubmit(text);
  };
  return { reason, setReason, error, setError, close, submit };
}

/**
 * A decision with a reason (Reject): quick-pick templates (optional), a required 'Reason' box
 * (`minLength`-`maxLength` characters, after trimming) and `extra` below it, which may depend on the
 * text (the escalation steps). The reason is kept while the dialog is open; `onSubmit` gets it trimmed.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { show, busy, title, intro, label, help, templates, maxLength = 500, extra } = props;
  const titleId = useId();
  const fieldId = useId();
  const { reason, setReason, error, setError, close, submit } = useReason(props);

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId} onExited={() => setReason('')}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Modal.Header closeButton closeLabel={T.dialog.close}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {intro}
          {templates && templates.length > 0 && (
            <ReasonTemplates
              templates={templates}
              labels={props.templateLabels}
              label={props.templatesLabel}
              chosen={reason}
              onChoose={(template) => {
                setReason(template);
                setError(null);
              }}
            />
          )}
          <ReasonField
            id={fieldId}
            label={label}
            help={help}
            value={reason}
            maxLength={maxLength}
            error={error}
            onChange={setReason}
          />
          {extra?.(reason)}
        </Modal.Body>
        <Modal.Footer>
          <SubmitButton submitting={busy} variant="danger">
            {props.confirmLabel}
          </SubmitButton>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {props.cancelLabel ?? T.dialog.cancel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
