import { useId, useState } from 'react';
import { Link } from 'react-router';
import { adPath, MESSAGES } from '@app/domain';
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
  /**
   * The card on the ad's own page: its title is not a link to that page, and the comments are open
   * to begin with (in the listing, Message is).
   */
  onAdPage?: boolean;
}

/**
 * One provider in the listing (spec 001 §2, §4): photos, title, details and price, the Cum summary,
 * the action bar (reactions, Comment, Play, Message, Mail, Report, TIP $) and the panel below it.
 * Comment, Message and Mail exclude each other; Message is open to begin with. The title leads to the
 * ad's own page.
 */
export function ProviderCard({
  provider,
  preview = false,
  priority = false,
  onAdPage = false,
}: ProviderCardProps) {
  const { id, attributes } = provider;
  const baseId = useId();
  const { isLoggedIn, isHobbyist, isAdmin } = useCardViewer();
  const [panel, setPanel] = useState<CardPanel | null>(preview ? null : onAdPage ? 'comment' : 'message');
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
            {preview || onAdPage ? (
              attributes.title
            ) : (
              <Link to={adPath(id, attributes)} className="provider-card__title-link">
                {attributes.title}
              </Link>
            )}
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
