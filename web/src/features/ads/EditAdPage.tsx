import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Alert, Card, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  AD_FORM_PARSE_OPTIONS,
  AD_LIMITS,
  buildAdUpdate,
  EMPTY_AD_FORM,
  MESSAGES,
  toAdFormValues,
  ZAdForm,
} from '@app/domain';
import type { AdFormValues, TAdForm } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { focusFirstInvalidField } from '../../ui/focusFirstInvalidField.ts';
import { FileField } from '../../ui/FormField.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { imageUrls as savedImageUrls, videoUrl as savedVideoUrl } from '../directory/card/details.ts';
import { AdDetailsFields } from './AdDetailsFields.tsx';
import { AdPreview } from './AdPreview.tsx';
import { useAd, useUpdateAd } from './api.ts';
import type { OwnAd } from './api.ts';
import { FileProgress } from './FileProgress.tsx';
import { isVideoFile, toastAdFailure, toastUploadFailure } from './feedback.ts';
import MyAdsPage from './MyAdsPage.tsx';
import { useObjectUrls, usePickedFiles } from './usePickedFiles.ts';
import './ads.css';

const F = MESSAGES.adForm;
const A = MESSAGES.ads;
const resolver = zodResolver(ZAdForm, AD_FORM_PARSE_OPTIONS);

/**
 * One file input with its progress and an Upload button, in a form of its own (spec 001 §2 "Edit ad":
 * the separate Change Image and video uploads). `onUploaded` gets the new file ids.
 */
function ReplaceFilesForm({
  id,
  title,
  label,
  help,
  accept,
  multiple,
  accepts,
  onUploaded,
  picked,
}: {
  id: string;
  title: string;
  label: string;
  help: string;
  accept: string;
  multiple: boolean;
  accepts: (file: File) => boolean;
  onUploaded: (ids: number[]) => Promise<void>;
  picked: ReturnType<typeof usePickedFiles>;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    const ok = files.filter(accepts).slice(0, multiple ? AD_LIMITS.maxImages : 1);
    picked.pick(ok);
    setError(ok.length === files.length ? undefined : multiple ? A.selectImage : F.videoType);
  };

  const handleUpload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picked.files.length === 0) {
      if (multiple) toast.warning(A.selectImage, { toastId: 'ad-select-image' });
      setError(multiple ? A.selectImage : F.videoType);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      let ids: number[];
      try {
        ids = await picked.uploadAll();
      } catch (uploadError) {
        toastUploadFailure(uploadError);
        return;
      }
      try {
        await onUploaded(ids);
      } catch (saveError) {
        toastAdFailure(saveError);
        return;
      }
      toast.success(A.updated);
      picked.pick([]);
      if (inputRef.current) inputRef.current.value = '';
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={handleUpload} aria-label={title} className="mb-4">
      <fieldset disabled={busy}>
        <FileField
          id={id}
          ref={inputRef}
          label={label}
          accept={accept}
          multiple={multiple}
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

function EditAdForm({ ad }: { ad: OwnAd }) {
  const updateAd = useUpdateAd(ad.id);
  const images = usePickedFiles('public');
  const video = usePickedFiles('public');
  const pickedImageUrls = useObjectUrls(images.files);
  const pickedVideoUrls = useObjectUrls(video.files);
  const form = useForm<AdFormValues, unknown, TAdForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY_AD_FORM,
    shouldFocusError: false,
  });
  // The form is filled once from the ad; later refetches (after a save) leave what is typed alone.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current) return;
    filled.current = true;
    form.reset(toAdFormValues(ad));
  }, [ad, form]);

  const handleSave = form.handleSubmit(async (values) => {
    try {
      await updateAd.mutateAsync(buildAdUpdate(values));
      toast.success(A.updated);
    } catch (error) {
      toastAdFailure(error);
    }
  }, focusFirstInvalidField);

  const previewImages = pickedImageUrls.length ? pickedImageUrls : savedImageUrls(ad.attributes);
  const previewVideo = pickedVideoUrls[0] ?? savedVideoUrl(ad.attributes);

  return (
    <Row className="g-4">
      <Col xl={7}>
        <Card className="shadow-sm">
          <Card.Header className="bg-transparent">
            <h1 className="h4 mb-0">{F.editTitle}</h1>
          </Card.Header>
          <Card.Body>
            <Alert variant="info" className="small">
              <i className="bi bi-info-circle me-2" aria-hidden="true" />
              {A.backToReview}
            </Alert>
            <ReplaceFilesForm
              id="ad-change-images"
              title={F.changeImage}
              label={F.changeImage}
              help={`${F.changeImageHelp} ${F.imagesHelp}`}
              accept="image/*"
              multiple
              accepts={(file) => file.type.startsWith('image/')}
              picked={images}
              onUploaded={async (ids) => {
                await updateAd.mutateAsync({ images: ids });
              }}
            />
            <ReplaceFilesForm
              id="ad-change-video"
              title={F.changeVideo}
              label={F.changeVideo}
              help={F.videoHelp}
              accept="video/mp4,video/webm"
              multiple={false}
              accepts={isVideoFile}
              picked={video}
              onUploaded={async ([id]) => {
                await updateAd.mutateAsync({ video: id });
              }}
            />
            <h2 className="h5 border-top pt-3">{F.details}</h2>
            <Form noValidate onSubmit={handleSave} aria-label={F.details}>
              <fieldset disabled={form.formState.isSubmitting}>
                <AdDetailsFields form={form} />
                <SubmitButton submitting={form.formState.isSubmitting} className="w-100">
                  {F.save}
                </SubmitButton>
              </fieldset>
            </Form>
          </Card.Body>
        </Card>
      </Col>
      <Col xl={5}>
        <div className="ad-preview__sticky">
          <AdPreview control={form.control} images={previewImages} video={previewVideo} />
        </div>
      </Col>
    </Row>
  );
}

/**
 * /ads/edit/:id (spec 001 §2, §4, §8): the Change Image and video uploads and the details form. A
 * non-numeric id shows the My Ads list instead.
 */
export default function EditAdPage() {
  const { id: param = '' } = useParams();
  const id = /^\d{1,10}$/.test(param) ? Number(param) : null;
  const ad = useAd(id);
  if (id === null) return <MyAdsPage />;
  if (ad.isPending) return <PageSpinner />;
  if (ad.isError) {
    const notFound = isApiError(ad.error) && ad.error.status === 404;
    return (
      <Alert variant="warning">
        {notFound ? F.notFound : isApiError(ad.error) ? ad.error.message : MESSAGES.toast.genericWarning}
      </Alert>
    );
  }
  return <EditAdForm key={ad.data.id} ad={ad.data} />;
}
