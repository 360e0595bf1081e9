import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES, ZPlaceForm } from '@app/domain';
import type { TPlaceForm } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { focusFirstInvalidField } from '../../ui/focusFirstInvalidField.ts';
import { FileField } from '../../ui/FormField.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { FileProgress } from '../ads/FileProgress.tsx';
import { usePickedFiles } from '../ads/usePickedFiles.ts';
import { usePlace, useUpdateAddress, useUpdatePlace } from './api.ts';
import type { Place } from './api.ts';
import { isVideoFile, toastPlaceFailure, toastUploadFailure } from './feedback.ts';
import MyPlacesPage from './MyPlacesPage.tsx';
import { PlaceImage, ReviewStateBadge } from './PlaceParts.tsx';
import { addressOf, detailsOf, EMPTY_PLACE_FORM, PlaceFields, toPlaceFormValues } from './PlaceFields.tsx';
import type { PlaceFormValues } from './PlaceFields.tsx';
import './places.css';

const F = MESSAGES.placeForm;
const P = MESSAGES.places;
const resolver = zodResolver(ZPlaceForm);

/**
 * One file input with its progress and an Upload button, in a form of its own (spec 001 §4 "Places":
 * the image is replaced separately and the old file deleted by the server).
 */
function ReplaceFileForm({
  id,
  label,
  help,
  accept,
  accepts,
  invalidMessage,
  successMessage,
  onUploaded,
}: {
  id: string;
  label: string;
  help: string;
  accept: string;
  accepts: (file: File) => boolean;
  invalidMessage: string;
  successMessage: string;
  onUploaded: (fileId: number) => Promise<unknown>;
}) {
  const picked = usePickedFiles('public');
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []).slice(0, 1);
    const ok = files.filter(accepts);
    picked.pick(ok);
    setError(ok.length === files.length ? undefined : invalidMessage);
  };

  const handleUpload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picked.files.length === 0) {
      setError(invalidMessage);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      let fileId: number | undefined;
      try {
        [fileId] = await picked.uploadAll();
      } catch (uploadError) {
        toastUploadFailure(uploadError);
        return;
      }
      try {
        await onUploaded(fileId!);
      } catch (saveError) {
        toastPlaceFailure(saveError);
        return;
      }
      toast.success(successMessage);
      picked.pick([]);
      if (inputRef.current) inputRef.current.value = '';
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={handleUpload} aria-label={label} className="mb-4">
      <fieldset disabled={busy}>
        <FileField
          id={id}
          ref={inputRef}
          label={label}
          accept={accept}
          onChange={handlePick}
          error={error ? { message: error } : undefined}
          help={help}
          helpBlock
        />
        <FileProgress items={picked.items} label={label} />
        <SubmitButton submitting={busy} variant="outline-secondary">
          <i className="bi bi-upload me-1" aria-hidden="true" />
          {F.upload}
        </SubmitButton>
      </fieldset>
    </Form>
  );
}

function EditPlaceForm({ place }: { place: Place }) {
  const updatePlace = useUpdatePlace(place.id);
  const updateAddress = useUpdateAddress();
  const form = useForm<PlaceFormValues, unknown, TPlaceForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY_PLACE_FORM,
    shouldFocusError: false,
  });
  // Filled once from the place; later refetches (after a save) leave what is typed alone.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current) return;
    filled.current = true;
    form.reset(toPlaceFormValues(place));
  }, [place, form]);

  const addressId = place.attributes.address?.data?.id ?? null;
  const video = place.attributes.video?.data?.attributes ?? null;
  const [removingVideo, setRemovingVideo] = useState(false);

  /** Spec 001 §4 "Places": the address, then the place. */
  const handleSave = form.handleSubmit(async (values) => {
    try {
      if (addressId !== null) await updateAddress.mutateAsync({ id: addressId, data: addressOf(values) });
      await updatePlace.mutateAsync(detailsOf(values));
      toast.success(P.updated);
    } catch (error) {
      toastPlaceFailure(error);
    }
  }, focusFirstInvalidField);

  const handleRemoveVideo = async () => {
    setRemovingVideo(true);
    try {
      await updatePlace.mutateAsync({ video: null });
      toast.success(P.updated);
    } catch (error) {
      toastPlaceFailure(error);
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
        <ReplaceFileForm
          id="place-change-image"
          label={F.changeImage}
          help={F.imageHelp}
          accept="image/*"
          accepts={(file) => file.type.startsWith('image/')}
          invalidMessage={F.required}
          successMessage={P.imageUpdated}
          onUploaded={(image) => updatePlace.mutateAsync({ image })}
        />
        <ReplaceFileForm
          id="place-change-video"
          label={F.changeVideo}
          help={F.videoHelp}
          accept="video/mp4,video/webm"
          accepts={isVideoFile}
          invalidMessage={F.videoType}
          successMessage={P.imageUpdated}
          onUploaded={(videoId) => updatePlace.mutateAsync({ video: videoId })}
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
 * /place/edit/:id (spec 001 §2, §4, §8; issue 12 item 2): Change Image, Change Video and the details
 * form. A non-numeric id shows My Places instead.
 */
export default function EditPlacePage() {
  const { id: param = '' } = useParams();
  const id = /^\d{1,10}$/.test(param) ? Number(param) : null;
  const place = usePlace(id);
  if (id === null) return <MyPlacesPage />;
  if (place.isPending) return <PageSpinner />;
  if (place.isError) {
    const notFound = isApiError(place.error) && place.error.status === 404;
    return (
      <Alert variant="warning">
        {notFound
          ? F.notFound
          : isApiError(place.error)
            ? place.error.message
            : MESSAGES.toast.genericWarning}
      </Alert>
    );
  }
  return <EditPlaceForm key={place.data.id} place={place.data} />;
}
