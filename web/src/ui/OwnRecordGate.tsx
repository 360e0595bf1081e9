import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from 'react-bootstrap';
import { useParams } from 'react-router';
import { MESSAGES } from '@app/domain';
import { isApiError } from '../api/client.ts';
import { ownedBySignedIn } from '../api/ownership.ts';
import NotFoundPage from '../app/NotFoundPage.tsx';
import { useSession } from '../app/session.tsx';
import { PageSpinner } from './PageSpinner.tsx';

/** The record id of an edit page's `:id`: digits only (at most ten), else null. */
export function useIdParam(): number | null {
  const { id: param = '' } = useParams();
  return /^\d{1,10}$/.test(param) ? Number(param) : null;
}

/**
 * An owner's edit page around its record (an ad, a place): `noId` when the path's id is not a number,
 * a spinner while the record loads, the app's Not Found page for a missing one (404) or another
 * account's (a public record included: only its owner edits it), the server's message (or the generic
 * warning) for another failure, else the form.
 */
export function OwnRecordGate<T extends Parameters<typeof ownedBySignedIn>[0]>({
  id,
  query,
  noId,
  children,
}: {
  id: number | null;
  query: UseQueryResult<T>;
  noId: ReactNode;
  children: (record: T) => ReactNode;
}) {
  const { userId } = useSession();
  if (id === null) return noId;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
    return (
      <Alert variant="warning">
        {isApiError(query.error) ? query.error.message : MESSAGES.toast.genericWarning}
      </Alert>
    );
  }
  if (!ownedBySignedIn(query.data, userId)) return <NotFoundPage />;
  return children(query.data);
}
