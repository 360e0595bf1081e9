import { useCallback, useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MESSAGES, phoneDigits } from '@app/domain';
import { AddPhoneDialog } from './AddPhoneDialog.tsx';
import { searchesNothing, useHobbyists } from './api.ts';
import type { HobbyistRecord } from './api.ts';
import { CommentsDialog } from './CommentsDialog.tsx';
import { screeningRefusal } from './feedback.ts';
import { ScreeningList } from './ScreeningList.tsx';
import { ScreeningToolbar } from './ScreeningToolbar.tsx';
import { useScreeningSearch } from './useScreeningSearch.ts';
import './screening.css';

const S = MESSAGES.screening;

/**
 * /provider/ratehobyist, Screen Hobbyists (spec 001 §2, §4, §5, §8): search by the
 * start of a phone number (kept in `?q=`, pages in `?page=`), add a number, rate each record like /
 * average / dislike (exclusive; the chosen one does nothing) and read or write its comments.
 */
export default function ScreeningPage() {
  const [adding, setAdding] = useState(false);
  // The record whose comments are open; kept while the dialog fades out after Close.
  const [commenting, setCommenting] = useState<{ record: HobbyistRecord; open: boolean } | null>(null);
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const search = useScreeningSearch(useCallback(() => setHighlightId(null), []));

  const records = useHobbyists(search.query, search.page);
  // Letters alone find no phone number: a hint, never the whole list.
  const noDigits = searchesNothing(search.query);

  // A provider who may not screen (or has read enough for today) is told why instead of the list.
  const refusal = records.isError ? screeningRefusal(records.error) : null;
  // Spec 001 §8: any other failed list is 'Something went wrong. try again later'.
  const failedAt = records.isError && !refusal ? records.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.warning(S.listFailed, { toastId: 'screening-list-failed' });
  }, [failedAt]);

  const handleAdded = (record: HobbyistRecord, existing: boolean) => {
    setAdding(false);
    if (existing) toast.info(S.existing);
    // Show the record by its own digits, whether it is new or was there already.
    search.showDigits(phoneDigits(record.attributes.phone_number));
    setHighlightId(record.id);
  };

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
          <ScreeningToolbar
            text={search.text}
            onText={search.setText}
            onSearch={search.searchNow}
            onAdd={() => setAdding(true)}
          />
          {/* Mounted empty and filled when needed, so screen readers announce the hint. */}
          <p className="visually-hidden" role="status">
            {noDigits ? S.searchNeedsDigits : ''}
          </p>
          {noDigits ? (
            <p className="text-body-secondary" aria-hidden="true">
              {S.searchNeedsDigits}
            </p>
          ) : (
            <ScreeningList
              records={records}
              page={search.page}
              setPage={search.setPage}
              highlightId={highlightId}
              onComments={(record) => setCommenting({ record, open: true })}
            />
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
