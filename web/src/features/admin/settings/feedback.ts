import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { serverFieldErrors } from '../../../ui/serverFieldErrors.ts';
import { adminErrorMessage } from '../adminApi.ts';

/**
 * A refused settings write: the fields the server named show its message under them (when the form
 * has them); anything else is a toast with the server's reason (a 409 says to retire a package
 * instead, or that a lookup entry is in use), or the page's own text when there was no answer.
 */
export function showWriteFailure<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError?: UseFormSetError<T>,
): void {
  const named = serverFieldErrors(error, ['data']).filter(({ field }) => fields.includes(field));
  if (setError && named.length > 0) {
    named.forEach(({ field, message }, index) =>
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
    return;
  }
  toast.error(adminErrorMessage(error, MESSAGES.adminSettings.failed));
}
