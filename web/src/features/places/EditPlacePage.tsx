import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import type { TPlaceForm } from '@app/domain';
import { OwnRecordGate, useIdParam } from '../../ui/OwnRecordGate.tsx';
import { DetailsForm } from '../../ui/FieldsForm.tsx';
import { ReplaceImageForm, ReplaceVideoForm } from '../media/index.ts';
import { usePickedFiles } from '../media/index.ts';
import { PendingRevisionNotice } from '../../ui/PendingRevision.tsx';
import { usePlace, useUpdateAddress, useUpdatePlace } from './api.ts';
import type { Place } from './api.ts';
import { PLACE_FAILURE } from './feedback.ts';
import MyPlacesPage from './MyPlacesPage.tsx';
import { ReviewStateBadge } from '../../ui/OwnerCard.tsx';
import { useFillOnce } from '../../ui/useFillOnce.ts';
import { PlaceImage } from './PlaceParts.tsx';
import { addressOf, detailsOf, PlaceFields, toPlaceFormValues, usePlaceForm } from './PlaceFields.tsx';
import './places.css';
import { toastApiFailure } from '../../api/toastApiFailure.ts';

const F = MESSAGES.placeForm;
const P = MESSAGES.places;

const showFailure = (error: unknown) => toastApiFailure(error, PLACE_FAILURE);

/** What the owner reads above the form: why it was rejected, the change waiting for review, the review rule. */
function PlaceEditNotices({ place }: { place: Place }) {
  const { review, review_reason, pending_revision } = place.attributes;
  return (
    <>
      {review === 'rejected' && review_reason && (
        <Alert variant="danger" className="small">
          {MESSAGES.myPlaces.reason}: {review_reason}
        </Alert>
      )}
      <PendingRevisionNotice type="place" revision={pending_revision} />
      <Alert variant="info" className="small">
        <i className="bi bi-info-circle me-2" aria-hidden="true" />
        {P.backToReview}
      </Alert>
    </>
  );
}

/** The current picture and, when there is one, the video with Remove Video. */
function PlaceCurrentMedia({
  place,
  updatePlace,
}: {
  place: Place;
  updatePlace: ReturnType<typeof useUpdatePlace>;
}) {
  const video = place.attributes.video?.data?.attributes ?? null;
  const [removingVideo, setRemovingVideo] = useState(false);

  const handleRemoveVideo = async () => {
    setRemovingVideo(true);
    try {
      await updatePlace.mutateAsync({ video: null });
      toast.success(P.updated);
    } catch (error) {
      showFailure(error);
    } finally {
      setRemovingVideo(false);
    }
  };

  return (
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
  );
}

/** Change Image and Change Video, each uploaded and saved on its own. */
function PlaceFileForms({ updatePlace }: { updatePlace: ReturnType<typeof useUpdatePlace> }) {
  const newImage = usePickedFiles('public');
  const newVideo = usePickedFiles('public');
  return (
    <>
      <ReplaceImageForm
        id="place-change-image"
        label={F.changeImage}
        help={F.imageHelp}
        picked={newImage}
        invalidMessage={F.required}
        successMessage={P.imageUpdated}
        onSaveFailure={showFailure}
        onUploaded={([image]) => updatePlace.mutateAsync({ image })}
      />
      <ReplaceVideoForm
        id="place-change-video"
        texts={F}
        picked={newVideo}
        successMessage={P.imageUpdated}
        onSaveFailure={showFailure}
        onUploaded={([videoId]) => updatePlace.mutateAsync({ video: videoId })}
      />
    </>
  );
}

/** The details form: the place's fields, saved as the address, then the place (spec 001 §4 "Places"). */
function PlaceDetailsForm({
  place,
  updatePlace,
}: {
  place: Place;
  updatePlace: ReturnType<typeof useUpdatePlace>;
}) {
  const updateAddress = useUpdateAddress();
  const form = usePlaceForm();
  useFillOnce(form, toPlaceFormValues(place));
  const addressId = place.attributes.address?.data?.id ?? null;
  const save = async (values: TPlaceForm) => {
    if (addressId !== null) await updateAddress.mutateAsync({ id: addressId, data: addressOf(values) });
    return updatePlace.mutateAsync(detailsOf(values));
  };
  return (
    <DetailsForm form={form} texts={F} save={save} updatedText={P.updated} onFailure={showFailure}>
      <PlaceFields form={form} />
    </DetailsForm>
  );
}

function EditPlaceForm({ place }: { place: Place }) {
  const updatePlace = useUpdatePlace(place.id);
  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent d-flex flex-wrap align-items-center gap-2">
        <h1 className="h4 mb-0 me-auto">{F.editTitle}</h1>
        <ReviewStateBadge state={place.attributes.review} />
      </Card.Header>
      <Card.Body>
        <PlaceEditNotices place={place} />
        <PlaceCurrentMedia place={place} updatePlace={updatePlace} />
        <PlaceFileForms updatePlace={updatePlace} />
        <h2 className="h5 border-top pt-3">{F.details}</h2>
        <PlaceDetailsForm place={place} updatePlace={updatePlace} />
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
  const id = useIdParam();
  return (
    <OwnRecordGate id={id} query={usePlace(id)} noId={<MyPlacesPage />}>
      {(place) => <EditPlaceForm key={place.id} place={place} />}
    </OwnRecordGate>
  );
}
