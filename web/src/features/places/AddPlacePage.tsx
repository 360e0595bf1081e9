import { useRef } from 'react';
import { Alert } from 'react-bootstrap';
import { AccountCard } from '../../ui/AccountCard.tsx';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import type { TPlaceForm } from '@app/domain';
import { FieldsForm } from '../../ui/FieldsForm.tsx';
import {
  PickedFileField,
  pickImage,
  submitWithFiles,
  useFileField,
  useUploadThenSave,
  VideoField,
} from '../media/index.ts';
import { useCreateAddress, useCreatePlace, useUpdateAddress } from './api.ts';
import { PLACE_FAILURE } from './feedback.ts';
import { addressOf, detailsOf, PlaceFields, usePlaceForm } from './PlaceFields.tsx';
import './places.css';

const F = MESSAGES.placeForm;
const P = MESSAGES.places;

/**
 * Submitting a new place (spec 001 §4 "Places"): the picture (required) and the video are uploaded,
 * then the address is created, then the place; it then waits for an administrator's review.
 */
function useAddPlace() {
  const navigate = useNavigate();
  const createAddress = useCreateAddress();
  const updateAddress = useUpdateAddress();
  const createPlace = useCreatePlace();
  const image = useFileField('public');
  const video = useFileField('public');
  // An address made by a submit whose place failed is reused (updated) by the next try.
  const madeAddress = useRef<number | null>(null);
  const form = usePlaceForm();

  const { submitting, run } = useUploadThenSave({
    upload: async () => ({ image: (await image.uploadAll())[0], video: (await video.uploadAll())[0] }),
    save: async (values: TPlaceForm, files) => {
      const address = addressOf(values);
      if (madeAddress.current === null) madeAddress.current = (await createAddress.mutateAsync(address)).id;
      else await updateAddress.mutateAsync({ id: madeAddress.current, data: address });
      await createPlace.mutateAsync({
        ...detailsOf(values),
        address: madeAddress.current,
        image: files.image,
        ...(files.video !== undefined ? { video: files.video } : {}),
      });
    },
    failure: PLACE_FAILURE,
    done: () => {
      toast.success(P.submitted);
      void navigate('/place/view');
    },
  });
  const handleSubmit = submitWithFiles(form, [{ field: image, id: 'place-image', message: F.required }], run);
  return { form, image, video, submitting, handleSubmit };
}

/**
 * /place/add (spec 001 §2 "Places", §4 "Places", §8): one form with the place, its
 * address and its picture (required) and an optional video. Submitting uploads the files, creates the
 * address, then the place; the new place waits for an administrator's review.
 */
export default function AddPlacePage() {
  const { form, image, video, submitting, handleSubmit } = useAddPlace();
  return (
    <AccountCard title={F.addTitle}>
      <Alert variant="info" className="small">
        <i className="bi bi-info-circle me-2" aria-hidden="true" />
        {F.intro}
      </Alert>
      <FieldsForm label={F.addTitle} submitting={submitting} submitLabel={F.submit} onSubmit={handleSubmit}>
        <PlaceFields form={form} />
        <PickedFileField
          id="place-image"
          field={image}
          label={F.image}
          help={F.imageHelp}
          accept="image/*"
          onPick={(files) => pickImage(image, files, F.required)}
          className="mb-3 place-field--required"
        />
        <VideoField id="place-video" field={video} texts={F} />
      </FieldsForm>
    </AccountCard>
  );
}
