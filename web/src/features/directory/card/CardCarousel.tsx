import { Carousel } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { CardImg, photoAlt } from './CardImg.tsx';
import type { CardImage } from '@app/domain';

const C = MESSAGES.card;

/**
 * The card's photo slider (spec 001 §2, §9): one slide at a time, wrapping round, with arrows; the
 * slide takes 500 ms (card.css). No automatic sliding: ten moving cards would distract and cost paint.
 * Part of the listing's code, not a chunk of its own: the first card's photo (the page's largest paint
 * on a phone) must not wait for another round trip. Only the first card's first photo is eager
 * (`priority`); the others load as they near the screen.
 */
export default function CardCarousel({
  name,
  images,
  priority,
}: {
  name: string;
  images: CardImage[];
  priority: boolean;
}) {
  return (
    <Carousel
      className="provider-card__media"
      interval={null}
      wrap
      slide
      touch
      controls
      indicators
      prevLabel={C.previous}
      nextLabel={C.next}
      prevIcon={<span className="carousel-control-prev-icon" aria-hidden="true" />}
      nextIcon={<span className="carousel-control-next-icon" aria-hidden="true" />}
    >
      {images.map((image, index) => (
        <Carousel.Item key={`${image.src}-${index}`}>
          <CardImg
            image={image}
            alt={photoAlt(name, index, images.length)}
            priority={priority && index === 0}
          />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
