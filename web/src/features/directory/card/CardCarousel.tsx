import { Carousel } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';

const C = MESSAGES.card;

interface CardCarouselProps {
  name: string;
  images: string[];
}

/**
 * The card's photos (spec 001 §2, §9): one slide at a time, wrapping round, with arrows; the slide
 * takes 500 ms (card.css). No automatic sliding: ten moving cards would distract and cost paint.
 */
export function CardCarousel({ name, images }: CardCarouselProps) {
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
  const many = images.length > 1;
  return (
    <Carousel
      className="provider-card__media"
      interval={null}
      wrap
      slide
      touch
      controls={many}
      indicators={many}
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
            alt={
              many
                ? `${C.photoAlt} ${name}, ${index + 1} ${C.photoOf} ${images.length}`
                : `${C.photoAlt} ${name}`
            }
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
