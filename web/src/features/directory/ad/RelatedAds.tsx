import { Link } from 'react-router';
import { adPath, cardImage, fillTemplate, MESSAGES } from '@app/domain';
import type { ProviderItem } from '@app/domain';

const P = MESSAGES.adPage;

/** One related ad: its first photo, stage name, age and city, all one link to its page. */
function RelatedAd({ ad }: { ad: ProviderItem }) {
  const a = ad.attributes;
  const name = a.name || a.title;
  const image = cardImage(a.images?.data?.[0]?.attributes);
  return (
    <li className="related-ad">
      <Link to={adPath(ad.id, a)} className="related-ad__link" aria-label={fillTemplate(P.openAd, { name })}>
        {image ? (
          <img
            className="related-ad__photo"
            src={image.src}
            srcSet={image.srcSet}
            sizes="160px"
            width={image.width}
            height={image.height}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="related-ad__photo related-ad__photo--none" aria-hidden="true">
            <i className="bi bi-person-bounding-box" />
          </span>
        )}
        <span className="related-ad__name">{name}</span>
        <span className="related-ad__place">
          {a.age ? `${a.age} · ` : ''}
          {a.city}
        </span>
      </Link>
    </li>
  );
}

/** A titled row of related ads; nothing when there are none and no `empty` text. */
export function RelatedAds({ title, ads, empty }: { title: string; ads: ProviderItem[]; empty?: string }) {
  if (ads.length === 0 && !empty) return null;
  return (
    <section className="ad-page__related" aria-label={title}>
      <h2 className="h5">{title}</h2>
      {ads.length === 0 ? (
        <p className="text-body-secondary">{empty}</p>
      ) : (
        <ul className="related-ads">
          {ads.map((ad) => (
            <RelatedAd key={ad.id} ad={ad} />
          ))}
        </ul>
      )}
    </section>
  );
}
