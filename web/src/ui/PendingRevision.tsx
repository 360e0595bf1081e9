import { useQuery } from '@tanstack/react-query';
import { Alert, Badge } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { TModerationType, TOwnRevision } from '@app/domain';
import { apiGet } from '../api/client.ts';

const V = MESSAGES.revisions;

/**
 * An owner's changes to an approved ad or place wait for review while the approved version stays public
 * (the server's pending revisions): My Ads and My Places list them (`GET /api/revisions`), the edit forms
 * read them on the record (`pending_revision`).
 */

/** The caller's revisions of ads or places, by record id; kept under `prefix` (the feature's query key). */
export function useOwnRevisions(type: TModerationType, prefix: readonly unknown[], enabled = true) {
  return useQuery({
    queryKey: [...prefix, 'revisions', type],
    queryFn: async ({ signal }) => {
      const body = await apiGet<{ data: TOwnRevision[] }>('/revisions', { type }, { signal });
      return new Map(body.data.map((revision) => [revision.id, revision]));
    },
    enabled,
  });
}

/** The owner's note on a record with a revision: waiting for review, or not approved with the reason. */
export function PendingRevisionNotice({
  revision,
  type,
  compact = false,
}: {
  revision: TOwnRevision | null | undefined;
  type: TModerationType;
  /** On a card: the badge and the reason only. */
  compact?: boolean;
}) {
  if (!revision) return null;
  const rejected = revision.state === 'rejected';
  const badge = (
    <Badge bg={rejected ? 'danger' : 'info'} text={rejected ? undefined : 'dark'}>
      <i className={`bi ${rejected ? 'bi-x-circle' : 'bi-hourglass-split'} me-1`} aria-hidden="true" />
      {rejected ? V.rejected : V.waiting}
    </Badge>
  );
  const help = rejected
    ? `${V.rejectedHelp} ${revision.reason ?? ''}`
    : type === 'ad'
      ? V.waitingHelp
      : V.placeWaitingHelp;
  if (compact) {
    return (
      <div className="mb-2">
        {badge}
        {rejected && revision.reason && <p className="small text-danger mb-0 mt-1">{help}</p>}
      </div>
    );
  }
  return (
    <Alert variant={rejected ? 'danger' : 'info'} className="small" role="status">
      <div className="mb-1">{badge}</div>
      {help}
    </Alert>
  );
}

/** Whether a write's answer says the changes wait for review (the toast says so then). */
export function waitsForReview(item: { attributes?: { pending_revision?: unknown } } | undefined): boolean {
  const revision = item?.attributes?.pending_revision as TOwnRevision | undefined;
  return revision?.state === 'pending';
}

/** The text fields among `keys` a pending revision changes, to show over the approved values. */
export function pendingText<K extends string>(
  revision: TOwnRevision | undefined,
  keys: readonly K[],
): Partial<Record<K, string>> {
  if (revision?.state !== 'pending') return {};
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = revision.fields[key];
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}
