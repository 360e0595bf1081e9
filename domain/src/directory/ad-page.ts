import { MESSAGES } from '../messages.ts';
import { fillTemplate } from '../text.ts';
import type { ProviderAttributes } from './responses.ts';

/**
 * An ad's own page: `/ads/{id}/{slug}`, the slug made of the stage name (the title when there is
 * none) and the city. The id alone finds the ad; the server answers any other slug with a 301 to
 * this one, so an ad has one address even after its name or city changes.
 */

/** The most characters a slug keeps (cut at a word's end where one is near). */
const SLUG_MAX = 60;

/**
 * Text as a slug: letters without their accents, digits, the rest one hyphen; lower case; at most
 * `SLUG_MAX` characters. `ad` when nothing is left (a name in a script without Latin letters).
 */
export function slugify(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (plain.length <= SLUG_MAX) return plain || 'ad';
  const cut = plain.slice(0, SLUG_MAX);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > SLUG_MAX / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

/** What an ad's address is made of. */
export interface AdPathParts {
  name?: string | null;
  title?: string | null;
  city?: string | null;
}

/** The ad's slug: its stage name (or title) and city. */
export function adSlug({ name, title, city }: AdPathParts): string {
  return slugify([name || title || '', city ?? ''].join(' '));
}

/**
 * The path of an ad's page; without its parts (a screen that knows only the id), the id alone, which
 * the page moves to the full path.
 */
export function adPath(id: number, parts?: AdPathParts): string {
  return parts ? `/ads/${id}/${adSlug(parts)}` : `/ads/${id}`;
}

/**
 * The id an ad page's path names (`/ads/12/…` or `/ads/12`), or undefined when the path is not an ad
 * page's (`/ads/view`, `/ads/edit/3`: other pages). The id is a number above zero of up to ten digits.
 */
export function adPageId(pathname: string): number | undefined {
  const match = /^\/ads\/(\d{1,10})(?:\/[^/]*)?\/*$/i.exec(pathname);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : undefined;
}

/** How many of the provider's other ads, and of the same city's providers, an ad page shows. */
export const AD_PAGE_RELATED = 6;

/** "San Jose, CA": the ad's city and state as its page names them. */
export function adPlace(attributes: Pick<ProviderAttributes, 'city' | 'state'>): string {
  return [attributes.city, attributes.state].filter(Boolean).join(', ');
}

/** The ad page's title and description (the catalogue's texts): the server writes them, the app sets the title. */
export function adPageText(a: Pick<ProviderAttributes, 'name' | 'title' | 'age' | 'city' | 'state'>): {
  title: string;
  description: string;
} {
  const name = a.name || a.title;
  const place = adPlace(a);
  return {
    title: fillTemplate(MESSAGES.adPage.documentTitle, { name, place }),
    description: fillTemplate(MESSAGES.adPage.description, { title: a.title, name, age: a.age, place }),
  };
}
