import type { UseFormRegisterReturn } from 'react-hook-form';
import { MESSAGES } from '@app/domain';
import { TextField, type FieldErrorLike } from '../../ui/FormField.tsx';

const T = MESSAGES.twoFactor;

/** The app's 6-digit code (a few more characters let spaces through), or, where one counts, a recovery code. */
const APP_CODE = { inputMode: 'numeric', maxLength: 12, help: T.codeHelp } as const;
const ANY_CODE = { maxLength: 32, help: T.recoveryHint } as const;

/**
 * The Code field of the two-factor forms: turning it on and new recovery codes take the app's code only;
 * turning it off takes a recovery code too (`recovery`), and says so.
 */
export function CodeField({
  id,
  registration,
  error,
  recovery = false,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: FieldErrorLike;
  recovery?: boolean;
}) {
  return (
    <TextField
      id={id}
      label={T.codeLabel}
      autoComplete="one-time-code"
      {...(recovery ? ANY_CODE : APP_CODE)}
      registration={registration}
      error={error}
    />
  );
}
