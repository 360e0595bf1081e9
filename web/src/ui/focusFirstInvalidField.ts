import type { BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * `handleSubmit`'s onInvalid for a form built from components that register their own fields: it
 * focuses the first invalid control in the order the form shows them. (react-hook-form's own focus
 * follows the order of the `register` calls, which is the screen's order only when one component
 * registers every field.) Use with `shouldFocusError: false`.
 */
export function focusFirstInvalidField<T extends FieldValues>(
  errors: FieldErrors<T>,
  event?: BaseSyntheticEvent,
): void {
  const form: unknown = event?.target;
  if (!(form instanceof HTMLFormElement)) return;
  for (const control of Array.from(form.elements)) {
    const name = control.getAttribute('name');
    if (name && name in errors && control instanceof HTMLElement) {
      control.focus();
      return;
    }
  }
}
