/** The names of the services an ad answers, the same in the Categories panel and on the card (spec 001 §2, §4). */
export const SERVICE_LABELS = {
  massage: 'Massage',
  threesome: 'Threesome',
  kissing: 'Kissing',
  fellatio: 'Fellatio',
  cunnilingus: 'Cunnilingus',
  anilingus: 'Anilingus',
  vaginal: 'Vaginal',
  anal: 'Anal',
  cum: 'Cum',
  personality: 'Personality',
  grooming: 'Grooming',
} as const;
