import { useQuery } from '@tanstack/react-query';
import { Badge, ListGroup } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { TModerationType, TRecordSignals, TRiskSignalItem } from '@app/domain';
import { apiGet } from '../../api/client.ts';
import { QueryState } from '../../ui/QueryState.tsx';

const R = MESSAGES.riskSignals;

/** Heaviest first; equal weights keep the server's order. */
export function sortSignals(signals: readonly TRiskSignalItem[]): TRiskSignalItem[] {
  return [...signals].sort((a, b) => b.weight - a.weight);
}

/** A weight of 4 or 5 red, 3 amber, less grey. */
function weightVariant(weight: number): string {
  if (weight >= 4) return 'danger';
  if (weight === 3) return 'warning';
  return 'secondary';
}

function kindLabel(kind: string): string {
  return (R.labels as Record<string, string | undefined>)[kind] ?? kind;
}

/**
 * A record's risk signals, heaviest first: the kind as a badge, its weight, the explanation; then the
 * reminder that signals never decide alone. 'No risk signals.' when there is none.
 */
export function RiskSignalList({ signals, score }: { signals: readonly TRiskSignalItem[]; score?: number }) {
  return (
    <div className="risk-signals">
      {score !== undefined && (
        <p className="small mb-2">
          <span className="fw-semibold">{R.score}:</span> {score}
        </p>
      )}
      {signals.length === 0 ? (
        <p className="small text-body-secondary mb-2">{R.none}</p>
      ) : (
        <ListGroup as="ul" className="mb-2">
          {sortSignals(signals).map((signal, index) => (
            <ListGroup.Item as="li" key={`${signal.kind}-${index}`} className="small">
              <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
                <Badge bg={weightVariant(signal.weight)} text={signal.weight === 3 ? 'dark' : undefined}>
                  {kindLabel(signal.kind)}
                </Badge>
                <span className="text-body-secondary">
                  {MESSAGES.adminConsole.moderationPage.weight}: {signal.weight}
                </span>
              </div>
              {signal.explanation}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <p className="small text-body-secondary mb-0">{R.neverDecide}</p>
    </div>
  );
}

export function recordSignalsKey(type: TModerationType, id: number) {
  // Under the console's query key, so the console's writes refresh it with the rest of its data.
  return ['admin', 'signals', type, id] as const;
}

/**
 * The stored risk signals of one ad or place (`GET /api/admin/signals?type=&id=`), for the admin on the
 * pages that show a record outside the queue (the public card, an account's page).
 */
export default function RecordRiskSignals({ type, id }: { type: TModerationType; id: number }) {
  const query = useQuery({
    queryKey: recordSignalsKey(type, id),
    queryFn: ({ signal }) =>
      apiGet<{ data: TRecordSignals }>('/admin/signals', { type, id }, { signal }).then((res) => res.data),
  });
  if (!query.data) {
    return <QueryState query={query} loadFailed={MESSAGES.adminConsole.signalsPanel.loadFailed} />;
  }
  return <RiskSignalList signals={query.data.signals} score={query.data.risk_score} />;
}
