/**
 * Youth-suggestive terms in ads: a maintained list, matched on word boundaries and
 * case-insensitively by `findYouthTerms`. A match is a risk signal for a moderator to read, never a decision
 * (the research below is clear that single indicators mislead).
 *
 * Sources (written out for operators in `docs/trust-and-safety.md`):
 * - [PSI 2017] U.S. Senate Permanent Subcommittee on Investigations, "Backpage.com's Knowing Facilitation of
 *   Online Sex Trafficking" (staff report and hearing S. Hrg. 115-6, January 2017): the words Backpage's own
 *   filter stripped from adult ads because they pointed at minors ("lolita", "teenage", "young", "little girl",
 *   "teen", "fresh", "innocent", "school girl", "amber alert").
 * - [JRSA 2021] Lugo-Graulich & Meyer (Justice Research and Statistics Association, for the National Institute
 *   of Justice), "Law Enforcement Guide on Indicators of Sex Trafficking in Online Escort Ads" (2021), final
 *   report (2022) and Journal of Human Trafficking article (2024): "language suggesting youth" and an
 *   "obscured phone number" predicted trafficking cases against a counterfactual of non-trafficking ads;
 *   movement language ("new in town", "leaving soon") and a stated age under 23 on its own did NOT. So movement
 *   phrases are not in this list, and age alone is no signal (`age_near_18_with_youth_wording` needs both).
 * - [Memex] The DARPA Memex program's escort-ad research (2014-2017), e.g. Tong, Zadeh, Jones & Morency,
 *   "Combating Human Trafficking with Deep Multimodal Models" (ACL 2017, the Trafficking-10k data set with
 *   Marinus Analytics): the ad's wording is the more informative signal than its photos; and Thorn's work with
 *   law enforcement on minors advertised online ("Survivor Insights", Bouché, Thorn 2018).
 * - [Ibanez 2014] Ibanez & Suthers, "Detection of Domestic Human Trafficking Indicators and Movement Trends
 *   Using Content Available on Open Internet Sources" (HICSS 2014): indicator coding of adult classified ads;
 *   the phone number as the link between ads and movement between cities (used by `shared_phone` and
 *   `many_cities`, not by this list).
 *
 * Deliberately left out: "new in town", "just arrived", "limited time" (movement, not youth; [JRSA 2021] found
 * them less common in trafficking ads), "petite", "tiny", "girl", "student", "college" (ordinary adult
 * self-descriptions), "minor" ("minor details"), emoji codes (too ambiguous to match on their own).
 */

/** The kinds of youth-suggestive wording. */
export const YOUTH_TERM_GROUPS = ['stated_youth', 'barely_legal', 'school', 'child_code'] as const;
export type YouthTermGroup = (typeof YOUTH_TERM_GROUPS)[number];

export interface YouthTerm {
  /** Lowercase; a space between words matches any run of spaces, hyphens, dots or underscores, or none. */
  term: string;
  group: YouthTermGroup;
}

const group = (g: YouthTermGroup, terms: readonly string[]): YouthTerm[] =>
  terms.map((term) => ({ term, group: g }));

/** The list. Each term also matches its plural with a trailing "s" ("teens", "schoolgirls"). */
export const YOUTH_TERMS: readonly YouthTerm[] = [
  // Words that state youth or an age under 18 [PSI 2017: "young", "teen", "teenage", "lolita",
  // "little girl"; JRSA 2021: language suggesting youth].
  ...group('stated_youth', [
    'young',
    'yung',
    'teen',
    'teenage',
    'teenager',
    'tween',
    'underage',
    'under 18',
    'jailbait',
    'lolita',
    'loli',
    'little girl',
  ]),
  // "Only just an adult" [JRSA 2021: language suggesting youth].
  ...group('barely_legal', [
    'barely legal',
    'just legal',
    'barely 18',
    'just 18',
    'just turned 18',
    'newly 18',
  ]),
  // School-age settings [PSI 2017: "school girl"; JRSA 2021].
  ...group('school', [
    'school girl',
    'high school',
    'high schooler',
    'middle school',
    'junior high',
    'freshman',
  ]),
  // Words used as a code for a child [PSI 2017: "fresh", "innocent", "amber alert"].
  ...group('child_code', ['fresh', 'innocent', 'amber alert']),
];

/** Digits and signs written for letters inside words ("t33n", "y0ung"). */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** The text as the terms are matched on: lowercase, accents removed, typographic quotes plain. */
export function normalizeForTerms(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
}

/**
 * The same text with look-alike letters restored inside words that mix letters with digits or signs
 * ("t33n" → "teen", "y0ung" → "young"); plain numbers stay numbers ("18", "555 0100"). Terms are looked for
 * in both texts, so "under18" still matches "under 18".
 */
export function restoreLookAlikes(normalized: string): string {
  return normalized.replace(/[\p{L}\p{N}@$]+/gu, (word) =>
    /\p{L}/u.test(word) && /[0-9@$]/.test(word) ? word.replace(/[0-9@$]/g, (c) => LEET[c] ?? c) : word,
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One term's pattern: on word boundaries (no letter or digit either side), an optional plural "s". */
function termPattern(term: string): RegExp {
  const words = term.split(' ').map(escape).join('[\\s\\-_.]*');
  return new RegExp(`(?<![\\p{L}\\p{N}])${words}s?(?![\\p{L}\\p{N}])`, 'u');
}

const PATTERNS: readonly { term: YouthTerm; pattern: RegExp }[] = YOUTH_TERMS.map((term) => ({
  term,
  pattern: termPattern(term.term),
}));

/** The youth-suggestive terms a text contains (each once, in the list's order). Pure. */
export function findYouthTerms(text: string | null | undefined): YouthTerm[] {
  if (!text) return [];
  const plain = normalizeForTerms(text);
  const restored = restoreLookAlikes(plain);
  return PATTERNS.filter(({ pattern }) => pattern.test(plain) || pattern.test(restored)).map(
    ({ term }) => term,
  );
}
