import { useId, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { MESSAGES, PLACE_LIMITS, ZVenueReviewRequest } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useSession } from '../../app/session.tsx';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { TextAreaField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useCreateReview, useDeleteReview, useOwnReview, useUpdateReview } from './api.ts';
import type { VenueReview } from './api.ts';
import { PLACE_FAILURE } from './feedback.ts';
import { ReviewItem, starsText } from './VenueReviewItem.tsx';

// A signed-in hobbyist's part of a place's reviews, loaded only for them (VenueReviews): visitors read the
// reviews without the form's code, its rules and zod.

const R = MESSAGES.venueReviews;

/** The review form: the domain's rating and text rules; the radios give the rating as text. */
const ZReviewForm = z.object({
  rating: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : Number(value)),
    ZVenueReviewRequest.shape.rating,
  ),
  review: ZVenueReviewRequest.shape.review,
});
type ReviewFormValues = z.input<typeof ZReviewForm>;
type ReviewFormOutput = z.output<typeof ZReviewForm>;
const resolver = zodResolver(ZReviewForm);

/** The 1-5 stars as radios under a visible legend, with the rating's error below. */
function RatingField({
  id,
  error: ratingError,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'rating'>;
}) {
  return (
    <fieldset
      className="mb-2"
      aria-invalid={ratingError ? true : undefined}
      aria-describedby={ratingError ? `${id}-rating-error` : undefined}
    >
      <legend className="form-label fs-6 mb-1 place-field--required-legend">{R.rating}</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <Form.Check
          key={n}
          inline
          type="radio"
          id={`${id}-rating-${n}`}
          value={String(n)}
          isInvalid={!!ratingError}
          label={
            <>
              <span className="place-stars me-1" aria-hidden="true">
                {Array.from({ length: n }, (_, i) => (
                  <i key={i} className="bi bi-star-fill" />
                ))}
              </span>
              {starsText(n)}
            </>
          }
          {...registration}
        />
      ))}
      {ratingError && (
        <div id={`${id}-rating-error`} className="invalid-feedback d-block">
          {ratingError}
        </div>
      )}
    </fieldset>
  );
}

/** Write or edit a review: 1-5 stars (radios under a visible legend) and the text (5-1000 characters). */
function ReviewForm({
  vendorId,
  existing,
  onDone,
}: {
  vendorId: number;
  existing: VenueReview | null;
  onDone?: () => void;
}) {
  const id = useId();
  const createReview = useCreateReview();
  const updateReview = useUpdateReview();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ReviewFormValues, unknown, ReviewFormOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: existing
      ? { rating: String(existing.attributes.rating), review: existing.attributes.review }
      : { rating: null, review: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const handleSubmit = form.handleSubmit(async ({ rating, review }) => {
    setServerError(null);
    try {
      if (existing) {
        await updateReview.mutateAsync({ id: existing.id, data: { rating, review } });
        toast.success(R.updated);
      } else {
        await createReview.mutateAsync({ vendor: vendorId, rating, review });
        toast.success(R.posted);
        form.reset({ rating: null, review: '' });
      }
      onDone?.();
    } catch (error) {
      // A second review of the same place (409) or a refusal: the server's words, kept on screen.
      if (isApiError(error) && (error.status === 409 || error.status === 403)) setServerError(error.message);
      toastApiFailure(error, PLACE_FAILURE);
    }
  });

  const ratingError = typeof errors.rating?.message === 'string' ? errors.rating.message : undefined;
  const title = existing ? R.yourReview : R.write;
  return (
    <Form noValidate onSubmit={handleSubmit} aria-label={title} className="venue-review-form mb-4">
      <h3 className="h6">{title}</h3>
      {serverError && <Alert variant="danger">{serverError}</Alert>}
      <fieldset disabled={isSubmitting}>
        <RatingField id={id} error={ratingError} registration={register('rating')} />
        <TextAreaField
          id={`${id}-text`}
          label={R.text}
          rows={4}
          maxLength={PLACE_LIMITS.reviewMax}
          registration={register('review')}
          error={errors.review}
        />
        <div className="d-flex gap-2">
          <SubmitButton submitting={isSubmitting}>{existing ? R.save : R.post}</SubmitButton>
          {onDone && existing && (
            <Button variant="outline-secondary" onClick={onDone} disabled={isSubmitting}>
              {R.cancel}
            </Button>
          )}
        </div>
      </fieldset>
    </Form>
  );
}

/** The signed-in hobbyist's own review: shown with Edit and Delete, or the form to write one. */
export default function OwnReview({ vendorId }: { vendorId: number }) {
  const { userId } = useSession();
  const own = useOwnReview(vendorId, userId, true);
  const deleteReview = useDeleteReview();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (own.isPending) return <Spinner animation="border" size="sm" role="status" className="mb-3" />;
  if (own.isError) return <Alert variant="warning">{R.loadFailed}</Alert>;
  const mine = own.data;
  if (!mine) return <ReviewForm vendorId={vendorId} existing={null} />;
  if (editing) return <ReviewForm vendorId={vendorId} existing={mine} onDone={() => setEditing(false)} />;

  const handleDelete = async () => {
    try {
      await deleteReview.mutateAsync(mine.id);
      toast.success(R.deleted);
      setConfirming(false);
    } catch (error) {
      toastApiFailure(error, PLACE_FAILURE);
    }
  };

  return (
    <section className="venue-review--own mb-4" aria-label={R.yourReview}>
      <h3 className="h6">{R.yourReview}</h3>
      <ReviewItem review={mine}>
        <div className="d-flex gap-2 mt-2">
          <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
            <i className="bi bi-pencil me-1" aria-hidden="true" />
            {R.edit}
          </Button>
          <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)}>
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {R.delete}
          </Button>
        </div>
      </ReviewItem>
      <ConfirmDeleteDialog
        show={confirming}
        deleting={deleteReview.isPending}
        prompt={R.deletePrompt}
        onConfirm={() => void handleDelete()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
