import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';

/**
 * A form checked by its resolver from the first time a field is left; its page focuses the first
 * invalid field itself on submit (`focusFirstInvalidField`, in the screen's order). The ad and place
 * forms, new and edited.
 */
export function useCheckedForm<In extends FieldValues, Out>(
  resolver: Resolver<In, unknown, Out>,
  defaultValues: DefaultValues<In>,
) {
  return useForm<In, unknown, Out>({ resolver, mode: 'onTouched', defaultValues, shouldFocusError: false });
}
