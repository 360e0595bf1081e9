/**
 * How a listing card draws a photo, shared by the web app's card and the server's preload of the home
 * page's first photo (server/src/http/plugins/web-shell.ts): a preload serves the card's `<img>` only
 * when both choose the same file, so they choose it here, once.
 */

/**
 * How wide the card's photo is drawn (web: directory.css, card.css): the listing is the page's width less
 * its gutters on phones, 5/12 of it once the card is wide enough to put the details beside it (from
 * 784 px), half the page beside the filters from 992 px, and half the fixed container from 1200 and 1400 px.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1400px) 636px, (min-width: 1200px) 546px, (min-width: 992px) calc(50vw - 26px), ' +
  '(min-width: 784px) calc((100vw - 24px) * 5 / 12), calc(100vw - 26px)';

/** A file of the listing's answer as the card reads it (loosely: the server reads its own JSON text). */
export interface CardImageFile {
  url?: unknown;
  width?: unknown;
  height?: unknown;
  formats?: Record<string, { url?: unknown; width?: unknown } | null | undefined> | null;
}

/** One photo of a card, as its `<img>` takes it. */
export interface CardImage {
  /** The `small` format when there is one, else the original: what a browser without `srcset` shows. */
  src: string;
  /** The formats (WebP) by width, `"<url> <width>w, …"`; absent when the file has none. */
  srcSet?: string;
  /** The picture's own size: the box is sized by CSS, these give the browser its shape early. */
  width?: number;
  height?: number;
}

const isUrl = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isSize = (v: unknown): v is number => typeof v === 'number' && v > 0;

/**
 * A file as a card photo, or undefined without a url. Every format is a `srcset` candidate by its width,
 * so the browser picks the smallest that fills the card at the screen's density. The original joins them
 * only when it has no `large` format: then it fits 1000x1000 and is the only one with more pixels; a
 * larger original (a camera's 4000 px JPEG) is never worth its bytes on a card.
 */
export function cardImage(file: CardImageFile | null | undefined): CardImage | undefined {
  if (!file || !isUrl(file.url)) return undefined;
  const formats = file.formats ?? {};
  const candidates: { url: string; width: number }[] = [];
  for (const f of Object.values(formats)) {
    if (f && isUrl(f.url) && isSize(f.width)) candidates.push({ url: f.url, width: f.width });
  }
  if (candidates.length && !formats.large && isSize(file.width))
    candidates.push({ url: file.url, width: file.width });
  candidates.sort((x, y) => x.width - y.width);
  const small = formats.small?.url;
  return {
    src: isUrl(small) ? small : file.url,
    ...(candidates.length ? { srcSet: candidates.map((c) => `${c.url} ${c.width}w`).join(', ') } : {}),
    ...(isSize(file.width) && isSize(file.height) ? { width: file.width, height: file.height } : {}),
  };
}
