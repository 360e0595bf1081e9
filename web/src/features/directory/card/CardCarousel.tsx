import { Carousel } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { photoAlt } from './CardPhotos.tsx';

const C = MESSAGES.card;

/**
 * The card's photo slider (spec 001 §2, §9): one slide at a time, wrapping round, with arrows; the
 * slide takes 500 ms (card.css). No automatic sliding: ten moving cards would distract and cost paint.
 * Its own chunk: the card first shows the first photo, and the slider takes over once loaded.
 */
export default function CardCarousel({ name, images }: { name: string; images: string[] }) {
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
      {images.map((url, index) => (
        <Carousel.Item key={`${url}-${index}`}>
          <img
            className="provider-card__image"
            src={url}
            alt={photoAlt(name, index, images.length)}
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
