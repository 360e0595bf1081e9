import { lazy, Suspense } from 'react';
import { MESSAGES } from '@app/domain';
import { PanelHint } from '../../../ui/PanelHint.tsx';
import { PanelLoading } from '../../../ui/PanelStatus.tsx';

// The panels' lists and forms load on first use: the base card stays small because it is part of
// the home page's first load.
const CommentPanel = lazy(() =>
  import('../../comments/index.ts').then((module) => ({ default: module.CommentPanel })),
);
const MessagePanel = lazy(() =>
  import('../../messages/index.ts').then((module) => ({ default: module.MessagePanel })),
);
const MailPanel = lazy(() =>
  import('../../messages/index.ts').then((module) => ({ default: module.MailPanel })),
);

export type CardPanel = 'comment' | 'message' | 'mail';

/** The open panel below the card's action bar; Message asks a visitor to log in first. */
export function CardPanelBody({
  panel,
  panelId,
  providerId,
  providerName,
  isLoggedIn,
}: {
  panel: CardPanel;
  panelId: string;
  providerId: number;
  providerName: string;
  isLoggedIn: boolean;
}) {
  return (
    <div id={panelId} className="provider-card__panel">
      {panel === 'message' && !isLoggedIn ? (
        <>
          <h3 className="provider-card__panel-title">{MESSAGES.cardMessages.title}</h3>
          <PanelHint isLoggedIn={false} />
        </>
      ) : (
        <Suspense fallback={<PanelLoading />}>
          {panel === 'comment' && <CommentPanel providerId={providerId} />}
          {panel === 'message' && <MessagePanel providerId={providerId} />}
          {panel === 'mail' && <MailPanel providerId={providerId} providerName={providerName} />}
        </Suspense>
      )}
    </div>
  );
}
