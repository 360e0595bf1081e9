import { lazy, Suspense } from 'react';
import { MESSAGES } from '@app/domain';

const C = MESSAGES.card;

const CardCarousel = lazy(() => import('./CardCarousel.tsx'));

/** "Photo of Ava", or "Photo of Ava, 2 of 3" when there are several. */
export function photoAlt(name: string, index: number, count: number): string {
  return count > 1 ? `${C.photoAlt} ${name}, ${index + 1} ${C.photoOf} ${count}` : `${C.photoAlt} ${name}`;
}

/**
 * The card's photos: a placeholder without any, the photo itself when there is one, and the slider
 * (loaded on demand, with the first photo shown meanwhile) when there are several.
 */
export function CardPhotos({ name, images }: { name: string; images: string[] }) {
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
  const first = (
    <div className="provider-card__media">
      <img
        className="provider-card__image"
        src={images[0]}
        alt={photoAlt(name, 0, images.length)}
        decoding="async"
      />
    </div>
  );
  if (images.length === 1) return first;
  return (
    <Suspense fallback={first}>
      <CardCarousel name={name} images={images} />
    </Suspense>
  );
}
