import { CARD_IMAGE_SIZES, MESSAGES, type CardImage } from '@app/domain';

const C = MESSAGES.card;

/** "Photo of Ava", or "Photo of Ava, 2 of 3" when there are several. */
export function photoAlt(name: string, index: number, count: number): string {
  return count > 1 ? `${C.photoAlt} ${name}, ${index + 1} ${C.photoOf} ${count}` : `${C.photoAlt} ${name}`;
}

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
