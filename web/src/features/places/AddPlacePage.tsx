import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Alert, Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES, ZPlaceForm } from '@app/domain';
import type { TPlaceForm } from '@app/domain';
import { focusFirstInvalidField } from '../../ui/focusFirstInvalidField.ts';
import { FileField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { FileProgress } from '../media/index.ts';
import { usePickedFiles } from '../media/index.ts';
import { useCreateAddress, useCreatePlace, useUpdateAddress } from './api.ts';
import { isVideoFile, UPLOAD_FAILURE } from '../media/index.ts';
import { PLACE_FAILURE } from './feedback.ts';
import { addressOf, detailsOf, EMPTY_PLACE_FORM, PlaceFields } from './PlaceFields.tsx';
import type { PlaceFormValues } from './PlaceFields.tsx';
import './places.css';
import { toastApiFailure } from '../../api/toastApiFailure.ts';

const F = MESSAGES.placeForm;
const P = MESSAGES.places;
const resolver = zodResolver(ZPlaceForm);

const filesOf = (event: ChangeEvent<HTMLInputElement>) => Array.from(event.target.files ?? []);

/**
 * /place/add (spec 001 §2 "Places", §4 "Places", §8): one form with the place, its
 * address and its picture (required) and an optional video. Submitting uploads the files, creates the
 * address, then the place; the new place waits for an administrator's review.
 */
export default function AddPlacePage() {
  const navigate = useNavigate();
  const createAddress = useCreateAddress();
  const updateAddress = useUpdateAddress();
  const createPlace = useCreatePlace();
  const image = usePickedFiles('public');
  const video = usePickedFiles('public');
  const [submitting, setSubmitting] = useState(false);
  const [fileErrors, setFileErrors] = useState<{ image?: string; video?: string }>({});
  // An address made by a submit whose place failed is reused (updated) by the next try.
  const madeAddress = useRef<number | null>(null);
  const form = useForm<PlaceFormValues, unknown, TPlaceForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY_PLACE_FORM,
    shouldFocusError: false,
  });

  const handleImage = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = filesOf(event)
      .filter((file) => file.type.startsWith('image/'))
      .slice(0, 1);
    image.pick(picked);
    setFileErrors((e) => ({ ...e, image: picked.length ? undefined : F.required }));
  };
  const handleVideo = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = filesOf(event).slice(0, 1);
    const ok = picked.every(isVideoFile);
    video.pick(ok ? picked : []);
    setFileErrors((e) => ({ ...e, video: ok ? undefined : F.videoType }));
  };

  /** Spec 001 §4 "Places": the files, then the address, then the place. */
  const handleValid = async (values: TPlaceForm) => {
    setSubmitting(true);
    try {
      let imageId: number | undefined;
      let videoId: number | undefined;
      try {
        [imageId] = await image.uploadAll();
        [videoId] = await video.uploadAll();
      } catch (error) {
        toastApiFailure(error, UPLOAD_FAILURE);
        return;
      }
      try {
        const address = addressOf(values);
        if (madeAddress.current === null) madeAddress.current = (await createAddress.mutateAsync(address)).id;
        else await updateAddress.mutateAsync({ id: madeAddress.current, data: address });
        await createPlace.mutateAsync({
          ...detailsOf(values),
          address: madeAddress.current,
          image: imageId,
          ...(videoId !== undefined ? { video: videoId } : {}),
        });
      } catch (error) {
        toastApiFailure(error, PLACE_FAILURE);
        return;
      }
      toast.success(P.submitted);
      void navigate('/place/view');
    } finally {
      setSubmitting(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const missingImage = image.files.length === 0;
    if (missingImage) setFileErrors((e) => ({ ...e, image: F.required }));
    void form.handleSubmit(async (values) => {
      if (missingImage) {
        document.getElementById('place-image')?.focus();
        return;
      }
      await handleValid(values);
    }, focusFirstInvalidField)(event);
  };

  const fileError = (message: string | undefined) => (message ? { message } : undefined);

  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{F.addTitle}</h1>
      </Card.Header>
      <Card.Body>
        <Alert variant="info" className="small">
          <i className="bi bi-info-circle me-2" aria-hidden="true" />
          {F.intro}
        </Alert>
        <Form noValidate onSubmit={handleSubmit} aria-label={F.addTitle}>
          <fieldset disabled={submitting}>
            <PlaceFields form={form} />
            <FileField
              id="place-image"
              label={F.image}
              accept="image/*"
              onChange={handleImage}
              error={fileError(fileErrors.image)}
              help={F.imageHelp}
              helpBlock
              className="mb-3 place-field--required"
            />
            <FileProgress items={image.items} label={F.image} />
            <FileField
              id="place-video"
              label={F.video}
              accept="video/mp4,video/webm"
              onChange={handleVideo}
              error={fileError(fileErrors.video)}
              help={F.videoHelp}
              helpBlock
            />
            <FileProgress items={video.items} label={F.video} />
            <SubmitButton submitting={submitting} className="w-100">
              {F.submit}
            </SubmitButton>
          </fieldset>
        </Form>
      </Card.Body>
    </Card>
  );
}
