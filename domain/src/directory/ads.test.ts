import { describe, expect, it } from 'vitest';
import { REVIEW_REASON_MAX, REVIEW_STATES } from './ads.ts';
import { ZProviderUpdate, ZProviderWrite } from './schemas.ts';

/** An ad's review fields in the write schemas; the server decides who may set them. */
const ad = {
  title: 'Friendly companion',
  name: 'Aria',
  state: 'CA',
  city: 'San Jose',
  age: 25,
  images: [1],
  docs: [2],
};

describe('the review before publication in the ad schemas', () => {
  it('has three states', () => {
    expect(REVIEW_STATES).toEqual(['pending', 'approved', 'rejected']);
  });

  it('a new ad has no publication flag by default: the server decides (pending for providers)', () => {
    const parsed = ZProviderWrite.parse(ad);
    expect(parsed.isShowed).toBeUndefined();
    expect(parsed.review).toBeUndefined();
    expect(parsed.review_reason).toBeUndefined();
  });

  it('takes a review state and a trimmed reason; an empty reason is none', () => {
    for (const review of REVIEW_STATES) expect(ZProviderUpdate.parse({ review }).review).toBe(review);
    expect(ZProviderUpdate.parse({ review: 'rejected', review_reason: '  Blurry photos ' })).toMatchObject({
      review: 'rejected',
      review_reason: 'Blurry photos',
    });
    expect(ZProviderUpdate.parse({ review_reason: '   ' }).review_reason).toBeNull();
    expect(ZProviderUpdate.parse({ isShowed: true }).isShowed).toBe(true);
  });

  it(`refuses other states and a reason over ${REVIEW_REASON_MAX} characters`, () => {
    for (const bad of [
      { review: 'published' },
      { review: 'Approved' },
      { review: true },
      { review_reason: 'x'.repeat(REVIEW_REASON_MAX + 1) },
      { isShowed: 'true' },
    ]) {
      expect(ZProviderUpdate.safeParse(bad).success, JSON.stringify(bad).slice(0, 60)).toBe(false);
    }
    expect(ZProviderUpdate.safeParse({ review_reason: 'x'.repeat(REVIEW_REASON_MAX) }).success).toBe(true);
  });
});
