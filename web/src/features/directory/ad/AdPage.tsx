import { useEffect } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  adPageText,
  adPath,
  adPlace,
  decodedPath,
  fillTemplate,
  MESSAGES,
  toDirectorySearch,
} from '@app/domain';
import type { ProviderItem } from '@app/domain';
import { isApiError } from '../../../api/client.ts';
import { usePageHead, type Crumb } from '../../../app/head.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { firstPagePath } from '../filterUrl.ts';
import { ProviderCard } from '../ProviderCard.tsx';
import { routeId } from '../../../lib/ids.ts';
import { usePublicAd, useRelatedAds } from './api.ts';
import { RelatedAds } from './RelatedAds.tsx';
import './ad-page.css';

const P = MESSAGES.adPage;

/** The listing of a place: the state's, or the city's when `city` is given. */
function listingOf(country: string, state: string, city?: string) {
  return firstPagePath(
    toDirectorySearch({ filters: {}, location: { country, state, city: city ? [city] : undefined } }),
  );
}

/** Providers › state › city › stage name: each step a listing, the last the page itself. */
function crumbs(ad: ProviderItem): Crumb[] {
  const a = ad.attributes;
  return [
    { name: P.home, path: '/' },
    ...(a.state ? [{ name: a.state, path: listingOf(a.country, a.state) }] : []),
    ...(a.city ? [{ name: a.city, path: listingOf(a.country, a.state, a.city) }] : []),
    { name: a.name || a.title, path: adPath(ad.id, a) },
  ];
}

function Breadcrumb({ ad }: { ad: ProviderItem }) {
  const a = ad.attributes;
  return (
    <nav aria-label={P.breadcrumb}>
      <ol className="breadcrumb small mb-2">
        <li className="breadcrumb-item">
          <Link to="/">{P.home}</Link>
        </li>
        {a.state && (
          <li className="breadcrumb-item">
            <Link to={listingOf(a.country, a.state)}>{a.state}</Link>
          </li>
        )}
        {a.city && (
          <li className="breadcrumb-item">
            <Link to={listingOf(a.country, a.state, a.city)}>{a.city}</Link>
          </li>
        )}
        <li className="breadcrumb-item active" aria-current="page">
          {a.name || a.title}
        </li>
      </ol>
    </nav>
  );
}

/** The ad itself: the heading, the card in full, and the provider's other ads and the city's. */
function AdView({ ad }: { ad: ProviderItem }) {
  const a = ad.attributes;
  const name = a.name || a.title;
  const place = adPlace(a);
  const related = useRelatedAds(ad.id);
  usePageHead({
    ...adPageText(a),
    canonical: adPath(ad.id, a),
    type: 'profile',
    breadcrumbs: crumbs(ad),
  });
  return (
    <>
      <Breadcrumb ad={ad} />
      <header className="ad-page__header">
        <h1 className="h3 mb-1">{name}</h1>
        <p className="text-body-secondary mb-0">
          {place}
          {related.data?.savedBy !== undefined && (
            <span className="badge text-bg-light border ms-2 align-middle" data-testid="saved-by">
              <i className="bi bi-heart me-1" aria-hidden="true" />
              {related.data.savedBy === 1
                ? MESSAGES.savedProviders.savedByOne
                : fillTemplate(MESSAGES.savedProviders.savedByMany, { count: related.data.savedBy })}
            </span>
          )}
          {related.data?.verified && (
            <span className="badge text-bg-success ms-2 align-middle" title={P.idVerifiedHint}>
              <i className="bi bi-patch-check-fill me-1" aria-hidden="true" />
              {P.idVerified}
            </span>
          )}
        </p>
      </header>
      <ProviderCard provider={ad} priority onAdPage />
      {related.data && (
        <>
          <RelatedAds title={P.moreFromProvider} ads={related.data.sameProvider} />
          <RelatedAds
            title={fillTemplate(P.moreInCity, { city: a.city })}
            ads={related.data.sameCity}
            empty={fillTemplate(P.noneInCity, { city: a.city })}
          />
        </>
      )}
    </>
  );
}

function AdNotFound() {
  return (
    <div className="py-5 text-center">
      <i className="bi bi-signpost-split display-4 text-accent" aria-hidden="true" />
      <h1 className="h3 mt-3">{P.notFound}</h1>
      <p className="text-body-secondary">{P.notFoundHint}</p>
      <Link to="/" className="btn btn-accent">
        {P.backToListing}
      </Link>
    </div>
  );
}

/**
 * An ad's own page (`/ads/:id/:slug`): what its card shows, in full, with the comments open, whether
 * the owner's ID is verified, the provider's other ads and the same city's providers. The address is
 * kept to the ad's one slug (the server answers others with a 301; here the address is replaced).
 */
export default function AdPage() {
  const id = routeId(useParams().id) ?? undefined;
  const ad = usePublicAd(id);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const canonical = ad.data ? adPath(ad.data.id, ad.data.attributes) : undefined;
  useEffect(() => {
    if (canonical && decodedPath(pathname) !== canonical)
      void navigate(canonical + search, { replace: true });
  }, [canonical, pathname, search, navigate]);

  let body;
  if (id === undefined) body = <AdNotFound />;
  else if (ad.isPending) body = <PageSpinner />;
  else if (ad.isError) {
    body =
      isApiError(ad.error) && (ad.error.status === 404 || ad.error.status === 400) ? (
        <AdNotFound />
      ) : (
        <Alert
          variant="warning"
          className="d-flex flex-wrap align-items-center justify-content-between gap-2"
        >
          {P.loadFailed}
          <Button size="sm" variant="outline-secondary" onClick={() => void ad.refetch()}>
            {MESSAGES.directory.retry}
          </Button>
        </Alert>
      );
  } else body = <AdView ad={ad.data} />;

  return <section className="ad-page container-xl py-3 py-lg-4">{body}</section>;
}
