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
import { isApiError } from '../../../api/client.ts';
import { ownedBySignedIn } from '../../../api/ownership.ts';
import NotFoundPage from '../../../app/NotFoundPage.tsx';
import { useSession } from '../../../app/session.tsx';
import { focusFirstInvalidField } from '../../../ui/focusFirstInvalidField.ts';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { useFillOnce } from '../../../ui/useFillOnce.ts';
import { SubmitButton } from '../../../ui/SubmitButton.tsx';
import { cardImages, videoUrl as savedVideoUrl } from '../card/details.ts';
import { AdDetailsFields } from './AdDetailsFields.tsx';
import { AdPreview } from './AdPreview.tsx';
import { PendingRevisionNotice, waitsForReview } from '../../../ui/PendingRevision.tsx';
import { useAd, useUpdateAd } from './api.ts';
import type { OwnAd } from './api.ts';
import { isVideoFile } from '../../media/index.ts';
import { AD_FAILURE } from './feedback.ts';
import MyAdsPage from './MyAdsPage.tsx';
import { ReplaceFilesForm } from '../../media/index.ts';
import { useObjectUrls, usePickedFiles } from '../../media/index.ts';
import './ads.css';
import { toastApiFailure } from '../../../api/toastApiFailure.ts';

const F = MESSAGES.adForm;
const A = MESSAGES.ads;
const resolver = zodResolver(ZAdForm, AD_FORM_PARSE_OPTIONS);

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
  useFillOnce(form, toAdFormValues(ad));

  const handleSave = form.handleSubmit(async (values) => {
    try {
      const saved = await updateAd.mutateAsync(buildAdUpdate(values));
      toast.success(waitsForReview(saved.data) ? MESSAGES.revisions.savedForReview : A.updated);
    } catch (error) {
      toastApiFailure(error, AD_FAILURE);
    }
  }, focusFirstInvalidField);

  const previewImages = pickedImageUrls.length
    ? pickedImageUrls
    : cardImages(ad.attributes).map((image) => image.src);
  const previewVideo = pickedVideoUrls[0] ?? savedVideoUrl(ad.attributes);

  return (
    <Row className="g-4">
      <Col xl={7}>
        <Card className="shadow-sm">
          <Card.Header className="bg-transparent">
            <h1 className="h4 mb-0">{F.editTitle}</h1>
          </Card.Header>
          <Card.Body>
            <PendingRevisionNotice type="ad" revision={ad.attributes.pending_revision} />
            <Alert variant="info" className="small">
              <i className="bi bi-info-circle me-2" aria-hidden="true" />
              {A.backToReview}
            </Alert>
            <ReplaceFilesForm
              id="ad-change-images"
              label={F.changeImage}
              help={`${F.changeImageHelp} ${F.imagesHelp}`}
              accept="image/*"
              maxFiles={AD_LIMITS.maxImages}
              accepts={(file) => file.type.startsWith('image/')}
              picked={images}
              invalidMessage={A.selectImage}
              emptyToast={A.selectImage}
              successMessage={A.updated}
              onSaveFailure={(error) => toastApiFailure(error, AD_FAILURE)}
              onUploaded={async (ids) => {
                await updateAd.mutateAsync({ images: ids });
              }}
            />
            <ReplaceFilesForm
              id="ad-change-video"
              label={F.changeVideo}
              help={F.videoHelp}
              accept="video/mp4,video/webm"
              accepts={isVideoFile}
              picked={video}
              invalidMessage={F.videoType}
              successMessage={A.updated}
              onSaveFailure={(error) => toastApiFailure(error, AD_FAILURE)}
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
 * non-numeric id shows the My Ads list instead; a missing ad or another owner's (public) ad shows the
 * app's Not Found page, never a form whose Save would fail.
 */
export default function EditAdPage() {
  const { id: param = '' } = useParams();
  const { userId } = useSession();
  const id = /^\d{1,10}$/.test(param) ? Number(param) : null;
  const ad = useAd(id);
  if (id === null) return <MyAdsPage />;
  if (ad.isPending) return <PageSpinner />;
  if (ad.isError) {
    if (isApiError(ad.error) && ad.error.status === 404) return <NotFoundPage />;
    return (
      <Alert variant="warning">
        {isApiError(ad.error) ? ad.error.message : MESSAGES.toast.genericWarning}
      </Alert>
    );
  }
  if (!ownedBySignedIn(ad.data, userId)) return <NotFoundPage />;
  return <EditAdForm key={ad.data.id} ad={ad.data} />;
}
