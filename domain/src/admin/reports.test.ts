import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { mondayOf, monthOf, parseReportSubject, reportSubjectOf } from './reports.ts';

const site = ['ltf.example', 'localhost'];

describe('reportSubjectOf: the record a report names', () => {
  it("reads the cards' prefill", () => {
    expect(reportSubjectOf(`${MESSAGES.card.reportListing} #12: Aria`)).toBe('provider:12');
    expect(reportSubjectOf(`${MESSAGES.venues.reportListing} #3: Velvet Spa`)).toBe('vendor:3');
  });

  it('reads paths of this site: place pages, edit pages, API paths', () => {
    expect(reportSubjectOf('/sextoy/3')).toBe('vendor:3');
    expect(reportSubjectOf('/eroticbody/7/')).toBe('vendor:7');
    expect(reportSubjectOf('/stripclub/8?city=San%20Jose')).toBe('vendor:8');
    expect(reportSubjectOf('/ads/edit/12')).toBe('provider:12');
    expect(reportSubjectOf('/place/edit/4')).toBe('vendor:4');
    expect(reportSubjectOf('/api/providers/5')).toBe('provider:5');
    expect(reportSubjectOf('/provider/6')).toBe('provider:6');
  });

  it('reads URLs on the site only', () => {
    expect(reportSubjectOf('https://ltf.example/sextoy/3', site)).toBe('vendor:3');
    expect(reportSubjectOf('http://localhost:1337/ads/edit/9', site)).toBe('provider:9');
    expect(reportSubjectOf('https://elsewhere.example/sextoy/3', site)).toBeNull();
    expect(reportSubjectOf('https://ltf.example/sextoy/3')).toBeNull();
  });

  it('reads subjects written as such', () => {
    expect(reportSubjectOf('hobbyist-comment:5')).toBe('hobbyist-comment:5');
    expect(reportSubjectOf('Provider:5')).toBe('provider:5');
  });

  it('names nothing otherwise', () => {
    for (const text of [
      null,
      '',
      'a man at the bus stop',
      '12',
      '/sextoy',
      '/sextoy/abc',
      '/sextoy/0',
      '/sextoy/99999999999',
      '/sextoy/%E0%A4%A',
      'https://ltf.example/sextoy/%E0%A4%A',
      '/products/3',
      '//evil.example/sextoy/3',
      'javascript:alert(1)',
      'https://ltf.example/ad/2',
    ]) {
      expect(reportSubjectOf(text, site), String(text)).toBeNull();
    }
  });

  it('parseReportSubject splits a stored subject', () => {
    expect(parseReportSubject('provider:12')).toEqual({ type: 'provider', id: 12 });
    expect(parseReportSubject('hobbyist-comment:5')).toEqual({ type: 'hobbyist-comment', id: 5 });
    expect(parseReportSubject('user:5')).toBeNull();
    expect(parseReportSubject(null)).toBeNull();
  });
});

describe('dashboard periods (UTC)', () => {
  it('mondayOf: the Monday of a week', () => {
    expect(mondayOf(new Date('2026-03-04T10:00:00Z'))).toBe('2026-03-02'); // a Wednesday
    expect(mondayOf(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02'); // a Monday
    expect(mondayOf(new Date('2026-03-08T23:59:00Z'))).toBe('2026-03-02'); // a Sunday
    expect(mondayOf(new Date('2026-03-04T10:00:00Z'), 1)).toBe('2026-02-23');
  });
  it('monthOf: months back across a year', () => {
    expect(monthOf(new Date('2026-03-31T10:00:00Z'))).toBe('2026-03');
    expect(monthOf(new Date('2026-03-31T10:00:00Z'), 3)).toBe('2025-12');
  });
});
