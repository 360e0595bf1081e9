import { MESSAGES } from '@app/domain';
import type { ProviderAttributes } from '@app/domain';
import { useReactions } from '../../reactions/index.ts';
import { ActionButton } from './ActionButton.tsx';
import { SaveButton } from './SaveButton.tsx';
import type { CardModal } from './CardModals.tsx';
import type { CardPanel } from './CardPanel.tsx';

const A = MESSAGES.cardActions;
const C = MESSAGES.card;

/** The reactions in the bar's order: the icon, the icon while held, and the count shown. */
const REACTIONS = [
  {
    kind: 'like',
    label: A.like,
    icon: 'bi-hand-thumbs-up',
    heldIcon: 'bi-hand-thumbs-up-fill',
    count: 'likes',
  },
  { kind: 'average', label: A.average, icon: 'bi-star', heldIcon: 'bi-star-half', count: 'averages' },
  {
    kind: 'dislike',
    label: A.dislike,
    icon: 'bi-hand-thumbs-down',
    heldIcon: 'bi-hand-thumbs-down-fill',
    count: 'dislikes',
  },
] as const;

/** The like, average and dislike buttons with their counts; the one held is pressed. */
function ReactionButtons({ id, attributes }: { id: number; attributes: ProviderAttributes }) {
  const { counts, held, react } = useReactions(id, attributes);
  return REACTIONS.map((reaction) => (
    <ActionButton
      key={reaction.kind}
      label={reaction.label}
      icon={held === reaction.kind ? reaction.heldIcon : reaction.icon}
      count={counts[reaction.count]}
      pressed={held === reaction.kind}
      onClick={() => react(reaction.kind)}
    />
  ));
}

/**
 * The card's action bar: the reactions, Comment, Play (with a video), Message, Mail, Report and, for
 * a hobbyist, the heart (Saved providers) and TIP $. A preview (an ad not saved yet) has Play only, and no bar without a video.
 */
export function CardActions({
  provider: { id, attributes },
  preview,
  hasVideo,
  canTip,
  panelButton,
  openModal,
}: {
  provider: { id: number; attributes: ProviderAttributes };
  preview: boolean;
  hasVideo: boolean;
  canTip: boolean;
  /** The toggle of a panel: whether it is open, the panel it controls, the click. */
  panelButton: (kind: CardPanel) => { expanded: boolean; controls?: string; onClick: () => void };
  openModal: (kind: CardModal) => void;
}) {
  const play = hasVideo && (
    <ActionButton label={A.play} icon="bi-play-circle" onClick={() => openModal('video')} />
  );
  return (
    <div className="provider-card__actions" role="group" aria-label={C.actions} hidden={preview && !hasVideo}>
      {preview ? (
        play
      ) : (
        <>
          <ReactionButtons id={id} attributes={attributes} />
          <ActionButton label={A.comment} icon="bi-chat-left-text" {...panelButton('comment')} />
          {play}
          <ActionButton label={A.message} icon="bi-chat-dots" {...panelButton('message')} />
          <ActionButton label={A.mail} icon="bi-envelope" {...panelButton('mail')} />
          <ActionButton label={C.report} icon="bi-flag" onClick={() => openModal('report')} />
          {canTip && <SaveButton providerId={id} name={attributes.name || attributes.title} />}
          {canTip && (
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
  );
}
