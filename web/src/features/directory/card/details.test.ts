import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import {
  formatAnswer,
  formatCall,
  formatCum,
  formatOther,
  formatPriceLine,
  formatService,
  imageUrls,
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

  it('prefers the small image format', () => {
    expect(
      imageUrls({
        images: {
          data: [
            { id: 1, attributes: { name: 'a', url: '/a.jpg', formats: { small: { url: '/s_a.jpg' } } } },
            { id: 2, attributes: { name: 'b', url: '/b.jpg' } },
          ],
        },
      }),
    ).toEqual(['/s_a.jpg', '/b.jpg']);
    expect(imageUrls({})).toEqual([]);
  });
});
