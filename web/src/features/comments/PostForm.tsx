import { useId, useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZCommentUpdate, ZMessageUpdate } from '@app/domain';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import type { PostField } from './posts.ts';

/**
 * Each post field's rule from the shared schemas (trimmed, required, maximum length). Here rather than in
 * the kinds: this module, with zod and the form library, loads only when a hobbyist's form shows.
 */
const TEXT_RULES: Record<PostField, z.ZodType<string, string>> = {
  comment: ZCommentUpdate.shape.comment,
  text: ZMessageUpdate.shape.text,
};

interface PostFormProps {
  /** Which post it writes: its rule comes from TEXT_RULES. */
  field: PostField;
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
export default function PostForm({
  field,
  label,
  placeholder,
  submitText,
  maxLength,
  onPost,
}: PostFormProps) {
  const id = useId();
  const resolver = useMemo(() => zodResolver(z.object({ text: TEXT_RULES[field] })), [field]);
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
