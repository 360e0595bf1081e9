import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AD_LIMITS, buildAdCreate, MESSAGES } from '@app/domain';
import type { TAdForm } from '@app/domain';
import { ME_QUERY_KEY, useSession } from '../../../app/session.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { serverFieldErrors } from '../../../ui/serverFieldErrors.ts';
import { FieldsForm } from '../../../ui/FieldsForm.tsx';
import { AdDetailsFields } from './AdDetailsFields.tsx';
import { AdFormLayout } from './AdFormLayout.tsx';
import { AdPreview } from './AdPreview.tsx';
import { useAdForm } from './adFieldParts.tsx';
import { useCurrentSubscription } from '../../billing/index.ts';
import { useCreateAd } from './api.ts';
import {
  PickedFileField,
  submitWithFiles,
  useFileField,
  useObjectUrls,
  useUploadThenSave,
  VideoField,
} from '../../media/index.ts';
import type { FileFieldState } from '../../media/index.ts';
import { AD_FAILURE } from './feedback.ts';

const F = MESSAGES.adForm;
const A = MESSAGES.ads;

/** Nothing left to post: only the way to a package (spec 001 §2 "Provider area"). */
function NoAdsLeft() {
  return (
    <Card className="shadow-sm text-center">
      <Card.Body className="py-5">
        <i className="bi bi-box-seam display-5 text-accent" aria-hidden="true" />
        <h1 className="h4 mt-3">{F.createTitle}</h1>
        <p className="text-body-secondary mb-1">{A.noAdsLeft}</p>
        <p className="text-danger">{MESSAGES.subscription.refill}</p>
        <Link to="/ads/packages" className="btn btn-accent">
          {A.buyPackage}
        </Link>
      </Card.Body>
    </Card>
  );
}

/**
 * The new ad's files: the images (required), the ID documents (required unless the provider's ID is
 * verified: then a line says so instead, decision 0034) and the optional video.
 */
function PostAdFiles({
  images,
  docs,
  video,
  idVerified,
}: {
  images: FileFieldState;
  docs: FileFieldState;
  video: FileFieldState;
  idVerified: boolean;
}) {
  const pickImages = (files: File[]) => {
    const picked = files.filter((file) => file.type.startsWith('image/'));
    if (picked.length > AD_LIMITS.maxImages) toast.warning(F.tooManyImages);
    images.pick(picked.slice(0, AD_LIMITS.maxImages));
    images.setError((error) => (picked.length ? undefined : error));
  };
  const pickDocs = (files: File[]) => {
    const picked = files.slice(0, AD_LIMITS.maxDocs);
    docs.pick(picked);
    docs.setError((error) => (picked.length ? undefined : error));
  };
  return (
    <>
      <PickedFileField
        id="ad-images"
        field={images}
        label={F.images}
        help={F.imagesHelp}
        onPick={pickImages}
        accept="image/*"
        multiple
      />
      {idVerified ? (
        <p className="small text-success mb-3" data-testid="ad-docs-verified">
          <i className="bi bi-patch-check me-1" aria-hidden="true" />
          {F.docsVerified}
        </p>
      ) : (
        <PickedFileField
          id="ad-docs"
          field={docs}
          label={F.docs}
          help={F.docsHelp}
          onPick={pickDocs}
          accept="image/*"
          multiple
        />
      )}
      <VideoField id="ad-video" field={video} texts={F} />
    </>
  );
}

/** A refusal naming the ID documents (`data.docs`): the staff asked for them again meanwhile. */
function namesDocs(error: unknown): boolean {
  return serverFieldErrors(error, ['data']).some(({ field }) => field === 'docs');
}

/**
 * Whether the signed-in provider's ID is verified, as `GET /api/users/me` says it now: the form asks it
 * afresh when it opens, and again when the server asks for documents after all (the staff asked again).
 */
function useIdVerified() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    [queryClient],
  );
  useEffect(refresh, [refresh]);
  return { idVerified: user?.verification === 'verified', refresh };
}

/**
 * Spec 001 §4 "Ad posting": the images, then the optional video, then the ID documents are
 * uploaded, then the ad is created; success returns to the home page. No image is also a warning
 * (spec 001 §5, §8).
 */
function usePostAd() {
  const navigate = useNavigate();
  const createAd = useCreateAd();
  const { idVerified, refresh } = useIdVerified();
  const images = useFileField('public');
  const docs = useFileField('docs');
  const video = useFileField('public');
  const form = useAdForm();
  const { submitting, run } = useUploadThenSave({
    upload: async () => {
      const imageIds = await images.uploadAll();
      const [videoId] = await video.uploadAll();
      const docIds = await docs.uploadAll();
      return { images: imageIds, video: videoId ?? null, docs: docIds };
    },
    save: async (values: TAdForm, files) => {
      try {
        return await createAd.mutateAsync(buildAdCreate(values, files));
      } catch (error) {
        if (namesDocs(error)) refresh();
        throw error;
      }
    },
    failure: AD_FAILURE,
    done: () => {
      toast.success(A.created);
      void navigate('/');
    },
  });
  const submit = submitWithFiles(
    form,
    [
      { field: images, id: 'ad-images', message: A.selectImage },
      ...(idVerified ? [] : [{ field: docs, id: 'ad-docs', message: MESSAGES.validation.docsRequired }]),
    ],
    run,
  );
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (images.files.length === 0) toast.warning(A.selectImage, { toastId: 'ad-select-image' });
    submit(event);
  };
  return { form, images, docs, video, idVerified, submitting, handleSubmit };
}

/** The form itself, shown while the provider's package has ads left. */
function PostAdForm() {
  const { form, images, docs, video, idVerified, submitting, handleSubmit } = usePostAd();
  const imageUrls = useObjectUrls(images.files);
  const videoUrls = useObjectUrls(video.files);
  return (
    <AdFormLayout
      title={F.createTitle}
      preview={<AdPreview control={form.control} images={imageUrls} video={videoUrls[0] ?? null} />}
    >
      <p className="text-body-secondary small">{F.intro}</p>
      <FieldsForm
        label={F.createTitle}
        submitting={submitting}
        submitLabel={F.submit}
        onSubmit={handleSubmit}
      >
        <PostAdFiles images={images} docs={docs} video={video} idVerified={idVerified} />
        <AdDetailsFields form={form} />
      </FieldsForm>
    </AdFormLayout>
  );
}

/**
 * /ads/submit (spec 001 §2, §4, §8): without an active subscription the provider is sent to the
 * packages with a warning; with no ads left only the buy-package link shows; otherwise the form.
 */
export default function PostAdPage() {
  const navigate = useNavigate();
  const current = useCurrentSubscription();
  // Decide on the server's answer of now, not on a kept one (a package bought a moment ago).
  const settled = current.isSuccess && !current.isFetching;
  const noSubscription = settled && !current.data.subscription;

  useEffect(() => {
    if (!noSubscription) return;
    toast.warning(MESSAGES.subscription.needPackage, { toastId: 'ad-need-package' });
    navigate('/ads/packages', { replace: true });
  }, [noSubscription, navigate]);

  if (current.isPending || (current.isSuccess && !settled) || noSubscription) return <PageSpinner />;
  if (current.isError)
    return (
      <Alert variant="warning" className="d-flex align-items-center justify-content-between gap-2">
        {MESSAGES.toast.genericWarning}
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => void current.refetch()}
        >
          {MESSAGES.myAds.retry}
        </button>
      </Alert>
    );
  if (current.data.quota.remaining <= 0) return <NoAdsLeft />;
  return <PostAdForm />;
}
