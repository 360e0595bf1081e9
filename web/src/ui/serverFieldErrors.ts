import { useCallback, useRef } from 'react';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

interface Rejection {
  value: unknown;
  message: string;
}

/**
 * Keeps the fields a server refused (e.g. "Email or Username are already taken") invalid for as long
 * as they hold the refused value. react-hook-form re-validates on blur and change ('all' mode), which
 * would otherwise drop an error set with `setError` as soon as the user tabs away.
 *
 * Wrap the form's resolver with `resolver`, then call `reject(field, value, message)` for each named
 * field and `trigger` those fields to show the errors.
 */
export function useServerFieldErrors<TValues extends FieldValues, TContext, TOutput>(
  base: Resolver<TValues, TContext, TOutput>,
) {
  const rejections = useRef(new Map<string, Rejection>());

  const resolver = useCallback<Resolver<TValues, TContext, TOutput>>(
    async (values, context, options) => {
      const result = await base(values, context, options);
      const extra: Record<string, FieldError> = {};
      for (const [field, rejection] of rejections.current) {
        const current: unknown = values[field];
        if (Object.is(current, rejection.value) && !(field in result.errors)) {
          extra[field] = { type: 'server', message: rejection.message };
        }
      }
      if (Object.keys(extra).length === 0) return result;
      return { values: {}, errors: { ...result.errors, ...extra } as FieldErrors<TValues> };
    },
    [base],
  );

  const reject = useCallback((field: string, value: unknown, message: string) => {
    rejections.current.set(field, { value, message });
  }, []);

  const clear = useCallback(() => rejections.current.clear(), []);

  return { resolver, reject, clear };
}
