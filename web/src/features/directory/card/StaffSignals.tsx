import { lazy, Suspense, useId, useState } from 'react';
import { MESSAGES } from '@app/domain';
import { PanelLoading } from '../../../ui/PanelStatus.tsx';

// The staff's risk signals, loaded for an admin only.
const RecordRiskSignals = lazy(() =>
  import('../../moderation/index.ts').then((module) => ({ default: module.RecordRiskSignals })),
);

/**
 * The ad's risk signals for the admin (`GET /api/admin/signals`), asked for only when
 * opened, so a page of cards costs nothing until the admin looks.
 */
export function StaffSignals({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  const panelId = `${useId()}-signals`;
  return (
    <div className="provider-card__staff px-3 pb-2">
      <button
        type="button"
        className="btn btn-link btn-sm px-0"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        <i className="bi bi-shield-exclamation me-1" aria-hidden="true" />
        {MESSAGES.adminConsole.signalsPanel.title}
      </button>
      {open && (
        <div id={panelId}>
          <Suspense fallback={<PanelLoading />}>
            <RecordRiskSignals type="ad" id={id} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
