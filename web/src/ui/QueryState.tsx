import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES } from '@app/domain';
import { LoadFailed } from './PagedList.tsx';
import { PageSpinner } from './PageSpinner.tsx';

const T = MESSAGES.adminConsole;

/** A loading, failed (with Retry) or empty state of a console query; null when there is data to show. */
export function QueryState({
  query,
  loadFailed = T.table.loadFailed,
  empty,
  isEmpty = false,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch' | 'error'>;
  loadFailed?: string;
  empty?: ReactNode;
  isEmpty?: boolean;
}): ReactNode {
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return <LoadFailed message={loadFailed} retry={T.table.retry} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty) return <p className="text-body-secondary">{empty ?? T.table.noItems}</p>;
  return null;
}
