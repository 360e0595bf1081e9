import { useId } from 'react';
import type { Ref } from 'react';
import { Card } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { THobbyistRatingKind } from '@app/domain';
import { counterOf } from './api.ts';
import type { HobbyistRecord } from './api.ts';
import { formatPhone } from './format.ts';
import { formatDay } from '../../lib/dates.ts';

const S = MESSAGES.screening;

const RATINGS: { kind: THobbyistRatingKind; label: string; icon: string; held: string }[] = [
  { kind: 'like', label: S.like, icon: 'bi-hand-thumbs-up', held: 'bi-hand-thumbs-up-fill' },
  { kind: 'average', label: S.average, icon: 'bi-star', held: 'bi-star-half' },
  { kind: 'dislike', label: S.dislike, icon: 'bi-hand-thumbs-down', held: 'bi-hand-thumbs-down-fill' },
];

function CounterButton({
  label,
  icon,
  count,
  pressed,
  onClick,
  className = '',
}: {
  label: string;
  icon: string;
  count: number;
  pressed?: boolean;
  onClick: () => void;
  className?: string;
}) {
  const id = useId();
  // Named by its visible label, the count its description: the count is left out of the name, so the
  // name is the label as read ("Like"), and the count is still read after it.
  return (
    <button
      type="button"
      className={`btn btn-sm screening-card__action ${className}`}
      aria-pressed={pressed}
      aria-describedby={`${id}-count`}
      title={label}
      onClick={onClick}
    >
      <i className={`bi ${icon}`} aria-hidden="true" />
      <span className="screening-card__label">{label}</span>
      <span id={`${id}-count`} className="screening-card__count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}

interface HobbyistCardProps {
  record: HobbyistRecord;
  /** Just added or looked up: drawn out and scrolled to. */
  highlighted?: boolean;
  onRate: (kind: THobbyistRatingKind) => void;
  onComments: () => void;
  ref?: Ref<HTMLElement>;
}

/**
 * One hobbyist record (spec 001 §2 "Screen hobbyists"): the phone number, when it was
 * added, the like / average / dislike counters (the caller's own choice pressed) and the comments.
 */
export function HobbyistCard({ record, highlighted = false, onRate, onComments, ref }: HobbyistCardProps) {
  const titleId = useId();
  const { attributes } = record;
  const phone = formatPhone(attributes.phone_number);
  return (
    <Card
      ref={ref}
      as="article"
      aria-labelledby={titleId}
      tabIndex={highlighted ? -1 : undefined}
      className={`screening-card shadow-sm h-100${highlighted ? ' screening-card--highlighted' : ''}`}
    >
      <Card.Body className="screening-card__body">
        <div className="screening-card__who">
          <h2 id={titleId} className="h5 mb-0 screening-card__phone">
            <i className="bi bi-telephone me-2 text-accent" aria-hidden="true" />
            {phone}
          </h2>
          <p className="small text-body-secondary mb-0">
            {S.addedOn} <time dateTime={attributes.createdAt}>{formatDay(attributes.createdAt)}</time>
          </p>
        </div>
        <div className="screening-card__actions" role="group" aria-label={S.ratings}>
          {RATINGS.map(({ kind, label, icon, held }) => {
            const pressed = attributes.my_rating === kind;
            return (
              <CounterButton
                key={kind}
                label={label}
                icon={pressed ? held : icon}
                count={attributes[counterOf(kind)]}
                pressed={pressed}
                className={`screening-card__action--${kind}`}
                onClick={() => onRate(kind)}
              />
            );
          })}
          <CounterButton
            label={S.comments}
            icon="bi-chat-left-text"
            count={attributes.comments_count}
            onClick={onComments}
          />
        </div>
      </Card.Body>
    </Card>
  );
}
