import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';

interface SubmitButtonProps {
  /** Shows the spinner and disables the button while a request runs. */
  submitting: boolean;
  /** Disables the button without the spinner, e.g. while the form is invalid. */
  disabled?: boolean;
  children: ReactNode;
  className?: string;
  variant?: string;
}

/** The form's submit button: a spinner and disabled while the request runs (house style, spec 000 §4). */
export function SubmitButton({
  submitting,
  disabled = false,
  children,
  className,
  variant = 'accent',
}: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant={variant}
      className={className}
      disabled={submitting || disabled}
      aria-busy={submitting}
    >
      {submitting && (
        <Spinner
          as="span"
          animation="border"
          size="sm"
          className="me-2"
          role="presentation"
          aria-hidden="true"
        />
      )}
      {children}
    </Button>
  );
}
