import { useState } from 'react';
import { Alert, Badge, Button, Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, MESSAGES } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useOwnListDelete } from '../../ui/useOwnListDelete.ts';
import { useCurrentSubscription } from '../billing/api.ts';
import { useDeleteAd, useMyAds } from './api.ts';
import type { OwnAd } from './api.ts';
import { toastAdFailure } from './feedback.ts';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';
import { OwnerCardFooter } from '../../ui/OwnerCard.tsx';
import './ads.css';

const M = MESSAGES.myAds;
const A = MESSAGES.ads;

/** A date as "Jan 5, 2027" (UTC, the server's dates), or null. */
export function formatDate(value: string | null | undefined): string | null {
  const time = value ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) return null;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(time);
}

function firstPhoto(ad: OwnAd): string | null {
  const image = ad.attributes.images?.data?.[0]?.attributes;
  return image ? (image.formats?.small?.url ?? image.url) : null;
}

function AdCard({ ad, expires, onDelete }: { ad: OwnAd; expires: string | null; onDelete: () => void }) {
  const { title, city, review_reason, isShowed } = ad.attributes;
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
        <h2 className="h6 mb-1 text-break">{title}</h2>
        <p className="small text-body-secondary mb-2">
          <i className="bi bi-geo-alt me-1" aria-hidden="true" />
          {city}
        </p>
        <OwnerCardFooter
          review={review}
          reason={review_reason}
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

/**
 * /ads/view, My Ads (spec 001 §2, §4; issue 11 item 10): the quota badges, the page size, Post Ads
 * (or the refill text when nothing remains), a card per ad with Edit and Delete, and the pages.
 */
export default function MyAdsPage() {
  const { userId } = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const current = useCurrentSubscription();
  const ads = useMyAds(userId, page, pageSize);
  const deleteAd = useDeleteAd();

  const pageCount = ads.data?.meta.pagination.pageCount ?? 1;
  const quota = current.data?.quota ?? { allowed: 0, posted: 0, remaining: 0 };
  const subscription = current.data?.subscription ?? null;
  const expires = formatDate(subscription?.attributes.end_date);

  const removal = useOwnListDelete<OwnAd>({
    remove: (id) => deleteAd.mutateAsync(id),
    deletedText: A.deleted,
    onFailure: toastAdFailure,
    page,
    setPage,
    shownCount: ads.data?.data.length,
  });

  return (
    <section aria-labelledby="my-ads-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="my-ads-title" className="h4 mb-0 me-auto">
          {M.title}
        </h1>
        {current.isSuccess && (
          <>
            <Badge bg="secondary" className="fs-6 fw-normal">
              {M.posted} {quota.posted} / {quota.allowed}
            </Badge>
            <Badge bg="info" text="dark" className="fs-6 fw-normal">
              {M.remaining} {quota.remaining}
            </Badge>
          </>
        )}
      </div>

      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <PageSizeSelect
          label={M.pageSize}
          value={pageSize}
          onChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
        <div className="ms-auto">
          {current.isSuccess &&
            (!subscription ? (
              <Link to="/ads/packages" className="btn btn-accent">
                {A.buyPackage}
              </Link>
            ) : quota.remaining > 0 ? (
              <Link to="/ads/submit" className="btn btn-accent">
                <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                {M.postAds}
              </Link>
            ) : (
              <span className="text-danger fw-semibold">{MESSAGES.subscription.refill}</span>
            ))}
        </div>
      </div>

      {current.isSuccess && !subscription && (
        // Without a running package no ad is in the directory, whatever its review says.
        <Alert variant="warning">{M.notListed}</Alert>
      )}
      {ads.isPending ? (
        <PageSpinner />
      ) : ads.isError ? (
        <Alert variant="warning" className="d-flex align-items-center justify-content-between gap-2">
          {M.loadFailed}
          <Button size="sm" variant="outline-secondary" onClick={() => void ads.refetch()}>
            {M.retry}
          </Button>
        </Alert>
      ) : ads.data.data.length === 0 ? (
        <p className="text-body-secondary">{M.empty}</p>
      ) : (
        <>
          <Row xs={1} sm={2} lg={3} className="g-3 mb-3" aria-busy={ads.isFetching}>
            {ads.data.data.map((ad) => (
              <Col key={ad.id}>
                <AdCard ad={ad} expires={expires} onDelete={() => removal.ask(ad)} />
              </Col>
            ))}
          </Row>
          <PageButtons page={page} pageCount={pageCount} onPage={setPage} label={M.pages} />
        </>
      )}

      <ConfirmDeleteDialog
        show={removal.deleting !== null}
        deleting={deleteAd.isPending}
        onConfirm={() => void removal.confirm()}
        onClose={removal.cancel}
      />
    </section>
  );
}
