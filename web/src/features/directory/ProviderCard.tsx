import { lazy, Suspense, useId, useState } from 'react';
import { MESSAGES } from '@app/domain';
import type { ProviderAttributes } from '@app/domain';
import { ActionButton } from './card/ActionButton.tsx';
import { CardPhotos } from './card/CardPhotos.tsx';
import { CardDetails } from './card/CardDetails.tsx';
import { cardImages, formatCum, videoUrl } from './card/details.ts';
import { useCardViewer } from '../../app/viewer.ts';
import { PanelHint } from '../../ui/PanelHint.tsx';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { useReactions } from '../reactions/index.ts';
import './card/card.css';

// The panels' lists and forms and every modal load on first use: the base card stays small because
// it is part of the home page's first load.
const CommentPanel = lazy(() =>
  import('../comments/index.ts').then((module) => ({ default: module.CommentPanel })),
);
const MessagePanel = lazy(() =>
  import('../messages/index.ts').then((module) => ({ default: module.MessagePanel })),
);
const MailPanel = lazy(() =>
  import('../messages/index.ts').then((module) => ({ default: module.MailPanel })),
);
const TipModal = lazy(() => import('../billing/index.ts').then((module) => ({ default: module.TipModal })));
const VideoModal = lazy(() => import('./card/VideoModal.tsx'));
// The staff's risk signals, loaded for an admin only.
const RecordRiskSignals = lazy(() =>
  import('../moderation/index.ts').then((module) => ({ default: module.RecordRiskSignals })),
);
const ReportDialog = lazy(() =>
  import('../content/index.ts').then((module) => ({ default: module.ReportDialog })),
);

const A = MESSAGES.cardActions;
const C = MESSAGES.card;

export type CardPanel = 'comment' | 'message' | 'mail';
type CardModal = 'tip' | 'video' | 'report';

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
  const { counts, held, react } = useReactions(id, attributes);
  const [panel, setPanel] = useState<CardPanel | null>(preview ? null : 'message');
  const [modal, setModal] = useState<CardModal | null>(null);
  // A modal stays mounted once opened, so it can play its closing animation.
  const [mounted, setMounted] = useState<Partial<Record<CardModal, true>>>({});

  const name = attributes.name || attributes.title;
  const images = cardImages(attributes);
  const video = videoUrl(attributes);
  const cum = formatCum(attributes.cum, attributes.cum_type);
  const panelId = `${baseId}-panel`;

  const togglePanel = (next: CardPanel) => setPanel((current) => (current === next ? null : next));
  const openModal = (next: CardModal) => {
    setMounted((current) => ({ ...current, [next]: true }));
    setModal(next);
  };
  const closeModal = () => setModal(null);

  const panelButton = (kind: CardPanel) => ({
    expanded: panel === kind,
    controls: panel === kind ? panelId : undefined,
    onClick: () => togglePanel(kind),
  });

  return (
    <article className="card provider-card" aria-labelledby={`${baseId}-title`}>
      <div className="provider-card__top">
        <CardPhotos name={name} images={images} priority={priority} />
        <div className="provider-card__body">
          <h2 id={`${baseId}-title`} className="provider-card__title">
            {attributes.title}
          </h2>
          <CardDetails attributes={attributes} id={`${baseId}-details`} />
        </div>
      </div>

      <p className="provider-card__cum">
        <span className="fw-semibold">{MESSAGES.cardDetails.cum}:</span> {cum}
      </p>

      <div className="provider-card__actions" role="group" aria-label={C.actions} hidden={preview && !video}>
        {preview ? (
          video && <ActionButton label={A.play} icon="bi-play-circle" onClick={() => openModal('video')} />
        ) : (
          <>
            <ActionButton
              label={A.like}
              icon={held === 'like' ? 'bi-hand-thumbs-up-fill' : 'bi-hand-thumbs-up'}
              count={counts.likes}
              pressed={held === 'like'}
              onClick={() => react('like')}
            />
            <ActionButton
              label={A.average}
              icon={held === 'average' ? 'bi-star-half' : 'bi-star'}
              count={counts.averages}
              pressed={held === 'average'}
              onClick={() => react('average')}
            />
            <ActionButton
              label={A.dislike}
              icon={held === 'dislike' ? 'bi-hand-thumbs-down-fill' : 'bi-hand-thumbs-down'}
              count={counts.dislikes}
              pressed={held === 'dislike'}
              onClick={() => react('dislike')}
            />
            <ActionButton label={A.comment} icon="bi-chat-left-text" {...panelButton('comment')} />
            {video && (
              <ActionButton label={A.play} icon="bi-play-circle" onClick={() => openModal('video')} />
            )}
            <ActionButton label={A.message} icon="bi-chat-dots" {...panelButton('message')} />
            <ActionButton label={A.mail} icon="bi-envelope" {...panelButton('mail')} />
            <ActionButton label={C.report} icon="bi-flag" onClick={() => openModal('report')} />
            {isHobbyist && (
              <button
                type="button"
                className="btn btn-accent btn-sm provider-card__tip"
                onClick={() => openModal('tip')}
              >
                {A.tip}
              </button>
            )}
          </>
        )}
      </div>

      {panel && !preview && (
        <div id={panelId} className="provider-card__panel">
          {panel === 'message' && !isLoggedIn ? (
            <>
              <h3 className="provider-card__panel-title">{MESSAGES.cardMessages.title}</h3>
              <PanelHint isLoggedIn={false} />
            </>
          ) : (
            <Suspense fallback={<PanelLoading />}>
              {panel === 'comment' && <CommentPanel providerId={id} />}
              {panel === 'message' && <MessagePanel providerId={id} />}
              {panel === 'mail' && <MailPanel providerId={id} providerName={name} />}
            </Suspense>
          )}
        </div>
      )}

      {isAdmin && !preview && <StaffSignals id={id} />}

      <Suspense fallback={null}>
        {mounted.tip && isHobbyist && (
          <TipModal show={modal === 'tip'} onHide={closeModal} providerId={id} providerName={name} />
        )}
        {mounted.video && video && (
          <VideoModal show={modal === 'video'} onHide={closeModal} url={video} providerName={name} />
        )}
        {mounted.report && (
          <ReportDialog
            show={modal === 'report'}
            onHide={closeModal}
            listing={`${C.reportListing} #${id}: ${name}`.slice(0, 200)}
          />
        )}
      </Suspense>
    </article>
  );
}

/**
 * The ad's risk signals for the admin (`GET /api/admin/signals`), asked for only when
 * opened, so a page of cards costs nothing until the admin looks.
 */
function StaffSignals({ id }: { id: number }) {
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

export default ProviderCard;
