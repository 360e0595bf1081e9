import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { REPORT_REASONS, ZReportRequest, ZReportUpdate } from './schemas.ts';

describe('ZReportRequest', () => {
  it('needs only a known reason', () => {
    expect(ZReportRequest.parse({ reason: REPORT_REASONS[0] })).toEqual({ reason: REPORT_REASONS[0] });
    const missing = ZReportRequest.safeParse({});
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: MESSAGES.report.reasonRequired,
    });
    expect(ZReportRequest.safeParse({ reason: 'Because' }).success).toBe(false);
  });

  it('trims the optional texts and bounds them', () => {
    const parsed = ZReportRequest.parse({
      reason: 'Other',
      details: '  seen on page 2  ',
      listing: ' https://example.test/ad/1 ',
      email: ' me@example.test ',
    });
    expect(parsed).toEqual({
      reason: 'Other',
      details: 'seen on page 2',
      listing: 'https://example.test/ad/1',
      email: 'me@example.test',
    });
    expect(ZReportRequest.safeParse({ reason: 'Other', details: 'x'.repeat(1001) }).success).toBe(false);
    expect(ZReportRequest.safeParse({ reason: 'Other', details: 'x'.repeat(1000) }).success).toBe(true);
    expect(ZReportRequest.safeParse({ reason: 'Other', listing: 'x'.repeat(201) }).success).toBe(false);
  });

  it('accepts an empty e-mail (anonymous report) but not an invalid one', () => {
    expect(ZReportRequest.safeParse({ reason: 'Other', email: '' }).success).toBe(true);
    const bad = ZReportRequest.safeParse({ reason: 'Other', email: 'not-an-email' });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['email'],
      message: MESSAGES.validation.emailInvalid,
    });
  });

  it('lets the admin set only a known status', () => {
    expect(ZReportUpdate.safeParse({ status: 'reviewed' }).success).toBe(true);
    expect(ZReportUpdate.safeParse({ status: 'deleted' }).success).toBe(false);
  });
});
