import { useId, useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';

interface PostFormProps {
  /** The text's rule from the shared schema (trimmed, required, maximum length). */
  schema: z.ZodType<string, string>;
  label: string;
  placeholder: string;
  submitText: string;
  maxLength: number;
  /** Sends the trimmed text; the form clears when it resolves. */
  onPost: (text: string) => Promise<unknown>;
}

/**
 * The comment and message forms of the card (spec 001 §5): Post stays disabled while the text is
 * empty, the text goes trimmed, and the box clears once it is posted.
 */
export function PostForm({ schema, label, placeholder, submitText, maxLength, onPost }: PostFormProps) {
  const id = useId();
  const resolver = useMemo(() => zodResolver(z.object({ text: schema })), [schema]);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<{ text: string }, unknown, { text: string }>({ resolver, defaultValues: { text: '' } });
  const text = useWatch({ control, name: 'text' });

  const handlePost = handleSubmit(async (values) => {
    try {
      await onPost(values.text);
      reset({ text: '' });
    } catch (error) {
      toastApiFailure(error);
    }
  });

  const errorId = `${id}-error`;
  return (
    <Form noValidate onSubmit={handlePost} className="provider-card__post-form">
      <fieldset disabled={isSubmitting}>
        <Form.Label htmlFor={`${id}-text`} className="visually-hidden">
          {label}
        </Form.Label>
        <div className="d-flex gap-2 align-items-start">
          <div className="flex-grow-1">
            <Form.Control
              id={`${id}-text`}
              as="textarea"
              rows={2}
              maxLength={maxLength}
              placeholder={placeholder}
              isInvalid={!!errors.text}
              aria-invalid={!!errors.text}
              aria-describedby={errors.text ? errorId : undefined}
              {...register('text')}
            />
            <Form.Control.Feedback type="invalid" id={errorId}>
              {errors.text?.message}
            </Form.Control.Feedback>
          </div>
          <SubmitButton submitting={isSubmitting} disabled={text.trim() === ''} className="btn-sm">
            {submitText}
          </SubmitButton>
        </div>
      </fieldset>
    </Form>
  );
}
