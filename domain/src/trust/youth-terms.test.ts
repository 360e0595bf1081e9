import { describe, expect, it } from 'vitest';
import { findYouthTerms, YOUTH_TERM_GROUPS, YOUTH_TERMS } from './youth-terms.ts';

const terms = (text: string) => findYouthTerms(text).map((t) => t.term);

describe('the youth term list', () => {
  it('gives every entry a known group, once, in lowercase', () => {
    const seen = new Set<string>();
    for (const { term, group } of YOUTH_TERMS) {
      expect(YOUTH_TERM_GROUPS).toContain(group);
      expect(term).toBe(term.toLowerCase().trim());
      expect(seen.has(term), term).toBe(false);
      seen.add(term);
    }
  });

  it('leaves movement phrases out: "new in town" is not youth wording', () => {
    expect(YOUTH_TERMS.map((t) => t.term)).not.toContain('new in town');
    expect(terms('New in town, just arrived for a limited time, leaving soon')).toEqual([]);
  });
});

describe('findYouthTerms', () => {
  it('matches whole words, case-insensitively', () => {
    expect(terms('YOUNG and sweet')).toEqual(['young']);
    expect(terms('Teen model')).toEqual(['teen']);
    expect(terms('teens welcome')).toEqual(['teen']);
    expect(terms('a Schoolgirl outfit')).toEqual(['school girl']);
    expect(terms('a School girl outfit, school-girl, schoolgirls')).toEqual(['school girl']);
    expect(terms('BARELY LEGAL')).toEqual(['barely legal']);
    expect(terms('barely-legal and just_18')).toEqual(['barely legal', 'just 18']);
    expect(terms('Fresh & innocent')).toEqual(['fresh', 'innocent']);
    expect(terms('lolita')).toEqual(['lolita']);
    expect(terms('amber alert')).toEqual(['amber alert']);
  });

  it('finds joined spellings and look-alike letters', () => {
    expect(terms('highschool')).toEqual(['high school']);
    expect(terms('under18 only')).toEqual(['under 18']);
    expect(terms('T33N and y0ung')).toEqual(['young', 'teen']);
    expect(terms('“yóung”')).toEqual(['young']);
  });

  it('does not match near-misses inside or around other words', () => {
    for (const text of [
      'Younger than you think',
      'Visiting Youngstown, Ohio',
      'Dinner at the canteen',
      'fifteen minutes, eighteen or nineteen',
      'Refreshing, freshly showered',
      'No: fresher, freshest',
      'High schooling? no',
      'Steen and Teena',
      'lolitaville',
      'The juniors are high',
    ]) {
      expect(terms(text), text).toEqual([]);
    }
  });

  it('finds nothing in plain ads', () => {
    for (const text of [
      'Friendly companion in San Jose',
      'Relaxing massage by a professional therapist, by appointment',
      'Warm, discreet and classy. Incall and outcall. Call or text.',
      'Petite brunette, 27, loves travel and good wine',
      'New in town for the weekend',
      '',
    ]) {
      expect(terms(text), text).toEqual([]);
    }
    expect(findYouthTerms(null)).toEqual([]);
    expect(findYouthTerms(undefined)).toEqual([]);
  });

  it('answers each term with its group', () => {
    expect(findYouthTerms('barely legal schoolgirl fresh teen')).toEqual([
      { term: 'teen', group: 'stated_youth' },
      { term: 'barely legal', group: 'barely_legal' },
      { term: 'school girl', group: 'school' },
      { term: 'fresh', group: 'child_code' },
    ]);
  });
});
