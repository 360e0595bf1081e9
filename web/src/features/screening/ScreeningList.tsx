import { useEffect, useRef } from 'react';
import { Col, Row } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { THobbyistRatingKind } from '@app/domain';
import { PagedList } from '../../ui/PagedList.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useRateHobbyist } from './api.ts';
import type { HobbyistRecord, useHobbyists } from './api.ts';
import { SCREENING_FAILURE } from './feedback.ts';
import { HobbyistCard } from './HobbyistCard.tsx';

const S = MESSAGES.screening;

/**
 * The page of phone records (`PagedList`): a card each, rated here, the one just added or found
 * scrolled to and focused once it is on screen. A failed list shows as empty; the page toasts the failure.
 */
export function ScreeningList({
  records,
  page,
  setPage,
  highlightId,
  onComments,
}: {
  records: ReturnType<typeof useHobbyists>;
  page: number;
  setPage: (page: number) => void;
  highlightId: number | null;
  onComments: (record: HobbyistRecord) => void;
}) {
  const rate = useRateHobbyist();
  const handleRate = (record: HobbyistRecord, kind: THobbyistRatingKind) => {
    // Spec 001 §4: clicking the rating already chosen does nothing.
    if (record.attributes.my_rating === kind) return;
    rate.mutate(
      { recordId: record.id, kind },
      { onError: (error) => toastApiFailure(error, SCREENING_FAILURE) },
    );
  };
  const highlightRef = useRef<HTMLElement>(null);
  const shown = records.data?.data ?? [];
  const highlightShown = highlightId !== null && shown.some((record) => record.id === highlightId);
  useEffect(() => {
    if (!highlightShown) return;
    const card = highlightRef.current;
    card?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    card?.focus({ preventScroll: true });
  }, [highlightShown, highlightId]);

  return (
    <PagedList
      query={records}
      paging={{ page, setPage }}
      failed={<p className="text-body-secondary">{S.empty}</p>}
      empty={S.empty}
      pagesLabel={S.pages}
    >
      {({ data }) => (
        <Row xs={1} className="g-3 mb-3" aria-busy={records.isFetching}>
          {data.map((record) => (
            <Col key={record.id}>
              <HobbyistCard
                record={record}
                highlighted={record.id === highlightId}
                ref={record.id === highlightId ? highlightRef : undefined}
                onRate={(kind) => handleRate(record, kind)}
                onComments={() => onComments(record)}
              />
            </Col>
          ))}
        </Row>
      )}
    </PagedList>
  );
}
