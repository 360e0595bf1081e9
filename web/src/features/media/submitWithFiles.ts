import { useState } from 'react';
import type { FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { focusFirstInvalidField } from '../../ui/focusFirstInvalidField.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import type { ApiFailureTexts } from '../../api/toastApiFailure.ts';
import { UPLOAD_FAILURE } from './feedback.ts';
import type { FileFieldState } from './PickedFileField.tsx';

/** A file field a form requires: its state, its input's id and what it says when nothing is picked. */
export interface RequiredFile {
  field: FileFieldState;
  id: string;
  message: string;
}

/**
 * The submit of a form with files the page keeps itself: every required file field left empty says
 * so, the form's own fields are checked (the first invalid one focused), then the first empty file
 * input is focused, or, with every file there, `onValid` runs.
 */
export function submitWithFiles<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  required: RequiredFile[],
  onValid: (values: O) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const missing = required.filter((file) => file.field.files.length === 0);
    for (const file of missing) file.field.setError(file.message);
    void form.handleSubmit(async (values) => {
      if (missing[0]) {
        document.getElementById(missing[0].id)?.focus();
        return;
      }
      await onValid(values);
    }, focusFirstInvalidField)(event);
  };
}

/**
 * Saving a new ad or place: the picked files are uploaded first (a failure toasted as an upload's),
 * then `save` gets the form's values and the files' ids (a failure toasted with `failure`), then
 * `done`; `submitting` holds meanwhile.
 */
export function useUploadThenSave<V, U>({
  upload,
  save,
  failure,
  done,
}: {
  upload: () => Promise<U>;
  save: (values: V, uploaded: U) => Promise<unknown>;
  failure: ApiFailureTexts;
  done: () => void;
}) {
  const [submitting, setSubmitting] = useState(false);
  const run = async (values: V) => {
    setSubmitting(true);
    try {
      let uploaded: U;
      try {
        uploaded = await upload();
      } catch (error) {
        toastApiFailure(error, UPLOAD_FAILURE);
        return;
      }
      try {
        await save(values, uploaded);
      } catch (error) {
        toastApiFailure(error, failure);
        return;
      }
      done();
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, run };
}
