import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES, phoneDigits } from '@app/domain';
import type { THobbyistRatingKind } from '@app/domain';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { AddPhoneDialog } from './AddPhoneDialog.tsx';
import { searchesNothing, useHobbyists, useRateHobbyist } from './api.ts';
import type { HobbyistRecord } from './api.ts';
import { CommentsDialog } from './CommentsDialog.tsx';
import { SCREENING_FAILURE, screeningRefusal } from './feedback.ts';
import { HobbyistCard } from './HobbyistCard.tsx';
import './screening.css';
import { toastApiFailure } from '../../api/toastApiFailure.ts';

const S = MESSAGES.screening;

/** How long typing rests before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * /provider/ratehobyist, Screen Hobbyists (spec 001 §2, §4, §5, §8): search by the
 * start of a phone number (kept in `?q=`, pages in `?page=`), add a number, rate each record like /
 * average / dislike (exclusive; the chosen one does nothing) and read or write its comments.
 */
export default function ScreeningPage() {
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const [text, setText] = useState(query);
  const [adding, setAdding] = useState(false);
  // The record whose comments are open; kept while the dialog fades out after Close.
  const [commenting, setCommenting] = useState<{ record: HobbyistRecord; open: boolean } | null>(null);
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const highlightRef = useRef<HTMLElement>(null);

  const records = useHobbyists(query, page);
  // Letters alone find no phone number: a hint, never the whole list.
  const noDigits = searchesNothing(query);
  const rate = useRateHobbyist();

  // Typing settles for a moment before the search (and the URL) follows it; a new search starts at page 1.
  useEffect(() => {
    if (text.trim() === query) return;
    const timer = window.setTimeout(() => {
      setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
      setHighlightId(null);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, query, setParams]);

  // A provider who may not screen (or has read enough for today) is told why instead of the list.
  const refusal = records.isError ? screeningRefusal(records.error) : null;
  // Spec 001 §8: any other failed list is 'Something went wrong. try again later'.
  const failedAt = records.isError && !refusal ? records.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.warning(S.listFailed, { toastId: 'screening-list-failed' });
  }, [failedAt]);

  // The record just added or found is scrolled to and focused once it is on screen.
  const shown = noDigits ? [] : (records.data?.data ?? []);
  const highlightShown = highlightId !== null && shown.some((record) => record.id === highlightId);
  useEffect(() => {
    if (!highlightShown) return;
    const card = highlightRef.current;
    card?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    card?.focus({ preventScroll: true });
  }, [highlightShown, highlightId]);

  const handlePage = (next: number) => {
    setParams(query ? { q: query, page: String(next) } : { page: String(next) });
  };

  const handleAdded = (record: HobbyistRecord, existing: boolean) => {
    setAdding(false);
    if (existing) toast.info(S.existing);
    // Show the record by its own digits, whether it is new or was there already.
    const digits = phoneDigits(record.attributes.phone_number);
    setText(digits);
    setParams({ q: digits }, { replace: true });
    setHighlightId(record.id);
  };

  const handleRate = (record: HobbyistRecord, kind: THobbyistRatingKind) => {
    // Spec 001 §4: clicking the rating already chosen does nothing.
    if (record.attributes.my_rating === kind) return;
    rate.mutate(
      { recordId: record.id, kind },
      { onError: (error) => toastApiFailure(error, SCREENING_FAILURE) },
    );
  };

  const pageCount = records.data?.meta.pagination.pageCount ?? 1;

  return (
    <section aria-labelledby="screening-title" className="screening">
      <h1 id="screening-title" className="h4 mb-1">
        {S.title}
      </h1>
      <p className="text-body-secondary small">{S.intro}</p>

      {refusal ? (
        <Alert variant="warning" role="alert" data-testid="screening-refused">
          <i className="bi bi-shield-lock me-2" aria-hidden="true" />
          {refusal}
        </Alert>
      ) : (
        <>
          <Form
            role="search"
            className="screening__toolbar"
            onSubmit={(event) => {
              event.preventDefault();
              setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
            }}
          >
            <Form.Group controlId={searchId} className="screening__search">
              <Form.Label>{S.search}</Form.Label>
              <Form.Control
                type="search"
                inputMode="tel"
                autoComplete="off"
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-describedby={`${searchId}-help`}
              />
              <Form.Text id={`${searchId}-help`}>{S.searchHelp}</Form.Text>
            </Form.Group>
            <Button variant="accent" className="screening__add" onClick={() => setAdding(true)}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {S.addPhone}
            </Button>
          </Form>

          {/* Mounted empty and filled when needed, so screen readers announce the hint. */}
          <p className="visually-hidden" role="status">
            {noDigits ? S.searchNeedsDigits : ''}
          </p>
          {noDigits ? (
            <p className="text-body-secondary" aria-hidden="true">
              {S.searchNeedsDigits}
            </p>
          ) : records.isPending ? (
            <PageSpinner />
          ) : shown.length === 0 ? (
            <p className="text-body-secondary">{S.empty}</p>
          ) : (
            <>
              <Row xs={1} className="g-3 mb-3" aria-busy={records.isFetching}>
                {shown.map((record) => (
                  <Col key={record.id}>
                    <HobbyistCard
                      record={record}
                      highlighted={record.id === highlightId}
                      ref={record.id === highlightId ? highlightRef : undefined}
                      onRate={(kind) => handleRate(record, kind)}
                      onComments={() => setCommenting({ record, open: true })}
                    />
                  </Col>
                ))}
              </Row>
              <PageButtons page={page} pageCount={pageCount} onPage={handlePage} label={S.pages} />
            </>
          )}

          <AddPhoneDialog show={adding} onHide={() => setAdding(false)} onAdded={handleAdded} />
          <CommentsDialog
            record={commenting?.record ?? null}
            show={commenting?.open ?? false}
            onHide={() => setCommenting((current) => current && { ...current, open: false })}
          />
        </>
      )}
    </section>
  );
}
