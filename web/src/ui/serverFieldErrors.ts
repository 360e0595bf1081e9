import { useCallback, useRef } from 'react';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { isApiError } from '../api/client.ts';

/** One field a refused write names (an entry of the reply's `error.details.errors`). */
export interface ServerFieldError {
  /** The field: the path's first part once the leading parts in `strip` are taken off. */
  field: string;
  /** The whole path after `strip`, e.g. `['items', '0', 'product']`. */
  path: string[];
  message: string;
}

/**
 * The fields a refused call names: each `details.errors[]` entry's `path` (an array, or a dotted
 * string) and message (the reply's own message when the entry has none). The leading parts listed
 * in `strip` are taken off in order, each when present: `['data', 'billing']` reads
 * `data.billing.phone` as `phone` and `data.items.0` as `items.0`. Entries without a path (or with
 * nothing left after `strip`) are left out; anything but an API error answers `[]`.
 */
export function serverFieldErrors(error: unknown, strip: readonly string[] = []): ServerFieldError[] {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null) return [];
  const errors = (error.details as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  const result: ServerFieldError[] = [];
  for (const entry of errors) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { path, message } = entry as { path?: unknown; message?: unknown };
    const parts = Array.isArray(path)
      ? path.map(String)
      : typeof path === 'string' && path !== ''
        ? path.split('.')
        : [];
    for (const leading of strip) if (parts[0] === leading) parts.shift();
    const field = parts[0];
    if (!field) continue;
    result.push({
      field,
      path: parts,
      message: typeof message === 'string' ? message : error.message,
    });
  }
  return result;
}

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
