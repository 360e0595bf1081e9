import { describe, expect, it } from 'vitest';
import { AD_MESSAGES } from '../catalogue/ads.ts';
import {
  AD_FORM_PARSE_OPTIONS,
  buildAdCreate,
  buildAdUpdate,
  EMPTY_AD_FORM,
  isCumMouthEnabled,
  setCumChoice,
  setServiceAnswer,
  splitAdList,
  toAdFormValues,
  toggleCumType,
  toggleServiceSubtype,
  ZAdForm,
} from './ad-form.ts';
import type { AdFormValues } from './ad-form.ts';
import type { ProviderAttributes } from './responses.ts';

const F = AD_MESSAGES.adForm;

const filled: AdFormValues = {
  ...EMPTY_AD_FORM,
  name: 'Aria',
  title: 'Friendly companion',
  language: '3',
  race: '',
  state: 'ca',
  city: 'San Jose',
  age: '25',
  call: 'Outcall/Incall',
  phone: '555-0101',
  donation_half_hour: '120.5',
  donation_hour: '',
  kissing: 'yes',
  kissing_types: ['Heavy', 'Light'],
  cum: 'CIM',
  cum_type: ['Swallow'],
  services_provided_approval: true,
  message: 'Dinner dates',
};

function issuesOf(values: AdFormValues) {
  const result = ZAdForm.safeParse(values, AD_FORM_PARSE_OPTIONS);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('ZAdForm: the form checked by the ad schema', () => {
  it('turns the inputs into the ad: ids and numbers, blanks as null, codes upper-cased', () => {
    const form = ZAdForm.parse(filled, AD_FORM_PARSE_OPTIONS);
    expect(form).toMatchObject({
      name: 'Aria',
      language: 3,
      race: null,
      country: 'US',
      state: 'CA',
      age: 25,
      call: 'Outcall/Incall',
      donation_half_hour: 120.5,
      donation_hour: null,
      massage: null,
      kissing_types: ['Light', 'Heavy'],
      cum: 'CIM',
      cum_type: ['Swallow'],
      message: 'Dinner dates',
    });
  });

  it('names every missing or refused field with its message', () => {
    expect(issuesOf(EMPTY_AD_FORM)).toEqual({
      name: 'Required',
      title: 'Required',
      state: F.required,
      city: 'Required',
      age: F.required,
    });
    expect(issuesOf({ ...filled, age: '17', donation_hour: '-1' })).toEqual({
      age: 'Must be at least 18',
      donation_hour: 'Must be 0 or more',
    });
    expect(issuesOf({ ...filled, age: 'abc' })).toEqual({ age: F.notANumber });
    expect(issuesOf({ ...filled, donation_hour: '0' })).toEqual({});
  });

  it('builds the posted ad with the uploaded files and without server-set flags', () => {
    const form = ZAdForm.parse(filled, AD_FORM_PARSE_OPTIONS);
    const ad = buildAdCreate(form, { images: [4, 5], docs: [9], video: 7 });
    expect(ad).toMatchObject({
      images: [4, 5],
      docs: [9],
      video: 7,
    });
    // The server sets these (the package and the review): the form never sends them.
    for (const key of ['isShowed', 'duration_ad', 'duration_ad_unit', 'review'])
      expect(ad).not.toHaveProperty(key);
    expect(buildAdCreate(form, { images: [4], docs: [9], video: null })).not.toHaveProperty('video');
    expect(() => buildAdCreate(form, { images: [], docs: [9] })).toThrow(AD_MESSAGES.ads.selectImage);
    // No document is the server's to judge: a verified provider needs none (decision 0034).
    expect(buildAdCreate(form, { images: [4], docs: [] })).toMatchObject({ docs: [] });
  });

  it('builds the details update without files or server-set fields', () => {
    const update = buildAdUpdate(ZAdForm.parse(filled, AD_FORM_PARSE_OPTIONS));
    expect(update).toMatchObject({ title: 'Friendly companion', kissing: 'yes', state: 'CA' });
    for (const key of ['images', 'docs', 'video', 'isShowed', 'duration_ad', 'duration_ad_unit'])
      expect(update).not.toHaveProperty(key);
  });
});

describe('service option linkage (spec 001 §4)', () => {
  it('ticking a sub-option sets the parent to yes, in the options order', () => {
    const values = { ...EMPTY_AD_FORM, fellatio_type: ['BBJ'] };
    expect(toggleServiceSubtype(values, 'fellatio', 'CBJ', true)).toEqual({
      fellatio: 'yes',
      fellatio_type: ['CBJ', 'BBJ'],
    });
    expect(toggleServiceSubtype(values, 'fellatio', 'BBJ', false)).toEqual({ fellatio_type: [] });
  });

  it('No, or no answer, clears the sub-options; Yes keeps them', () => {
    expect(setServiceAnswer('anal', 'no')).toEqual({ anal: 'no', anal_activity: [] });
    expect(setServiceAnswer('kissing', '')).toEqual({ kissing: '', kissing_types: [] });
    expect(setServiceAnswer('vaginal', 'yes')).toEqual({ vaginal: 'yes' });
  });

  it('the cum choice opens the mouth options and clears what it rules out', () => {
    expect(isCumMouthEnabled('CIM')).toBe(true);
    expect(isCumMouthEnabled('Anywhere')).toBe(true);
    expect(isCumMouthEnabled('no')).toBe(false);
    expect(isCumMouthEnabled('')).toBe(false);
    const values = { cum_type: ['Swallow', 'COF'] };
    expect(setCumChoice(values, 'CIM')).toEqual({ cum: 'CIM', cum_type: ['Swallow'] });
    expect(setCumChoice(values, 'Anywhere')).toEqual({ cum: 'Anywhere' });
    expect(setCumChoice(values, 'no')).toEqual({ cum: 'no', cum_type: [] });
    expect(setCumChoice(values, 'N/A')).toEqual({ cum: 'N/A', cum_type: [] });
  });

  it('a mouth option needs CIM or Anywhere; a finishing place makes the choice Anywhere', () => {
    expect(toggleCumType({ cum: 'no', cum_type: [] }, 'Spit', true)).toEqual({});
    expect(toggleCumType({ cum: 'CIM', cum_type: ['Spit'] }, 'Swallow', true)).toEqual({
      cum_type: ['Swallow', 'Spit'],
    });
    expect(toggleCumType({ cum: 'CIM', cum_type: ['Spit'] }, 'COF', true)).toEqual({
      cum: 'Anywhere',
      cum_type: ['Spit', 'COF'],
    });
    expect(toggleCumType({ cum: 'Anywhere', cum_type: ['Spit', 'COF'] }, 'Spit', false)).toEqual({
      cum_type: ['COF'],
    });
  });
});

describe('an ad read back for editing', () => {
  const attributes = {
    title: 'Sunset',
    name: 'Ava',
    country: 'US',
    state: 'CA',
    city: 'San Jose',
    age: 27,
    phone: null,
    call: 'Incall',
    massage: 'yes',
    threesome: null,
    kissing: null,
    kissing_types: 'Heavy, Light',
    fellatio: 'no',
    fellatio_type: null,
    cunnilingus: 'YES',
    anilingus: 'yes',
    anilingus_act: 'Give,Both',
    vaginal: null,
    vaginal_type: null,
    anal: null,
    anal_activity: null,
    cum: 'Anywhere',
    cum_type: 'COF,Swallow,Bogus',
    personality: 'Dominant,Confident',
    grooming: 'Bare',
    donation_half_hour: 0,
    donation_hour: 200,
    message: null,
    services_provided_approval: true,
    language: { data: { id: 2, attributes: { lang_name: 'English' } } },
    race: { data: null },
  } as unknown as ProviderAttributes;

  it('splits list fields on commas and keeps known options in order', () => {
    expect(splitAdList('a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitAdList(null)).toEqual([]);
    const values = toAdFormValues({ id: 1, attributes });
    expect(values).toMatchObject({
      language: '2',
      race: '',
      age: '27',
      phone: '',
      call: 'Incall',
      massage: 'yes',
      kissing: 'yes',
      kissing_types: ['Light', 'Heavy'],
      fellatio: 'no',
      cunnilingus: 'yes',
      anilingus_act: ['Give', 'Both'],
      cum: 'Anywhere',
      cum_type: ['Swallow', 'COF'],
      personality: ['Confident', 'Dominant'],
      grooming: ['Bare'],
      donation_half_hour: '0',
      donation_hour: '200',
      services_provided_approval: true,
      message: '',
    });
    // What was loaded passes the form's checks as it is.
    expect(ZAdForm.safeParse(values, AD_FORM_PARSE_OPTIONS).success).toBe(true);
  });
});
