/**
 * The limits of the admin's settings writes, apart from the schemas so the message
 * catalogue can name them without importing the schemas (which import the catalogue).
 */
export const ADMIN_SETTINGS_LIMITS = {
  nameMax: 100,
  /** A package's total price, in dollars (its cents must fit a 32-bit column). */
  packagePriceMax: 100_000,
  /** Validity in months. */
  validityMax: 120,
  adsPerDayMax: 1_000,
  /** Processing fee and shipping cost, in dollars. */
  feeMax: 10_000,
  /** Percent. */
  taxMax: 100,
  paymentAddressMax: 500,
  /** A social network link's address (the footer's). */
  socialUrlMax: 300,
  retentionDaysMin: 1,
  retentionDaysMax: 3_650,
  /** The largest tip setting, in dollars (TIP_LIMITS.maxTip). */
  tipMaxMin: 1,
  tipMaxMax: 10_000,
  tipsPerHourMax: 1_000,
  /** Screening rows a provider account may be answered a day. */
  screeningReadsPerDayMax: 100_000,
  placeTypeMax: 40,
  cityCodeMax: 3,
} as const;

/** The retention settings' values while the admin has set none, in days (the privacy policy names them). */
export const RETENTION_DEFAULT_DAYS = {
  /** ID documents, after the latest verification decision on the account. */
  documents: 30,
  /** Messages to providers, with their replies, after they were sent. */
  messages: 90,
} as const;

/** How many audit entries one CSV export holds at most (the newest). */
export const AUDIT_CSV_MAX_ROWS = 10_000;
