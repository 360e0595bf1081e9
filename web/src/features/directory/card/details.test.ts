import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import {
  cardImages,
  formatAnswer,
  formatCall,
  formatCum,
  formatOther,
  formatPriceLine,
  formatService,
  splitList,
} from './details.ts';

const D = MESSAGES.cardDetails;

describe('card details', () => {
  it('reads comma-joined lists and yes/no answers', () => {
    expect(splitList(' Light, ,Heavy ')).toEqual(['Light', 'Heavy']);
    expect(formatAnswer('yes')).toBe(D.yes);
    expect(formatAnswer('no')).toBe(D.no);
    expect(formatAnswer(null)).toBe(D.na);
    expect(formatAnswer('N/A')).toBe(D.na);
    expect(formatAnswer('Confident,Dominant')).toBe('Confident, Dominant');
  });

  it('joins a service with its sub-types', () => {
    expect(formatService('yes', 'CBJ,BBJ')).toBe('Yes (CBJ, BBJ)');
    expect(formatService(null, 'CAS')).toBe('Yes (CAS)');
    expect(formatService('no', null)).toBe(D.no);
  });

  it('summarises Cum, the call type and the price line', () => {
    expect(formatCum('CIM', 'Swallow,Drool')).toBe('CIM: Swallow, Drool');
    expect(formatCum('no', null)).toBe(D.no);
    expect(formatCum(null, 'COF')).toBe('COF');
    expect(formatCall('Outcall/Incall')).toBe(D.callBoth);
    expect(formatCall('Incall')).toBe('Incall');
    expect(formatPriceLine({ donation_half_hour: 99.5, donation_hour: 1500, call: 'Outcall' })).toBe(
      '$99.50 / half hour · $1,500.00 / hour · Outcall',
    );
    expect(formatPriceLine({ donation_half_hour: null, donation_hour: 200, call: null })).toBe(
      '$200.00 / hour',
    );
  });

  it('words Other from the on-request flag and the message', () => {
    expect(formatOther({ services_provided_approval: true, message: 'Travel' })).toBe(
      `${D.onRequest}: Travel`,
    );
    expect(formatOther({ services_provided_approval: false, message: '  ' })).toBe(D.na);
  });

  it('gives each photo the small format as src and every format by width as srcset', () => {
    const file = (name: string, width: number, height: number, formats: Record<string, number> | null) => ({
      name,
      url: `/${name}.jpg`,
      width,
      height,
      formats:
        formats &&
        Object.fromEntries(
          Object.entries(formats).map(([f, w]) => [f, { url: `/${f}_${name}.webp`, width: w }]),
        ),
    });
    const images = cardImages({
      images: {
        data: [
          // A camera's photo: its original is never a candidate, the large format is enough.
          {
            id: 1,
            attributes: file('a', 4000, 3000, { thumbnail: 208, small: 500, medium: 750, large: 1000 }),
          },
          // Fits 1000x1000: the original is the only one with more pixels than its formats.
          { id: 2, attributes: file('b', 600, 600, { small: 500, thumbnail: 156 }) },
          // Too small for any format, or stored before formats had widths: the original alone.
          { id: 3, attributes: file('c', 200, 100, {}) },
          { id: 4, attributes: { name: 'd', url: '/d.jpg', formats: { small: { url: '/s_d.jpg' } } } },
          { id: 5, attributes: { name: 'e', url: '' } },
        ],
      },
    });
    expect(images).toEqual([
      {
        src: '/small_a.webp',
        srcSet: '/thumbnail_a.webp 208w, /small_a.webp 500w, /medium_a.webp 750w, /large_a.webp 1000w',
        width: 4000,
        height: 3000,
      },
      {
        src: '/small_b.webp',
        srcSet: '/thumbnail_b.webp 156w, /small_b.webp 500w, /b.jpg 600w',
        width: 600,
        height: 600,
      },
      { src: '/c.jpg', width: 200, height: 100 },
      { src: '/s_d.jpg' },
    ]);
    expect(cardImages({})).toEqual([]);
  });
});
