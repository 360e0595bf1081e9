import { MESSAGES } from '@app/domain';
import type { CardImage } from './details.ts';

const C = MESSAGES.card;

/** "Photo of Ava", or "Photo of Ava, 2 of 3" when there are several. */
export function photoAlt(name: string, index: number, count: number): string {
  return count > 1 ? `${C.photoAlt} ${name}, ${index + 1} ${C.photoOf} ${count}` : `${C.photoAlt} ${name}`;
}

/**
 * How wide the card's photo is drawn (directory.css, card.css): the listing is the page's width less
 * its gutters on phones, 5/12 of it once the card is wide enough to put the details beside it (from
 * 784 px), half the page beside the filters from 992 px, and half the fixed container from 1200 and 1400 px.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1400px) 636px, (min-width: 1200px) 546px, (min-width: 992px) calc(50vw - 26px), ' +
  '(min-width: 784px) calc((100vw - 24px) * 5 / 12), calc(100vw - 26px)';

/**
 * One photo of a card. Only the first card's first photo (`priority`: the page's largest paint on a
 * phone) is fetched at once and ahead of other images; every other one waits until it nears the screen.
 */
export function CardImg({ image, alt, priority }: { image: CardImage; alt: string; priority: boolean }) {
  return (
    <img
      className="provider-card__image"
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? CARD_IMAGE_SIZES : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
