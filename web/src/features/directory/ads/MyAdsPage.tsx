import { Alert, Badge, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { adPath, DEFAULT_PAGE_SIZE, MESSAGES } from '@app/domain';
import { useSession } from '../../../app/session.tsx';
import { useOwnListDelete } from '../../../ui/useOwnListDelete.tsx';
import { useCurrentSubscription } from '../../billing/index.ts';
import type { AdQuota, TOwnRevision } from '@app/domain';
import { pendingText, useOwnRevisions } from '../../../ui/PendingRevision.tsx';
import { adKeys, useDeleteAd, useMyAds } from './api.ts';
import type { OwnAd } from './api.ts';
import { AD_FAILURE } from './feedback.ts';
import { usePaging } from '../../../ui/PagedListPage.tsx';
import { OwnerCardListPage } from '../../../ui/OwnerCardListPage.tsx';
import { OwnerCardFooter } from '../../../ui/OwnerCard.tsx';
import './ads.css';
import { toastApiFailure } from '../../../api/toastApiFailure.ts';
import { formatDay } from '../../../lib/dates.ts';

const M = MESSAGES.myAds;
const A = MESSAGES.ads;

function firstPhoto(ad: OwnAd): string | null {
  const image = ad.attributes.images?.data?.[0]?.attributes;
  return image ? (image.formats?.small?.url ?? image.url) : null;
}

function AdCard({
  ad,
  expires,
  revision,
  onDelete,
}: {
  ad: OwnAd;
  expires: string | null;
  revision: TOwnRevision | undefined;
  onDelete: () => void;
}) {
  const { review_reason, isShowed } = ad.attributes;
  // The owner's changes waiting for review show over the approved values (the public still reads those).
  const { title, city } = { ...ad.attributes, ...pendingText(revision, ['title', 'city']) };
  // An ad from before reviews existed is approved when shown.
  const review = ad.attributes.review ?? (isShowed ? 'approved' : 'pending');
  const photo = firstPhoto(ad);
  return (
    <Card as="article" className="my-ad shadow-sm" aria-label={title}>
      {photo ? (
        <Card.Img variant="top" src={photo} alt={`${M.photoOf} ${title}`} className="my-ad__photo" />
      ) : (
        <div className="my-ad__photo my-ad__placeholder card-img-top" role="img" aria-label={M.noPhoto}>
          <i className="bi bi-image" aria-hidden="true" />
        </div>
      )}
      <Card.Body className="d-flex flex-column">
        <h2 className="h6 mb-1 text-break">
          {/* The ad's page at its approved name and city (the owner sees it even while hidden). */}
          <Link to={adPath(ad.id, ad.attributes)}>{title}</Link>
        </h2>
        <p className="small text-body-secondary mb-2">
          <i className="bi bi-geo-alt me-1" aria-hidden="true" />
          {city}
        </p>
        <OwnerCardFooter
          review={review}
          reason={review_reason}
          revision={{ type: 'ad', revision }}
          editTo={`/ads/edit/${ad.id}`}
          onDelete={onDelete}
        >
          {expires && (
            <p className="small mb-3">
              {M.expires}: {expires}
            </p>
          )}
        </OwnerCardFooter>
      </Card.Body>
    </Card>
  );
}

/** The quota as two badges: ads posted of those allowed, and those remaining. */
function QuotaBadges({ quota }: { quota: AdQuota }) {
  return (
    <>
      <Badge bg="secondary" className="fs-6 fw-normal">
        {M.posted} {quota.posted} / {quota.allowed}
      </Badge>
      <Badge bg="info" text="dark" className="fs-6 fw-normal">
        {M.remaining} {quota.remaining}
      </Badge>
    </>
  );
}

/** What the provider may do next: buy a package (none running), Post Ads (ads left), else the refill text. */
function PostAdsAction({ hasSubscription, quota }: { hasSubscription: boolean; quota: AdQuota }) {
  if (!hasSubscription)
    return (
      <Link to="/ads/packages" className="btn btn-accent">
        {A.buyPackage}
      </Link>
    );
  if (quota.remaining > 0)
    return (
      <Link to="/ads/submit" className="btn btn-accent">
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {M.postAds}
      </Link>
    );
  return <span className="text-danger fw-semibold">{MESSAGES.subscription.refill}</span>;
}

/**
 * /ads/view, My Ads (spec 001 §2, §4): the quota badges, the page size, Post Ads
 * (or the refill text when nothing remains), a card per ad with Edit and Delete, and the pages.
 */
export default function MyAdsPage() {
  const { userId } = useSession();
  const paging = usePaging(DEFAULT_PAGE_SIZE);
  const current = useCurrentSubscription();
  const ads = useMyAds(userId, paging.page, paging.pageSize);
  const revisions = useOwnRevisions('ad', adKeys.all, userId !== null);
  const removal = useOwnListDelete<OwnAd>({
    mutation: useDeleteAd(),
    deletedText: A.deleted,
    onFailure: (error) => toastApiFailure(error, AD_FAILURE),
    paging,
    shownCount: ads.data?.data.length,
  });

  const quota = current.data?.quota ?? { allowed: 0, posted: 0, remaining: 0 };
  const subscription = current.data?.subscription ?? null;
  const expires = formatDay(subscription?.attributes.end_date);

  return (
    <OwnerCardListPage
      titleId="my-ads-title"
      texts={M}
      headerExtras={current.isSuccess && <QuotaBadges quota={quota} />}
      toolbar={current.isSuccess && <PostAdsAction hasSubscription={subscription !== null} quota={quota} />}
      notice={
        current.isSuccess &&
        !subscription && (
          // Without a running package no ad is in the directory, whatever its review says.
          <Alert variant="warning">{M.notListed}</Alert>
        )
      }
      paging={paging}
      query={ads}
      removal={removal}
    >
      {(ad) => (
        <AdCard
          ad={ad}
          expires={expires}
          revision={revisions.data?.get(ad.id)}
          onDelete={() => removal.ask(ad)}
        />
      )}
    </OwnerCardListPage>
  );
}
