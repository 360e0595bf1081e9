import { Alert } from 'react-bootstrap';
import { AD_LIMITS, buildAdUpdate, MESSAGES, toAdFormValues } from '@app/domain';
import { OwnRecordGate, useIdParam } from '../../../ui/OwnRecordGate.tsx';
import { useFillOnce } from '../../../ui/useFillOnce.ts';
import { DetailsForm } from '../../../ui/FieldsForm.tsx';
import { cardImages, videoUrl as savedVideoUrl } from '../card/details.ts';
import { AdDetailsFields } from './AdDetailsFields.tsx';
import { AdFormLayout } from './AdFormLayout.tsx';
import { AdPreview } from './AdPreview.tsx';
import { useAdForm } from './adFieldParts.tsx';
import { PendingRevisionNotice } from '../../../ui/PendingRevision.tsx';
import { useAd, useUpdateAd } from './api.ts';
import type { OwnAd } from './api.ts';
import { AD_FAILURE } from './feedback.ts';
import MyAdsPage from './MyAdsPage.tsx';
import { ReplaceImageForm, ReplaceVideoForm } from '../../media/index.ts';
import { useObjectUrls, usePickedFiles } from '../../media/index.ts';
import { toastApiFailure } from '../../../api/toastApiFailure.ts';

const F = MESSAGES.adForm;
const A = MESSAGES.ads;

const showFailure = (error: unknown) => toastApiFailure(error, AD_FAILURE);

type Picked = ReturnType<typeof usePickedFiles>;

/** Change Image (up to the ad's number of images) and Change Video, each uploaded and saved on its own. */
function AdFileForms({
  images,
  video,
  updateAd,
}: {
  images: Picked;
  video: Picked;
  updateAd: ReturnType<typeof useUpdateAd>;
}) {
  return (
    <>
      <ReplaceImageForm
        id="ad-change-images"
        label={F.changeImage}
        help={`${F.changeImageHelp} ${F.imagesHelp}`}
        maxFiles={AD_LIMITS.maxImages}
        picked={images}
        invalidMessage={A.selectImage}
        emptyToast={A.selectImage}
        successMessage={A.updated}
        onSaveFailure={showFailure}
        onUploaded={async (ids) => {
          await updateAd.mutateAsync({ images: ids });
        }}
      />
      <ReplaceVideoForm
        id="ad-change-video"
        texts={F}
        picked={video}
        successMessage={A.updated}
        onSaveFailure={showFailure}
        onUploaded={async ([id]) => {
          await updateAd.mutateAsync({ video: id });
        }}
      />
    </>
  );
}

function EditAdForm({ ad }: { ad: OwnAd }) {
  const updateAd = useUpdateAd(ad.id);
  const images = usePickedFiles('public');
  const video = usePickedFiles('public');
  const pickedImageUrls = useObjectUrls(images.files);
  const pickedVideoUrls = useObjectUrls(video.files);
  const form = useAdForm();
  useFillOnce(form, toAdFormValues(ad));

  const previewImages = pickedImageUrls.length
    ? pickedImageUrls
    : cardImages(ad.attributes).map((image) => image.src);
  const previewVideo = pickedVideoUrls[0] ?? savedVideoUrl(ad.attributes);

  return (
    <AdFormLayout
      title={F.editTitle}
      preview={<AdPreview control={form.control} images={previewImages} video={previewVideo} />}
    >
      <PendingRevisionNotice type="ad" revision={ad.attributes.pending_revision} />
      <Alert variant="info" className="small">
        <i className="bi bi-info-circle me-2" aria-hidden="true" />
        {A.backToReview}
      </Alert>
      <AdFileForms images={images} video={video} updateAd={updateAd} />
      <h2 className="h5 border-top pt-3">{F.details}</h2>
      <DetailsForm
        form={form}
        texts={F}
        save={async (values) => (await updateAd.mutateAsync(buildAdUpdate(values))).data}
        updatedText={A.updated}
        onFailure={showFailure}
      >
        <AdDetailsFields form={form} />
      </DetailsForm>
    </AdFormLayout>
  );
}

/**
 * /ads/edit/:id (spec 001 §2, §4, §8): the Change Image and video uploads and the details form. A
 * non-numeric id shows the My Ads list instead; a missing ad or another owner's (public) ad shows the
 * app's Not Found page, never a form whose Save would fail.
 */
export default function EditAdPage() {
  const id = useIdParam();
  return (
    <OwnRecordGate id={id} query={useAd(id)} noId={<MyAdsPage />}>
      {(ad) => <EditAdForm key={ad.id} ad={ad} />}
    </OwnRecordGate>
  );
}
