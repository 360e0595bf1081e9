import { useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES, ZPlaceForm } from '@app/domain';
import type { TPlaceForm } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { ownedBySignedIn } from '../../api/ownership.ts';
import NotFoundPage from '../../app/NotFoundPage.tsx';
import { useSession } from '../../app/session.tsx';
import { focusFirstInvalidField } from '../../ui/focusFirstInvalidField.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { ReplaceFilesForm } from '../media/index.ts';
import { usePickedFiles } from '../media/index.ts';
import { PendingRevisionNotice, waitsForReview } from '../../ui/PendingRevision.tsx';
import { usePlace, useUpdateAddress, useUpdatePlace } from './api.ts';
import type { Place } from './api.ts';
import { isVideoFile } from '../media/index.ts';
import { PLACE_FAILURE } from './feedback.ts';
import MyPlacesPage from './MyPlacesPage.tsx';
import { ReviewStateBadge } from '../../ui/OwnerCard.tsx';
import { useFillOnce } from '../../ui/useFillOnce.ts';
import { PlaceImage } from './PlaceParts.tsx';
import { addressOf, detailsOf, EMPTY_PLACE_FORM, PlaceFields, toPlaceFormValues } from './PlaceFields.tsx';
import type { PlaceFormValues } from './PlaceFields.tsx';
import './places.css';
import { toastApiFailure } from '../../api/toastApiFailure.ts';

const F = MESSAGES.placeForm;
const P = MESSAGES.places;
const resolver = zodResolver(ZPlaceForm);

function EditPlaceForm({ place }: { place: Place }) {
  const updatePlace = useUpdatePlace(place.id);
  const updateAddress = useUpdateAddress();
  const newImage = usePickedFiles('public');
  const newVideo = usePickedFiles('public');
  const form = useForm<PlaceFormValues, unknown, TPlaceForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY_PLACE_FORM,
    shouldFocusError: false,
  });
  useFillOnce(form, toPlaceFormValues(place));

  const addressId = place.attributes.address?.data?.id ?? null;
  const video = place.attributes.video?.data?.attributes ?? null;
  const [removingVideo, setRemovingVideo] = useState(false);

  /** Spec 001 §4 "Places": the address, then the place. */
  const handleSave = form.handleSubmit(async (values) => {
    try {
      if (addressId !== null) await updateAddress.mutateAsync({ id: addressId, data: addressOf(values) });
      const saved = await updatePlace.mutateAsync(detailsOf(values));
      toast.success(waitsForReview(saved) ? MESSAGES.revisions.savedForReview : P.updated);
    } catch (error) {
      toastApiFailure(error, PLACE_FAILURE);
    }
  }, focusFirstInvalidField);

  const handleRemoveVideo = async () => {
    setRemovingVideo(true);
    try {
      await updatePlace.mutateAsync({ video: null });
      toast.success(P.updated);
    } catch (error) {
      toastApiFailure(error, PLACE_FAILURE);
    } finally {
      setRemovingVideo(false);
    }
  };

  const { review, review_reason } = place.attributes;
  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent d-flex flex-wrap align-items-center gap-2">
        <h1 className="h4 mb-0 me-auto">{F.editTitle}</h1>
        <ReviewStateBadge state={review} />
      </Card.Header>
      <Card.Body>
        {review === 'rejected' && review_reason && (
          <Alert variant="danger" className="small">
            {MESSAGES.myPlaces.reason}: {review_reason}
          </Alert>
        )}
        <PendingRevisionNotice type="place" revision={place.attributes.pending_revision} />
        <Alert variant="info" className="small">
          <i className="bi bi-info-circle me-2" aria-hidden="true" />
          {P.backToReview}
        </Alert>
        <div className="d-flex flex-wrap gap-3 align-items-start mb-2">
          <figure className="mb-0">
            <PlaceImage place={place.attributes} className="place-image--edit" />
            <figcaption className="small text-body-secondary mt-1">{F.currentImage}</figcaption>
          </figure>
          {video && (
            <figure className="mb-0">
              <video src={video.url} controls preload="metadata" className="place-video--edit" />
              <figcaption className="small text-body-secondary mt-1 d-flex align-items-center gap-2">
                {F.video}
                <Button
                  size="sm"
                  variant="link"
                  className="p-0 text-danger"
                  disabled={removingVideo}
                  onClick={() => void handleRemoveVideo()}
                >
                  {F.removeVideo}
                </Button>
              </figcaption>
            </figure>
          )}
        </div>
        <ReplaceFilesForm
          id="place-change-image"
          label={F.changeImage}
          help={F.imageHelp}
          accept="image/*"
          accepts={(file) => file.type.startsWith('image/')}
          picked={newImage}
          invalidMessage={F.required}
          successMessage={P.imageUpdated}
          onSaveFailure={(error) => toastApiFailure(error, PLACE_FAILURE)}
          onUploaded={([image]) => updatePlace.mutateAsync({ image })}
        />
        <ReplaceFilesForm
          id="place-change-video"
          label={F.changeVideo}
          help={F.videoHelp}
          accept="video/mp4,video/webm"
          accepts={isVideoFile}
          picked={newVideo}
          invalidMessage={F.videoType}
          successMessage={P.imageUpdated}
          onSaveFailure={(error) => toastApiFailure(error, PLACE_FAILURE)}
          onUploaded={([videoId]) => updatePlace.mutateAsync({ video: videoId })}
        />
        <h2 className="h5 border-top pt-3">{F.details}</h2>
        <Form noValidate onSubmit={handleSave} aria-label={F.details}>
          <fieldset disabled={form.formState.isSubmitting}>
            <PlaceFields form={form} />
            <SubmitButton submitting={form.formState.isSubmitting} className="w-100">
              {F.save}
            </SubmitButton>
          </fieldset>
        </Form>
      </Card.Body>
    </Card>
  );
}

/**
 * /place/edit/:id (spec 001 §2, §4, §8): Change Image, Change Video and the details
 * form. A non-numeric id shows My Places instead; another account's place or a missing one shows
 * the app's Not Found page.
 */
export default function EditPlacePage() {
  const { id: param = '' } = useParams();
  const { userId } = useSession();
  const id = /^\d{1,10}$/.test(param) ? Number(param) : null;
  const place = usePlace(id);
  if (id === null) return <MyPlacesPage />;
  if (place.isPending) return <PageSpinner />;
  if (place.isError) {
    if (isApiError(place.error) && place.error.status === 404) return <NotFoundPage />;
    return (
      <Alert variant="warning">
        {isApiError(place.error) ? place.error.message : MESSAGES.toast.genericWarning}
      </Alert>
    );
  }
  // Another provider's public place is Not Found here: only its owner edits it.
  if (!ownedBySignedIn(place.data, userId)) return <NotFoundPage />;
  return <EditPlaceForm key={place.data.id} place={place.data} />;
}
