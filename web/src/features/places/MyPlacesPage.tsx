import { useState } from 'react';
import { Alert, Button, Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, MESSAGES } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useOwnListDelete } from '../../ui/useOwnListDelete.ts';
import { useDeletePlace, useMyPlaces } from './api.ts';
import type { Place } from './api.ts';
import { toastPlaceFailure } from './feedback.ts';
import { OwnerCardFooter } from '../../ui/OwnerCard.tsx';
import { PlaceImage, placeAddress, placeTypeName } from './PlaceParts.tsx';
import './places.css';

const M = MESSAGES.myPlaces;
const P = MESSAGES.places;

function PlaceCard({ place, onDelete }: { place: Place; onDelete: () => void }) {
  const { name, review, review_reason } = place.attributes;
  const type = placeTypeName(place.attributes);
  const address = placeAddress(place.attributes);
  return (
    <Card as="article" className="my-place shadow-sm h-100" aria-label={name}>
      <PlaceImage place={place.attributes} className="card-img-top my-place__image" />
      <Card.Body className="d-flex flex-column">
        <h2 className="h6 mb-1 text-break">{name}</h2>
        {type && <p className="small text-accent fw-semibold mb-1">{type}</p>}
        {address && (
          <p className="small text-body-secondary mb-2">
            <i className="bi bi-geo-alt me-1" aria-hidden="true" />
            {address}
          </p>
        )}
        <OwnerCardFooter
          review={review}
          reason={review_reason}
          editTo={`/place/edit/${place.id}`}
          onDelete={onDelete}
        />
      </Card.Body>
    </Card>
  );
}

/**
 * /place/view, My Places (spec 001 §2 "Places", §9; issue 12 item 2): the page size, Add Place, a card
 * per place (newest first) with its review state, Edit and Delete, and the pages.
 */
export default function MyPlacesPage() {
  const { userId } = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const places = useMyPlaces(userId, page, pageSize);
  const deletePlace = useDeletePlace();
  const pageCount = places.data?.meta.pagination.pageCount ?? 1;

  const removal = useOwnListDelete<Place>({
    remove: (id) => deletePlace.mutateAsync(id),
    deletedText: P.deleted,
    onFailure: toastPlaceFailure,
    page,
    setPage,
    shownCount: places.data?.data.length,
  });

  return (
    <section aria-labelledby="my-places-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="my-places-title" className="h4 mb-0 me-auto">
          {M.title}
        </h1>
        <Link to="/place/add" className="btn btn-accent">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {M.addPlace}
        </Link>
      </div>

      <PageSizeSelect
        label={M.pageSize}
        value={pageSize}
        className="mb-3"
        onChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />

      {places.isPending ? (
        <PageSpinner />
      ) : places.isError ? (
        <Alert variant="warning" className="d-flex align-items-center justify-content-between gap-2">
          {M.loadFailed}
          <Button size="sm" variant="outline-secondary" onClick={() => void places.refetch()}>
            {M.retry}
          </Button>
        </Alert>
      ) : places.data.data.length === 0 ? (
        <p className="text-body-secondary">{M.empty}</p>
      ) : (
        <>
          <Row xs={1} sm={2} lg={3} className="g-3 mb-3" aria-busy={places.isFetching}>
            {places.data.data.map((place) => (
              <Col key={place.id}>
                <PlaceCard place={place} onDelete={() => removal.ask(place)} />
              </Col>
            ))}
          </Row>
          <PageButtons page={page} pageCount={pageCount} onPage={setPage} label={M.pages} />
        </>
      )}

      <ConfirmDeleteDialog
        show={removal.deleting !== null}
        deleting={deletePlace.isPending}
        onConfirm={() => void removal.confirm()}
        onClose={removal.cancel}
      />
    </section>
  );
}
