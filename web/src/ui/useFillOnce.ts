import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Fills an edit form once from the record it edits; later refetches (after a save) leave what is
 * typed alone.
 */
export function useFillOnce<V extends FieldValues>(form: Pick<UseFormReturn<V>, 'reset'>, values: V) {
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current) return;
    filled.current = true;
    form.reset(values);
  }, [form, values]);
}
