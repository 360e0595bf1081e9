import { joinAddress, MESSAGES } from '@app/domain';
import type { MediaAttributes, PlaceWithRelations } from './api.ts';

const V = MESSAGES.venues;

/** The picture of a place as a card shows it: the thumbnail when the server made one, else the file. */
export function thumbnailUrl(image: MediaAttributes | null | undefined): string | null {
  if (!image) return null;
  return image.formats?.thumbnail?.url ?? image.formats?.small?.url ?? image.url ?? null;
}

/** The address of a place joined as the spec's cards show it (location, city, state, postal code, country). */
export function placeAddress(place: PlaceWithRelations): string {
  const address = place.address?.data?.attributes;
  return address ? joinAddress(address) : '';
}

export function placeTypeName(place: PlaceWithRelations): string {
  return place.vendor_type?.data?.attributes.name ?? '';
}

/** The place's picture (thumbnail, or the larger file), or the placeholder. */
export function PlaceImage({
  place,
  large = false,
  className = '',
}: {
  place: PlaceWithRelations;
  large?: boolean;
  className?: string;
}) {
  const image = place.image?.data?.attributes;
  const src = large ? (image?.formats?.medium?.url ?? image?.url) : thumbnailUrl(image);
  if (src)
    return (
      <img
        src={src}
        alt={`${V.imageOf} ${place.name}`}
        className={`place-image ${className}`}
        loading="lazy"
      />
    );
  return (
    <div
      className={`place-image place-image--placeholder ${className}`}
      role="img"
      aria-label={V.placeholderImage}
    >
      <i className="bi bi-shop" aria-hidden="true" />
    </div>
  );
}

/**
 * The average rating as five stars (whole, half or empty), named "Rated 4.5 out of 5" for screen
 * readers. 0 (no reviews) shows five empty stars.
 */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const value = Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 0));
  const rounded = Math.round(value * 2) / 2;
  const label = `${V.rated} ${Number(value.toFixed(2))} ${V.outOf}`;
  return (
    <span className={`place-stars ${className}`} role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <i
          key={n}
          aria-hidden="true"
          className={`bi ${rounded >= n ? 'bi-star-fill' : rounded >= n - 0.5 ? 'bi-star-half' : 'bi-star'}`}
        />
      ))}
    </span>
  );
}
