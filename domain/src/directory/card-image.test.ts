import { describe, expect, it } from 'vitest';
import { cardImage } from './card-image.ts';

const f = (url: string, width: number) => ({ url, width });

describe('cardImage', () => {
  it('offers every format by width, smallest first, and the small one as src', () => {
    expect(
      cardImage({
        url: '/uploads/a.jpg',
        width: 3000,
        height: 2000,
        formats: { large: f('/l.webp', 1000), thumbnail: f('/t.webp', 245), small: f('/s.webp', 500) },
      }),
    ).toEqual({
      src: '/s.webp',
      srcSet: '/t.webp 245w, /s.webp 500w, /l.webp 1000w',
      width: 3000,
      height: 2000,
    });
  });

  it('adds the original only when there is no large format', () => {
    expect(cardImage({ url: '/a.jpg', width: 800, formats: { thumbnail: f('/t.webp', 245) } })).toEqual({
      src: '/a.jpg',
      srcSet: '/t.webp 245w, /a.jpg 800w',
    });
  });

  it('skips formats without a url or width, and files without a url', () => {
    expect(
      cardImage({
        url: '/a.jpg',
        formats: { small: { url: '', width: 500 }, medium: { url: '/m.webp' }, x: null },
      }),
    ).toEqual({ src: '/a.jpg' });
    expect(cardImage({ url: '' })).toBeUndefined();
    expect(cardImage({ url: 5 })).toBeUndefined();
    expect(cardImage(undefined)).toBeUndefined();
  });
});
