import type { UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../api/client.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { serverFieldErrors } from '../../ui/serverFieldErrors.ts';

/**
 * A refused identity check (the password and code asked before turning two-factor off or deleting the
 * account): the wrong field shows its message in place; anything else is toasted (a 429 with its own wait).
 */
export function showIdentityErrors(
  error: unknown,
  setError: UseFormSetError<{ password: string; code: string }>,
): void {
  const fields = serverFieldErrors(error).filter(({ field }) => field === 'password' || field === 'code');
  if (fields.length) {
    for (const { field, message } of fields) setError(field as 'password' | 'code', { message });
    return;
  }
  toastApiFailure(error, {
    otherwise: isApiError(error) && error.status === 429 ? error.message : undefined,
  });
}
