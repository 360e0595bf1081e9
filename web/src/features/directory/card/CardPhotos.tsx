import { MESSAGES } from '@app/domain';
import CardCarousel from './CardCarousel.tsx';
import { CardImg, photoAlt } from './CardImg.tsx';
import type { CardImage } from '@app/domain';

const C = MESSAGES.card;

/**
 * The card's photos: a placeholder without any, the photo itself when there is one, and the slider
 * when there are several. `priority`: this is the first card of the page.
 */
export function CardPhotos({
  name,
  images,
  priority = false,
}: {
  name: string;
  images: CardImage[];
  priority?: boolean;
}) {
  if (images.length === 0) {
    return (
      <div
        className="provider-card__media provider-card__placeholder"
        role="img"
        aria-label={`${C.noPhoto}: ${name}`}
      >
        <i className="bi bi-person-bounding-box" aria-hidden="true" />
        <span aria-hidden="true">{C.noPhoto}</span>
      </div>
    );
  }
  if (images.length > 1) return <CardCarousel name={name} images={images} priority={priority} />;
  return (
    <div className="provider-card__media">
      <CardImg image={images[0]!} alt={photoAlt(name, 0, 1)} priority={priority} />
    </div>
  );
}
