/**
 * The finder of the `hidden_contact` signal: contact details written so that a plain search misses them.
 * Pure.
 */

/** What `hidden_contact` finds in a text. */
export type HiddenContactKind = 'phoneWords' | 'phoneSpaced' | 'email' | 'emailWords' | 'handle' | 'url';

export interface HiddenContact {
  kind: HiddenContactKind;
  /** The text found (at most 40 characters). */
  match: string;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const NUMBER_WORD_RUN = new RegExp(`^(?:${NUMBER_WORDS.join('|')})+$`);
/** Between the digits of a phone number: spaces and punctuation, at most three characters. */
const PHONE_SEPARATOR = /^[\s\-\u2013\u2014.,/()*_+|:#~]{1,3}$/;

/** The digits of a run of letters made only of number words ("fivefive" → "55"), else null. */
function wordDigits(letters: string): string | null {
  if (!NUMBER_WORD_RUN.test(letters)) return null;
  let digits = '';
  let rest = letters;
  while (rest) {
    const i = NUMBER_WORDS.findIndex((w) => rest.startsWith(w));
    digits += String(i);
    rest = rest.slice(NUMBER_WORDS[i]!.length);
  }
  return digits;
}

const clip = (s: string) => {
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length > 40 ? `${t.slice(0, 39)}…` : t;
};

/**
 * Phone numbers hidden from a plain search: three or more digits written as words among seven or more
 * ("five five five 0 1 0 0"), or five or more digits standing alone between spaces or signs
 * ("5 5 5 - 0 1 0 0"). An ordinary "555-010-0100" or "(555) 010 0100" is neither.
 */
function findHiddenPhones(text: string): HiddenContact[] {
  const found: HiddenContact[] = [];
  type Unit = { digits: string; word: boolean };
  let run: Unit[] = [];
  let runText = '';
  let pendingSep = '';
  const close = () => {
    const digits = run.map((u) => u.digits).join('');
    const wordDigitCount = run.filter((u) => u.word).reduce((n, u) => n + u.digits.length, 0);
    const singles = run.filter((u) => !u.word && u.digits.length === 1).length;
    if (digits.length >= 7 && digits.length <= 15) {
      if (wordDigitCount >= 3) found.push({ kind: 'phoneWords', match: clip(runText) });
      else if (singles >= 5) found.push({ kind: 'phoneSpaced', match: clip(runText) });
    }
    run = [];
    runText = '';
    pendingSep = '';
  };
  for (const [token] of text.toLowerCase().matchAll(/\d+|\p{L}+|[^\p{L}\d]+/gu)) {
    if (/^\d+$/.test(token)) {
      run.push({ digits: token, word: false });
      runText += pendingSep + token;
      pendingSep = '';
      continue;
    }
    const asWords = /^\p{L}+$/u.test(token) ? wordDigits(token) : null;
    if (asWords !== null) {
      run.push({ digits: asWords, word: true });
      runText += pendingSep + token;
      pendingSep = '';
      continue;
    }
    if (run.length && PHONE_SEPARATOR.test(token) && !pendingSep) {
      pendingSep = token;
      continue;
    }
    close();
  }
  close();
  return found;
}

/** Endings of web addresses and e-mail domains the checks know. */
const TLD = '(?:com|net|org|edu|gov|io|co|us|me|info|biz|xyz|site|app|link|ly|tv|cc|club|online)';
/** Endings common enough as English words ("me", "us", "to") are not taken after a spelled-out "dot". */
const WORD_TLD = '(?:com|net|org|edu|io|info|biz|xyz|site|app|online|club)';
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/g;
const OPEN = '[\\s(\\[{<]*';
const CLOSE = '[\\s)\\]}>]*';
/** "at" or "dot" as a word, alone or in brackets: "jane (at) example [dot] com". */
const AT = `(?:${OPEN}\\bat\\b${CLOSE}|@)`;
const DOT = `(?:${OPEN}\\bdot\\b${CLOSE}|\\.)`;
/** "jane at example dot com", "jane@example dot com", "jane at example.com". */
const EMAIL_WORDS = new RegExp(`[a-z0-9._%+-]+${AT}[a-z0-9-]+${DOT}${TLD}\\b`, 'g');
/** "jane at gmail": a mail provider named after "at" is an address without its ending. */
const EMAIL_PROVIDER =
  /(?:\bat\b|@)\s*(?:gmail|yahoo|hotmail|outlook|icloud|protonmail|proton|aol|msn)\b(?:\s*(?:dot|\.)\s*\w+)?/g;
const URL_PATTERNS = [
  /\bhttps?:\/\/\S+/g,
  /\bwww\.\S+/g,
  new RegExp(`(?<![\\w.@-])[a-z0-9-]{2,}(?:\\.[a-z0-9-]{2,})*\\.${TLD}\\b(?:/\\S*)?`, 'g'),
  new RegExp(`\\b[a-z0-9-]{2,}${OPEN}\\bdot\\b${CLOSE}${WORD_TLD}\\b`, 'g'),
];
/** Messaging apps named outright. */
const APPS =
  /\b(?:whats\s?app|telegram|snapchat|kik|wickr|wechat|viber|skype|onlyfans|only\s?fans|instagram|discord)\b/g;
/** Short app names, only with a handle after a colon or an at sign ("sc: jane", "ig @jane"). */
const APP_HANDLES = /\b(?:snap|sc|ig|insta|tg|wa|twitter)\s*[:@]\s*@?[a-z0-9._]{3,30}/g;
/**
 * A bare "@handle" with a letter in it (e-mail addresses were taken out before); "@7pm" is a time, not a
 * handle.
 */
const AT_HANDLE =
  /(?<![\w.@])@(?!\d{1,2}(?::\d\d)?\s*(?:am|pm)\b)(?=[a-z0-9_.]*[a-z])[a-z0-9_.]{3,30}(?![\w@])/g;

/**
 * Contact details in a free-text field: phone numbers hidden in words or spaced digits, e-mail addresses
 * (plain or written with "at"/"dot"), messaging apps and handles, and links. Each find once, in this order;
 * what one find covers is not found again by a later one. Pure.
 */
export function findHiddenContacts(text: string | null | undefined): HiddenContact[] {
  if (!text) return [];
  const found: HiddenContact[] = [...findHiddenPhones(text)];
  let rest = text.normalize('NFKC').toLowerCase();
  const take = (pattern: RegExp, kind: HiddenContactKind) => {
    rest = rest.replace(pattern, (m) => {
      found.push({ kind, match: clip(m) });
      return ' ';
    });
  };
  take(EMAIL, 'email');
  take(EMAIL_WORDS, 'emailWords');
  take(EMAIL_PROVIDER, 'emailWords');
  for (const pattern of URL_PATTERNS) take(pattern, 'url');
  take(APP_HANDLES, 'handle');
  take(APPS, 'handle');
  take(AT_HANDLE, 'handle');
  return found;
}
