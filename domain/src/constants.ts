/** Business constants and limits (spec 000 §9, 001 §9). */
export const PAGE_SIZES = [10, 20, 30, 40] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Minimum age, 18 years, as the spec writes it in milliseconds. */
export const MIN_AGE_MS = 567648000000;
export const MIN_AGE_YEARS = 18;

export const USER_TYPES = ['Hobbyist', 'Provider', 'Vender'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_STATE = 'CA';

/** The place types: `name` as the spec writes it (plural), `one` for a count of one ("1 Sex Toy Shop"). */
export const PLACE_TYPES = [
  { type: 'eroticbody', name: 'Erotic Body Rubs', one: 'Erotic Body Rub' },
  { type: 'sextoy', name: 'Sex Toy Shops', one: 'Sex Toy Shop' },
  { type: 'stripclub', name: 'Strip Club Links', one: 'Strip Club Link' },
] as const;

export const TRAFFICKING_HOTLINE = {
  name: 'U.S. National Human Trafficking Hotline',
  phone: '1-888-373-7888',
  text: '233733',
} as const;

/**
 * The longest video an ad may carry, in seconds (spec 001 §9: "video 30 seconds"). The server reads
 * every uploaded video's length and refuses a longer one (server/src/modules/media/video.ts).
 */
export const MAX_VIDEO_SECONDS = 30;
