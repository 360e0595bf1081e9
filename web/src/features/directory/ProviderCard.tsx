import { useId, useState } from 'react';
import { MESSAGES } from '@app/domain';
import type { ProviderAttributes } from '@app/domain';
import { CardActions } from './card/CardActions.tsx';
import { CardModals, useCardModals } from './card/CardModals.tsx';
import { CardPanelBody } from './card/CardPanel.tsx';
import type { CardPanel } from './card/CardPanel.tsx';
import { CardPhotos } from './card/CardPhotos.tsx';
import { CardDetails } from './card/CardDetails.tsx';
import { cardImages, formatCum, videoUrl } from './card/details.ts';
import { StaffSignals } from './card/StaffSignals.tsx';
import { useCardViewer } from '../../app/viewer.ts';
import './card/card.css';

export interface ProviderCardProps {
  provider: { id: number; attributes: ProviderAttributes };
  /**
   * A preview of an ad not saved yet (Post Ad, Edit ad): photos, details and Play only; the actions
   * and panels that need a saved ad are left out.
   */
  preview?: boolean;
  /** The page's first card: its first photo is fetched at once, with high priority. */
  priority?: boolean;
}

/**
 * One provider in the listing (spec 001 §2, §4): photos, title, details and price, the Cum summary,
 * the action bar (reactions, Comment, Play, Message, Mail, Report, TIP $) and the panel below it.
 * Comment, Message and Mail exclude each other; Message is open to begin with.
 */
export function ProviderCard({ provider, preview = false, priority = false }: ProviderCardProps) {
  const { id, attributes } = provider;
  const baseId = useId();
  const { isLoggedIn, isHobbyist, isAdmin } = useCardViewer();
  const [panel, setPanel] = useState<CardPanel | null>(preview ? null : 'message');
  const modals = useCardModals();

  const name = attributes.name || attributes.title;
  const video = videoUrl(attributes);
  const panelId = `${baseId}-panel`;

  const panelButton = (kind: CardPanel) => ({
    expanded: panel === kind,
    controls: panel === kind ? panelId : undefined,
    onClick: () => setPanel((current) => (current === kind ? null : kind)),
  });

  return (
    <article className="card provider-card" aria-labelledby={`${baseId}-title`}>
      <div className="provider-card__top">
        <CardPhotos name={name} images={cardImages(attributes)} priority={priority} />
        <div className="provider-card__body">
          <h2 id={`${baseId}-title`} className="provider-card__title">
            {attributes.title}
          </h2>
          <CardDetails attributes={attributes} id={`${baseId}-details`} />
        </div>
      </div>

      <p className="provider-card__cum">
        <span className="fw-semibold">{MESSAGES.cardDetails.cum}:</span>{' '}
        {formatCum(attributes.cum, attributes.cum_type)}
      </p>

      <CardActions
        provider={provider}
        preview={preview}
        hasVideo={Boolean(video)}
        canTip={isHobbyist}
        panelButton={panelButton}
        openModal={modals.openModal}
      />

      {panel && !preview && (
        <CardPanelBody
          panel={panel}
          panelId={panelId}
          providerId={id}
          providerName={name}
          isLoggedIn={isLoggedIn}
        />
      )}

      {isAdmin && !preview && <StaffSignals id={id} />}

      <CardModals modals={modals} providerId={id} providerName={name} video={video} canTip={isHobbyist} />
    </article>
  );
}

export default ProviderCard;
