import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { fillTemplate } from '../text.ts';
import {
  checkAdText,
  checkPlaceText,
  distanceKm,
  findHiddenContacts,
  findStatedAges,
  manyCitiesSignal,
  median,
  comparablePhone,
  priceBelowMedianSignal,
  RISK_SIGNAL_KINDS,
  RISK_SIGNAL_WEIGHTS,
  riskScore,
  sharedPhoneSignal,
  sharedPhotoSignal,
  type CityPoint,
} from './index.ts';

const kinds = (signals: { kind: string }[]) => signals.map((s) => s.kind);
const contacts = (text: string) => findHiddenContacts(text).map((c) => c.kind);

/** Ordinary, tame ads: none of them may give a signal. */
const ORDINARY_ADS = [
  { title: 'Friendly companion in San Jose', name: 'Aria', age: 27, message: null },
  {
    title: 'Relaxing evenings, by appointment',
    name: 'Maya',
    age: 34,
    message:
      'Warm and discreet. Incall and outcall, 7 days a week from 10 am. Rates: 1 hour 250, 2 hours 450. Call or text the number above. Available @ 7pm most nights.',
  },
  {
    title: 'Classy brunette, new in town',
    name: 'Lena',
    age: 19,
    message:
      'Petite, 5\'4", 110 lbs, 19 yrs old. Twenty years of dance? No: two. Visiting for one week only.',
    discount_code: 'SPRING10',
  },
  {
    title: 'Massage therapist',
    name: 'Jo',
    age: 45,
    message: 'Licensed therapist with 19 years of experience. Hot stones, deep tissue. Call (555) 010-0100.',
  },
];

describe('the catalogue and weights', () => {
  it('has an explanation and a label for every kind, and weights 1-5', () => {
    for (const kind of RISK_SIGNAL_KINDS) {
      expect(MESSAGES.riskSignals[kind].length).toBeGreaterThan(10);
      expect(MESSAGES.riskSignals.labels[kind].length).toBeGreaterThan(3);
      expect(RISK_SIGNAL_WEIGHTS[kind]).toBeGreaterThanOrEqual(1);
      expect(RISK_SIGNAL_WEIGHTS[kind]).toBeLessThanOrEqual(5);
    }
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(fillTemplate('{a} and {b}', { a: 'x' })).toBe('x and {b}');
    expect(riskScore([{ weight: 3 }, { weight: 5 }])).toBe(8);
    expect(riskScore([])).toBe(0);
  });

  it('has tame rejection templates and the escalation contacts', () => {
    const M = MESSAGES.moderation;
    expect(M.reasonTemplates.length).toBeGreaterThanOrEqual(5);
    expect(M.reasonTemplates.length).toBeLessThanOrEqual(6);
    // The moderator's button names the concern; the owner reads a neutral reason that warns no trafficker.
    expect(M.reasonTemplateLabels[M.escalationTemplateIndex]).toMatch(/trafficking/i);
    expect(M.reasonTemplates[M.escalationTemplateIndex]).not.toMatch(/trafficking|minor/i);
    expect(M.escalationHotline).toContain('1-888-373-7888');
    expect(M.escalationHotline).toContain('233733');
    expect(M.escalationCyberTipline).toContain('https://report.cybertip.org');
    expect(M.escalationCyberTipline).toContain('1-800-843-5678');
  });
});

describe('text checks', () => {
  it('ordinary ads and places give no signal', () => {
    for (const ad of ORDINARY_ADS) expect(checkAdText(ad), ad.title).toEqual([]);
    for (const name of ['Placeholder Spa 1', 'Downtown Body Rubs', 'The Velvet Room']) {
      expect(checkPlaceText({ name }), name).toEqual([]);
    }
  });

  it('youth_wording names the terms found', () => {
    const signals = checkAdText({ title: 'Young and fresh', name: 'Kim', age: 25, message: 'barely legal' });
    expect(kinds(signals)).toEqual(['youth_wording']);
    expect(signals[0]!.weight).toBe(RISK_SIGNAL_WEIGHTS.youth_wording);
    expect(signals[0]!.explanation).toContain('young, fresh, barely legal');
    expect(kinds(checkPlaceText({ name: 'Schoolgirl Spa' }))).toEqual(['youth_wording']);
  });

  it('age_near_18_with_youth_wording: 18 or 19 in the age field or the text, with youth wording', () => {
    const byField = checkAdText({ title: 'Teen model', name: 'Kim', age: 18 });
    expect(kinds(byField)).toEqual(['youth_wording', 'age_near_18_with_youth_wording']);
    expect(byField[1]!.explanation).toContain('18');
    expect(byField[1]!.explanation).toContain('teen');
    const byText = checkAdText({ title: 'Fresh face', name: 'Kim', age: 25, message: "I'm 19, new here" });
    expect(kinds(byText)).toEqual(['youth_wording', 'age_near_18_with_youth_wording']);
    // The age alone, without youth wording, is nothing (research: an age under 23 does not predict).
    expect(checkAdText({ title: 'Hello', name: 'Kim', age: 18, message: '18 yo' })).toEqual([]);
    // Youth wording with an older age: only youth_wording.
    expect(kinds(checkAdText({ title: 'Young at heart', name: 'Kim', age: 42 }))).toEqual(['youth_wording']);
  });

  it('findStatedAges reads the usual ways of giving an age, not years of experience', () => {
    expect(findStatedAges('19 yo')).toEqual([19]);
    expect(findStatedAges('19yo, 18 y/o')).toEqual([19, 18]);
    expect(findStatedAges('I am 19 and age: 18')).toEqual([18, 19]);
    expect(findStatedAges('19 years old')).toEqual([19]);
    expect(findStatedAges('19 years of experience, 18 yrs experience')).toEqual([]);
    expect(findStatedAges('call at 19:00')).toEqual([]);
  });

  it('hidden_contact: phone numbers in words or spaced digits', () => {
    expect(contacts('call five five five 0 1 0 0 1 2 3')).toEqual(['phoneWords']);
    expect(contacts('5five5-o1oo')).toEqual([]);
    expect(contacts('text fivefivefive one two three four')).toEqual(['phoneWords']);
    expect(contacts('5 5 5 0 1 0 0 1 2 3')).toEqual(['phoneSpaced']);
    expect(contacts('5.5.5.0.1.0.0.1.2.3')).toEqual(['phoneSpaced']);
    // Ordinary numbers are not hidden contacts.
    expect(contacts('(555) 010-0100 or 555.010.0100 or +1 555 010 0100')).toEqual([]);
    expect(contacts('rates 100 150 200 250 300, one hour')).toEqual([]);
    expect(contacts('one or two hours, 7 days')).toEqual([]);
  });

  it('hidden_contact: e-mail addresses, spelled-out ones, handles and links', () => {
    expect(contacts('mail jane@example.com')).toEqual(['email']);
    expect(contacts('jane at example dot com')).toEqual(['emailWords']);
    expect(contacts('jane (at) example [dot] com')).toEqual(['emailWords']);
    expect(contacts('jane at gmail')).toEqual(['emailWords']);
    expect(contacts('kik me: jane123')).toEqual(['handle']);
    expect(contacts('sc: jane_doe')).toEqual(['handle']);
    expect(contacts('on telegram or whatsapp')).toEqual(['handle', 'handle']);
    expect(contacts('follow @jane.doe')).toEqual(['handle']);
    expect(contacts('see https://example.com/me')).toEqual(['url']);
    expect(contacts('see www.example.com')).toEqual(['url']);
    expect(contacts('see example.net')).toEqual(['url']);
    expect(contacts('see example dot com')).toEqual(['url']);
    // Ordinary sentences: "me at home. Me too", "@ 7pm", "at night".
    expect(contacts('Text me at home. Me too. Meet @ 7pm or @7pm, at night.')).toEqual([]);
  });

  it('hidden_contact on an ad names what was found and where', () => {
    const signals = checkAdText({
      title: 'Aria',
      name: 'Aria',
      message: 'snapchat only, five five five one two three four',
    });
    expect(kinds(signals)).toEqual(['hidden_contact']);
    expect(signals[0]!.explanation).toContain(MESSAGES.riskSignals.found.phoneWords);
    expect(signals[0]!.explanation).toContain('message');
    expect(signals[0]!.explanation).toContain('snapchat');
    // A place's website field is where a link belongs; its name is not.
    expect(kinds(checkPlaceText({ name: 'Spa www.example.com' }))).toEqual(['hidden_contact']);
  });
});

describe('cross-record decisions', () => {
  it('comparablePhone: digits without a leading 1; too short is nothing', () => {
    expect(comparablePhone('+1 (555) 010-0100')).toBe('5550100100');
    expect(comparablePhone('555-0100')).toBe('5550100');
    expect(comparablePhone('12345')).toBeNull();
    expect(comparablePhone(null)).toBeNull();
    expect(sharedPhoneSignal('5550100', 0)).toBeNull();
    expect(sharedPhoneSignal('5550100', 2)?.explanation).toContain('5550100');
  });

  it('shared_photo within 6 bits, not beyond', () => {
    const a = '0f0f0f0f0f0f0f0f';
    expect(sharedPhotoSignal([a], ['0f0f0f0f0f0f0f0f'])?.explanation).toContain('difference 0');
    expect(sharedPhotoSignal([a], ['0f0f0f0f0f0f0f3f'])).not.toBeNull(); // 2 bits
    expect(sharedPhotoSignal([a], ['0f0f0f0f0f0fffff'])).toBeNull(); // 12 bits
    expect(sharedPhotoSignal([], [a])).toBeNull();
    expect(sharedPhotoSignal([a], ['not a hash'])).toBeNull();
  });

  const city = (name: string, state: string, lat: number | null, lon: number | null): CityPoint => ({
    city: name,
    state,
    latitude: lat,
    longitude: lon,
  });
  const SJ = city('San Jose', 'CA', 37.3394, -121.895);
  const OAK = city('Oakland', 'CA', 37.8044, -122.2712);
  const SF = city('San Francisco', 'CA', 37.7749, -122.4194);
  const LA = city('Los Angeles', 'CA', 34.0522, -118.2437);
  const RENO = city('Reno', 'NV', 39.5296, -119.8138);
  const SD = city('San Diego', 'CA', 32.7157, -117.1611);

  it('distanceKm is about right', () => {
    const sj = { latitude: 37.3394, longitude: -121.895 };
    const la = { latitude: 34.0522, longitude: -118.2437 };
    const oak = { latitude: 37.8044, longitude: -122.2712 };
    expect(distanceKm(sj, la)).toBeGreaterThan(480);
    expect(distanceKm(sj, la)).toBeLessThan(500);
    expect(distanceKm(sj, oak)).toBeLessThan(70);
  });

  it('many_cities: three cities each more than 150 km from the others', () => {
    const signal = manyCitiesSignal([SJ, LA, RENO]);
    expect(signal?.kind).toBe('many_cities');
    expect(signal?.explanation).toContain('San Jose, CA; Los Angeles, CA; Reno, NV');
    expect(signal?.explanation).toContain('150 km');
    expect(manyCitiesSignal([SJ, OAK, SF])).toBeNull(); // the Bay Area: close together
    expect(manyCitiesSignal([SJ, OAK, LA])).toBeNull(); // two of them close
    expect(manyCitiesSignal([SJ, SJ, LA, LA])).toBeNull();
    expect(manyCitiesSignal([SJ, OAK, LA, RENO, SD])?.explanation).toContain('4 cities');
  });

  it('many_cities without coordinates: different states stand in', () => {
    const a = city('Alpha', 'CA', null, null);
    const b = city('Beta', 'NV', null, null);
    const c = city('Gamma', 'OR', null, null);
    expect(manyCitiesSignal([a, b, c])?.explanation).toContain(MESSAGES.riskSignals.distanceStates);
    expect(manyCitiesSignal([a, city('Delta', 'CA', null, null), b])).toBeNull();
  });

  it('price_below_median: below half the median of at least 5 ads', () => {
    expect(median([1, 3, 2])).toBe(2);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(median([])).toBeNull();
    const city5 = [20000, 25000, 30000, 35000, 40000];
    const signal = priceBelowMedianSignal(10000, city5);
    expect(signal?.explanation).toContain('$100.00');
    expect(signal?.explanation).toContain('$300.00');
    expect(priceBelowMedianSignal(15000, city5)).toBeNull(); // exactly half
    expect(priceBelowMedianSignal(10000, city5.slice(0, 4))).toBeNull(); // too few
    expect(priceBelowMedianSignal(null, city5)).toBeNull();
    expect(priceBelowMedianSignal(0, city5)).toBeNull();
  });
});
