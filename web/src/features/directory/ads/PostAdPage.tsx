import { useEffect, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Alert, Card, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import {
  AD_FORM_PARSE_OPTIONS,
  AD_LIMITS,
  buildAdCreate,
  EMPTY_AD_FORM,
  MESSAGES,
  ZAdForm,
} from '@app/domain';
import type { AdFormValues, TAdForm } from '@app/domain';
import { focusFirstInvalidField } from '../../../ui/focusFirstInvalidField.ts';
import { FileField } from '../../../ui/FormField.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { SubmitButton } from '../../../ui/SubmitButton.tsx';
import { AdDetailsFields } from './AdDetailsFields.tsx';
import { AdPreview } from './AdPreview.tsx';
import { useCurrentSubscription } from '../../billing/index.ts';
import { useCreateAd } from './api.ts';
import { FileProgress } from '../../media/index.ts';
import { isVideoFile, UPLOAD_FAILURE } from '../../media/index.ts';
import { AD_FAILURE } from './feedback.ts';
import { useObjectUrls, usePickedFiles } from '../../media/index.ts';
import './ads.css';
import { toastApiFailure } from '../../../api/toastApiFailure.ts';

const F = MESSAGES.adForm;
const A = MESSAGES.ads;
const resolver = zodResolver(ZAdForm, AD_FORM_PARSE_OPTIONS);

const filesOf = (event: ChangeEvent<HTMLInputElement>) => Array.from(event.target.files ?? []);

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

/** The form itself, shown while the provider's package has ads left. */
function PostAdForm() {
  const navigate = useNavigate();
  const createAd = useCreateAd();
  const images = usePickedFiles('public');
  const docs = usePickedFiles('docs');
  const video = usePickedFiles('public');
  const imageUrls = useObjectUrls(images.files);
  const videoUrls = useObjectUrls(video.files);
  const [submitting, setSubmitting] = useState(false);
  const [fileErrors, setFileErrors] = useState<{ images?: string; docs?: string; video?: string }>({});
  const form = useForm<AdFormValues, unknown, TAdForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY_AD_FORM,
    shouldFocusError: false,
  });

  const handleImages = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = filesOf(event).filter((file) => file.type.startsWith('image/'));
    if (picked.length > AD_LIMITS.maxImages) toast.warning(F.tooManyImages);
    images.pick(picked.slice(0, AD_LIMITS.maxImages));
    setFileErrors((e) => ({ ...e, images: picked.length ? undefined : e.images }));
  };
  const handleDocs = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = filesOf(event).slice(0, AD_LIMITS.maxDocs);
    docs.pick(picked);
    setFileErrors((e) => ({ ...e, docs: picked.length ? undefined : e.docs }));
  };
  const handleVideo = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = filesOf(event).slice(0, 1);
    const ok = picked.every(isVideoFile);
    video.pick(ok ? picked : []);
    setFileErrors((e) => ({ ...e, video: ok ? undefined : F.videoType }));
  };

  /**
   * Spec 001 §4 "Ad posting": the images, then the optional video, then the ID documents are
   * uploaded, then the ad is created; success returns to the home page.
   */
  const handleValid = async (values: TAdForm) => {
    setSubmitting(true);
    try {
      let files;
      try {
        const imageIds = await images.uploadAll();
        const [videoId] = await video.uploadAll();
        const docIds = await docs.uploadAll();
        files = { images: imageIds, video: videoId ?? null, docs: docIds };
      } catch (error) {
        toastApiFailure(error, UPLOAD_FAILURE);
        return;
      }
      try {
        await createAd.mutateAsync(buildAdCreate(values, files));
      } catch (error) {
        toastApiFailure(error, AD_FAILURE);
        return;
      }
      toast.success(A.created);
      navigate('/');
    } finally {
      setSubmitting(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const missing = {
      images: images.files.length === 0 ? A.selectImage : undefined,
      docs: docs.files.length === 0 ? MESSAGES.validation.docsRequired : undefined,
    };
    setFileErrors((e) => ({ ...e, ...missing }));
    // Spec 001 §5, §8: no image is a warning.
    if (missing.images) toast.warning(A.selectImage, { toastId: 'ad-select-image' });
    void form.handleSubmit(async (values) => {
      if (missing.images || missing.docs) {
        document.getElementById(missing.images ? 'ad-images' : 'ad-docs')?.focus();
        return;
      }
      await handleValid(values);
    }, focusFirstInvalidField)(event);
  };

  const fileError = (message: string | undefined) => (message ? { message } : undefined);

  return (
    <Row className="g-4">
      <Col xl={7}>
        <Card className="shadow-sm">
          <Card.Header className="bg-transparent">
            <h1 className="h4 mb-0">{F.createTitle}</h1>
          </Card.Header>
          <Card.Body>
            <p className="text-body-secondary small">{F.intro}</p>
            <Form noValidate onSubmit={handleSubmit} aria-label={F.createTitle}>
              <fieldset disabled={submitting}>
                <FileField
                  id="ad-images"
                  label={F.images}
                  accept="image/*"
                  multiple
                  onChange={handleImages}
                  error={fileError(fileErrors.images)}
                  help={F.imagesHelp}
                  helpBlock
                />
                <FileProgress items={images.items} label={F.images} />
                <FileField
                  id="ad-docs"
                  label={F.docs}
                  accept="image/*"
                  multiple
                  onChange={handleDocs}
                  error={fileError(fileErrors.docs)}
                  help={F.docsHelp}
                  helpBlock
                />
                <FileProgress items={docs.items} label={F.docs} />
                <FileField
                  id="ad-video"
                  label={F.video}
                  accept="video/mp4,video/webm"
                  onChange={handleVideo}
                  error={fileError(fileErrors.video)}
                  help={F.videoHelp}
                  helpBlock
                />
                <FileProgress items={video.items} label={F.video} />
                <AdDetailsFields form={form} />
                <SubmitButton submitting={submitting} className="w-100">
                  {F.submit}
                </SubmitButton>
              </fieldset>
            </Form>
          </Card.Body>
        </Card>
      </Col>
      <Col xl={5}>
        <div className="ad-preview__sticky">
          <AdPreview control={form.control} images={imageUrls} video={videoUrls[0] ?? null} />
        </div>
      </Col>
    </Row>
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
