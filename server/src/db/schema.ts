import type { TOrderStatus } from '@app/domain';
import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Booleans are 0/1 integers and timestamps ISO-8601 text on both engines;
 * money is integer cents. See docs/decisions/0002-portable-schema.md.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  provider: Generated<string>;
  password: string;
  phone_number: string | null;
  dob: string | null;
  city: string | null;
  user_type: 'Hobbyist' | 'Provider' | 'Vender' | null;
  is_active: Generated<number>;
  role: Generated<'authenticated' | 'admin'>;
  first_name: string | null;
  last_name: string | null;
  avatar_id: number | null;
  password_changed_at: string | null;
  /** Signed into every token; a password change increments it, which revokes older tokens. */
  token_version: Generated<number>;
  /** A provider's ID verification; null for accounts that need none. */
  verification: 'pending' | 'verified' | 'rejected' | null;
  verification_reason: string | null;
  verified_at: string | null;
  verified_by: number | null;
  /** A legal hold on the account's ID documents (`YYYY-MM-DD`): the retention job keeps them until then. */
  documents_hold_until: string | null;
  /** Two-factor sign-in: the TOTP secret (base32) from enrolment; on once `two_factor_enabled_at` is set. */
  two_factor_secret: string | null;
  two_factor_enabled_at: string | null;
  /** The last TOTP time step accepted: a code is good once. */
  two_factor_last_step: number | null;
  created_at: string;
  updated_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  name: string;
  storage_key: string;
  ext: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  formats: string | null;
  is_private: number;
  purpose: string | null;
  owner_id: number | null;
  /** SHA-256 (hex) of an anonymous upload's claim token; null once claimed, and for other files. */
  claim_token_hash: string | null;
  /** Keyed hash of an anonymous uploader's address (the daily cap); null once claimed. */
  uploader_hash: string | null;
  /** Perceptual hash (64-bit dHash, hex) of an image, for "the same photo on several accounts". */
  phash: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserDocsTable {
  user_id: number;
  file_id: number;
}

export interface CountriesTable {
  id: Generated<number>;
  country_code: string;
  name: string;
}

export interface StatesTable {
  id: Generated<number>;
  state_code: string;
  state_name: string;
  country_code: string;
}

export interface CitiesTable {
  id: Generated<number>;
  city_name: string;
  state_code: string;
  state_name: string;
  country_code: string;
  /** Degrees (`many_cities`); null for a city added without them. */
  latitude: number | null;
  longitude: number | null;
}

export interface LanguagesTable {
  id: Generated<number>;
  lang_name: string;
}

export interface RacesTable {
  id: Generated<number>;
  race_name: string;
}

export interface PlaceTypesTable {
  id: Generated<number>;
  type: string;
  name: string;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  total_price: number;
  validity: number;
  number_of_ads_per_day: number;
  price_per_day: number;
  /** 1: no longer sold; the subscriptions that have it keep it. */
  retired: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProcessingCostsTable {
  id: Generated<number>;
  processing_fee: number;
  tax: number;
  shipping_cost: string;
  created_at: string;
  updated_at: string;
}

/** A password reset link: only the SHA-256 of the e-mailed code is kept. */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A token revoked by logout before it expires: its `jti` (or a hash of a token without one). */
export interface RevokedTokensTable {
  token_id: string;
  user_id: number;
  expires_at: string;
}

/** The lease and last run of one scheduled job (server/src/jobs/runner.ts). */
export interface JobLeasesTable {
  name: string;
  locked_by: string | null;
  locked_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_duration_ms: number | null;
  last_count: number | null;
  last_error: string | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  note: string;
  /** The staff's handling: open (New), reviewed (In progress), closed. */
  status: Generated<'open' | 'reviewed' | 'closed'>;
  /** The staff's internal note (`note` is the sender's message). */
  staff_note: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  reason: string;
  details: string | null;
  listing: string | null;
  email: string | null;
  status: Generated<'open' | 'reviewed' | 'closed'>;
  reporter_id: number | null;
  /** The staff's internal note. */
  staff_note: string | null;
  /** The reported record when known (`provider:12`, `vendor:3`, `hobbyist-comment:5`). */
  subject: string | null;
  handled_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SeedLogTable {
  key: string;
  applied_at: string;
}

export interface ProvidersTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  name: string;
  country: Generated<string>;
  state: string;
  city: string;
  age: number;
  phone: string | null;
  /** The phone's digits as the risk signals compare them (`comparablePhone`), written with the phone. */
  phone_digits: string | null;
  language_id: number | null;
  race_id: number | null;
  call: string | null;
  massage: string | null;
  threesome: string | null;
  kissing: string | null;
  kissing_types: string | null;
  fellatio: string | null;
  fellatio_type: string | null;
  cunnilingus: string | null;
  anilingus: string | null;
  anilingus_act: string | null;
  vaginal: string | null;
  vaginal_type: string | null;
  anal: string | null;
  anal_activity: string | null;
  cum: string | null;
  cum_type: string | null;
  personality: string | null;
  grooming: string | null;
  /** Cents. */
  donation_half_hour: number | null;
  /** Cents. */
  donation_hour: number | null;
  message: string | null;
  services_provided_approval: Generated<number>;
  duration_ad: Generated<number>;
  duration_ad_unit: Generated<string>;
  ad_bonus_side_panel_ad: Generated<number>;
  discount_code: string | null;
  is_showed: Generated<number>;
  video_id: number | null;
  /** Review before publication; `is_showed` is 1 exactly when approved. */
  review_state: Generated<'pending' | 'approved' | 'rejected'>;
  review_reason: string | null;
  reviewed_at: string | null;
  likes_count: Generated<number>;
  dislikes_count: Generated<number>;
  averages_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProviderFilesTable {
  provider_id: number;
  file_id: number;
  position: Generated<number>;
}

export interface ReactionsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  kind: 'like' | 'dislike' | 'average';
  created_at: string;
  updated_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  comment: string;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  text: string;
  /** The provider's answer, written on the site and relayed by mail; null until answered. */
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  updated_at: string;
}

export type PaymentStatus = 'pending' | 'verified' | 'rejected';

export interface TipsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  transaction_id: string;
  /** `paymentKey(transaction_id)`: the id's confusable skeleton, shared by look-alike ids. */
  transaction_key: string | null;
  /** Cents. */
  tip_amount: number;
  /** The same state as the tip's ledger row (an admin sets both at once). */
  payment_status: Generated<PaymentStatus>;
  created_at: string;
  updated_at: string;
}

export interface TransactionsTable {
  id: Generated<number>;
  transaction_uid: string;
  /** Cents. */
  transaction_amount: number;
  user_id: number | null;
  tip_id: number | null;
  subscription_id: number | null;
  order_type: string;
  transaction_type: 'credit' | 'debit';
  /** Only `verified` rows count in a wallet; a typed-in payment is `pending` until an admin checks it. */
  payment_status: Generated<PaymentStatus>;
  created_at: string;
  updated_at: string;
}

/** A package bought by a provider. Money in cents; whether it is active is computed. */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  package_id: number | null;
  package_name: string;
  start_date: string;
  end_date: string;
  transaction_id: string | null;
  /** `paymentKey(transaction_id)`: the id's confusable skeleton, shared by look-alike ids. */
  transaction_key: string | null;
  price: number;
  wallet_amount: number;
  amount: number;
  ads_allowed: number;
  extra_ads: Generated<number>;
  ads_posted: Generated<number>;
  payment_status: Generated<PaymentStatus>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  reminder_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A transaction id that paid for something: one use only, across subscriptions, tips and orders. */
export interface PaymentReferencesTable {
  transaction_id: string;
  kind: 'subscription' | 'tip' | 'order';
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** One change to the shown directory (db/directory-version.ts); `id` is the directory version it made. */
export interface DirectoryChangesTable {
  id: number;
  /** One changed provider; null with `user_id` null: anything may have changed. */
  provider_id: number | null;
  /** Every provider of this account. */
  user_id: number | null;
  created_at: string;
}

/** A place's address. `state` is a state code. */
export interface AddressesTable {
  id: Generated<number>;
  location: string;
  city: string;
  state: string;
  postal_code: string;
  country: Generated<string>;
  user_id: number;
  created_at: string;
  updated_at: string;
}

/** A place (the spec's vendor), reviewed before publication as ads are. */
export interface PlacesTable {
  id: Generated<number>;
  name: string;
  place_type_id: number;
  address_id: number | null;
  phone: string;
  /** The phone's digits as the risk signals compare them (`comparablePhone`), written with the phone. */
  phone_digits: string | null;
  email: string;
  website: string | null;
  image_id: number | null;
  video_id: number | null;
  has_video: Generated<number>;
  user_id: number;
  is_showed: Generated<number>;
  review_state: Generated<'pending' | 'approved' | 'rejected'>;
  review_reason: string | null;
  reviewed_at: string | null;
  /** Average stars of its reviews (0 when none), kept by the review writes. */
  rating: Generated<number>;
  review_count: Generated<number>;
  /** The newest review's time, '' when none. */
  last_review_at: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A hobbyist's review of a place: one per hobbyist and place. */
export interface PlaceReviewsTable {
  id: Generated<number>;
  place_id: number;
  user_id: number;
  rating: number;
  review: string;
  created_at: string;
  updated_at: string;
}

/** A screened phone number (digits only), with the provider who added it. */
export interface CustomerHobbyistsTable {
  id: Generated<number>;
  phone_number: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A provider's like, average or dislike of a screened number: one per provider and record. */
export interface HobbyistRatingsTable {
  id: Generated<number>;
  customer_hobbyist_id: number;
  user_id: number;
  kind: 'like' | 'average' | 'dislike';
  created_at: string;
  updated_at: string;
}

export interface HobbyistCommentsTable {
  id: Generated<number>;
  customer_hobbyist_id: number;
  user_id: number;
  hobbyist_comment: string;
  created_at: string;
  updated_at: string;
}

/** What the staff did: `action` (e.g. `screening.remove`), `subject` (`hobbyist-comment:12`). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject: string;
  details: string | null;
  /** The address the request came from. */
  ip: string | null;
  /** The record before and after the action, as JSON text. */
  before_value: string | null;
  after_value: string | null;
  created_at: string;
}

/** The one-time recovery codes of two-factor sign-in: only their SHA-256 is kept. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A two-factor code attempt on an enrolled account (a right code deletes its row); see the migration. */
export interface TwoFactorFailuresTable {
  id: Generated<number>;
  user_id: number;
  /** The sign-in challenge's token id; null for the profile's code checks. */
  token_id: string | null;
  created_at: string;
}

/** Screening rows an account was answered on one UTC day (`YYYY-MM-DD`); see the migration. */
export interface ScreeningReadsTable {
  user_id: number;
  day: string;
  reads: Generated<number>;
}

/** An account the admin shut out of screening; removing the row gives access back. */
export interface ScreeningSuspensionsTable {
  user_id: number;
  suspended_by: number | null;
  created_at: string;
}

/** An account whose two-factor code step is locked (too many wrong codes) until `locked_until`. */
export interface TwoFactorLocksTable {
  user_id: number;
  locked_until: string;
  created_at: string;
}

/** The record of an ID verification decision, kept after the documents are deleted. */
export interface VerificationDecisionsTable {
  id: Generated<number>;
  user_id: number;
  decided_by: number | null;
  decision: 'verified' | 'rejected';
  reason: string | null;
  /** What kind of documents were looked at, e.g. `2 × image/jpeg, 1 × application/pdf`. */
  document_kinds: string;
  decided_at: string;
  /** When the retention job deleted the documents' files; null while they are kept. */
  documents_deleted_at: string | null;
}

/**
 * One band of a picture's perceptual hash (band 0-3, its 16 bits as value 0-65535), written at upload: the
 * same-photo signal finds its candidates by these (`phashBandProbes`), through the index on (band, value).
 */
export interface FilePhashBandsTable {
  file_id: number;
  band: number;
  value: number;
}

/** What the server noticed when an ad (`provider`) or a place (`vendor`) was submitted. */
export interface RiskSignalsTable {
  id: Generated<number>;
  record_type: 'provider' | 'vendor';
  record_id: number;
  user_id: number | null;
  kind: string;
  weight: number;
  explanation: string;
  created_at: string;
}

/**
 * An owner's changes to an approved ad (`provider_id`) or place (`place_id`) waiting for review: `fields`
 * JSON of the changed public fields as sent, `signals` JSON of the risk signals on the record as it would be.
 */
export interface PendingRevisionsTable {
  id: Generated<number>;
  provider_id: number | null;
  place_id: number | null;
  user_id: number;
  fields: string;
  state: 'pending' | 'rejected';
  reason: string | null;
  signals: string;
  risk_score: number;
  created_at: string;
  updated_at: string;
}

/** A file a pending revision stages (an ad's new photo or video, a place's new picture or video): in use. */
export interface PendingRevisionFilesTable {
  revision_id: number;
  file_id: number;
}

/** A vendor's product. `price` in cents; archived once it has orders and is deleted. */
export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  price: number;
  picture_id: number | null;
  user_id: number;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: string;
}

/** The seed client's server-side cart record; `price` = quantity × unit price, cents. */
export interface CartsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  quantity: number;
  price: number;
  created_at: string;
  updated_at: string;
}

/** The order states' texts (`ORDER_STATUSES` in domain: `MESSAGES.orderStatus`). */
export type OrderStatusText = TOrderStatus;

/** A buyer's order; every amount the server's, in cents. */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<OrderStatusText>;
  paid: Generated<number>;
  payment_status: Generated<PaymentStatus>;
  transaction_id: string | null;
  /** `paymentKey(transaction_id)`: the id's confusable skeleton, shared by look-alike ids. */
  transaction_key: string | null;
  subtotal: Generated<number>;
  processing_fee: Generated<number>;
  tax: Generated<number>;
  shipping: Generated<number>;
  amount: Generated<number>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One product of an order (the API's order-lists), with what was ordered copied in. */
export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  product_id: number | null;
  seller_id: number | null;
  product_name: string;
  picture_id: number | null;
  price: number;
  quantity: number;
  total: number;
  status: Generated<OrderStatusText>;
  shipped_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An order's checkout form (the API's oder-details), one per order. */
export interface OrderDetailsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email_address: string;
  phone: string;
  country: string;
  address: string;
  town: string;
  postcode: string;
  transaction_id: string;
  created_at: string;
  updated_at: string;
}

/** A change of an order's (or one line's) state: who and when. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  order_line_id: number | null;
  status: OrderStatusText;
  actor_id: number | null;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  files: FilesTable;
  user_docs: UserDocsTable;
  countries: CountriesTable;
  states: StatesTable;
  cities: CitiesTable;
  languages: LanguagesTable;
  races: RacesTable;
  place_types: PlaceTypesTable;
  packages: PackagesTable;
  processing_costs: ProcessingCostsTable;
  seed_log: SeedLogTable;
  password_reset_tokens: PasswordResetTokensTable;
  revoked_tokens: RevokedTokensTable;
  job_leases: JobLeasesTable;
  contact_messages: ContactMessagesTable;
  reports: ReportsTable;
  providers: ProvidersTable;
  provider_images: ProviderFilesTable;
  provider_docs: ProviderFilesTable;
  reactions: ReactionsTable;
  comments: CommentsTable;
  messages: MessagesTable;
  tips: TipsTable;
  transactions: TransactionsTable;
  subscriptions: SubscriptionsTable;
  payment_references: PaymentReferencesTable;
  settings: SettingsTable;
  directory_changes: DirectoryChangesTable;
  addresses: AddressesTable;
  places: PlacesTable;
  place_reviews: PlaceReviewsTable;
  customer_hobbyists: CustomerHobbyistsTable;
  hobbyist_ratings: HobbyistRatingsTable;
  hobbyist_comments: HobbyistCommentsTable;
  screening_reads: ScreeningReadsTable;
  screening_suspensions: ScreeningSuspensionsTable;
  audit_log: AuditLogTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_failures: TwoFactorFailuresTable;
  two_factor_locks: TwoFactorLocksTable;
  verification_decisions: VerificationDecisionsTable;
  file_phash_bands: FilePhashBandsTable;
  risk_signals: RiskSignalsTable;
  pending_revisions: PendingRevisionsTable;
  pending_revision_files: PendingRevisionFilesTable;
  products: ProductsTable;
  wishlist_items: WishlistItemsTable;
  carts: CartsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_details: OrderDetailsTable;
  order_events: OrderEventsTable;
}
