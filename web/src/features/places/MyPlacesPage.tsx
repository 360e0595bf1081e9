import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, MESSAGES } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { usePaging } from '../../ui/PagedListPage.tsx';
import { OwnerCardListPage } from '../../ui/OwnerCardListPage.tsx';
import { useOwnListDelete } from '../../ui/useOwnListDelete.tsx';
import type { TOwnRevision } from '@app/domain';
import { pendingText, useOwnRevisions } from '../../ui/PendingRevision.tsx';
import { placeKeys, useDeletePlace, useMyPlaces } from './api.ts';
import type { Place } from './api.ts';
import { PLACE_FAILURE } from './feedback.ts';
import { OwnerCardFooter } from '../../ui/OwnerCard.tsx';
import { PlaceImage, placeAddress, placeTypeName } from './PlaceParts.tsx';
import './places.css';
import { toastApiFailure } from '../../api/toastApiFailure.ts';

const M = MESSAGES.myPlaces;
const P = MESSAGES.places;

function PlaceCard({
  place,
  revision,
  onDelete,
}: {
  place: Place;
  revision: TOwnRevision | undefined;
  onDelete: () => void;
}) {
  const { review, review_reason } = place.attributes;
  // The owner's changes waiting for review show over the approved values (the public still reads those).
  const { name } = { ...place.attributes, ...pendingText(revision, ['name']) };
  const type = placeTypeName(place.attributes);
  const address = placeAddress(place.attributes);
  return (
    <Card as="article" className="my-place shadow-sm h-100" aria-label={name}>
      <PlaceImage place={place.attributes} className="card-img-top my-place__image" />
      <Card.Body className="d-flex flex-column">
        <h2 className="h6 mb-1 text-break">{name}</h2>
        {type && <p className="small text-accent-dark fw-semibold mb-1">{type}</p>}
        {address && (
          <p className="small text-body-secondary mb-2">
            <i className="bi bi-geo-alt me-1" aria-hidden="true" />
            {address}
          </p>
        )}
        <OwnerCardFooter
          review={review}
          reason={review_reason}
          revision={{ type: 'place', revision }}
          editTo={`/place/edit/${place.id}`}
          onDelete={onDelete}
        />
      </Card.Body>
    </Card>
  );
}

/**
 * /place/view, My Places (spec 001 §2 "Places", §9): the page size, Add Place, a card
 * per place (newest first) with its review state, Edit and Delete, and the pages.
 */
export default function MyPlacesPage() {
  const { userId } = useSession();
  const paging = usePaging(DEFAULT_PAGE_SIZE);
  const places = useMyPlaces(userId, paging.page, paging.pageSize);
  const revisions = useOwnRevisions('place', placeKeys.all, userId !== null);
  const removal = useOwnListDelete<Place>({
    mutation: useDeletePlace(),
    deletedText: P.deleted,
    onFailure: (error) => toastApiFailure(error, PLACE_FAILURE),
    paging,
    shownCount: places.data?.data.length,
  });

  return (
    <OwnerCardListPage
      titleId="my-places-title"
      texts={M}
      headerExtras={
        <Link to="/place/add" className="btn btn-accent">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {M.addPlace}
        </Link>
      }
      paging={paging}
      query={places}
      removal={removal}
    >
      {(place) => (
        <PlaceCard
          place={place}
          revision={revisions.data?.get(place.id)}
          onDelete={() => removal.ask(place)}
        />
      )}
    </OwnerCardListPage>
  );
}
